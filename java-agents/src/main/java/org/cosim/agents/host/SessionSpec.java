package org.cosim.agents.host;

import java.util.List;
import org.cosim.agents.api.AgentContext;
import org.cosim.agents.api.HostInfo;

/**
 * Everything the agent side learns at the start of a session: the hosts (dense ids
 * 0..H-1, in order), which protocol each runs, the flows (dense ids 0..F-1), and
 * the shared context, and the batch window H (L divided by the scenario's pipeline
 * depth: the fabric's batches start on multiples of H and span H), and how often
 * to sample the flows' congestion state (0: not at all; output.agent_state), and
 * the run's duration (0: not known), so that what the sampling will hold is
 * checked before the run rather than when it reaches the bound, and the hosts whose events
 * the session gets ({@code localHosts}, ascending; empty: every host): in a run split over
 * several processes, the hosts of the fabric's own partition.
 * Built from the scenario in-process, or from the Hello message over gRPC.
 */
public record SessionSpec(List<HostInfo> hosts, List<String> protocols, List<FlowInfo> flows,
                          AgentContext context, long windowPs, long stateIntervalPs, long durationPs,
                          List<Integer> localHosts) {
    /** Every host's events. */
    public SessionSpec(List<HostInfo> hosts, List<String> protocols, List<FlowInfo> flows, AgentContext context,
                       long windowPs, long stateIntervalPs, long durationPs) {
        this(hosts, protocols, flows, context, windowPs, stateIntervalPs, durationPs, List.of());
    }

    /** Batches of one reaction delay L (pipeline depth 1). */
    public SessionSpec(List<HostInfo> hosts, List<String> protocols, List<FlowInfo> flows, AgentContext context) {
        this(hosts, protocols, flows, context, context.reactionDelayPs());
    }

    /** No state sampling. */
    public SessionSpec(List<HostInfo> hosts, List<String> protocols, List<FlowInfo> flows, AgentContext context,
                       long windowPs) {
        this(hosts, protocols, flows, context, windowPs, 0);
    }

    /** A run of unknown duration: the state samples are bounded as they are taken. */
    public SessionSpec(List<HostInfo> hosts, List<String> protocols, List<FlowInfo> flows, AgentContext context,
                       long windowPs, long stateIntervalPs) {
        this(hosts, protocols, flows, context, windowPs, stateIntervalPs, 0);
    }

    public SessionSpec {
        if (durationPs < 0) {
            throw new ContractViolation("run duration " + durationPs + " ps must be >= 0");
        }
        if (stateIntervalPs < 0) {
            throw new ContractViolation("state sampling interval " + stateIntervalPs + " ps must be >= 0");
        }
        long l = context.reactionDelayPs();
        if (windowPs <= 0 || windowPs > l || l % windowPs != 0) {
            throw new ContractViolation("batch window " + windowPs + " ps must divide the reaction delay L = " + l
                    + " ps (L / pipeline depth)");
        }
        hosts = List.copyOf(hosts);
        protocols = List.copyOf(protocols);
        flows = List.copyOf(flows);
        localHosts = List.copyOf(localHosts);
        for (int i = 0; i < localHosts.size(); i++) {
            int h = localHosts.get(i);
            if (h < 0 || h >= hosts.size() || (i > 0 && h <= localHosts.get(i - 1))) {
                throw new ContractViolation("local host " + Integer.toUnsignedString(h) + " at position " + i
                        + ": the local hosts are distinct hosts 0.." + (hosts.size() - 1) + ", ascending");
            }
        }
        if (hosts.isEmpty()) {
            throw new ContractViolation("a session needs at least one host");
        }
        if (hosts.size() != protocols.size()) {
            throw new ContractViolation("host list has " + hosts.size() + " hosts but "
                    + protocols.size() + " protocol names");
        }
        for (int i = 0; i < hosts.size(); i++) {
            if (hosts.get(i).id() != i) {
                throw new ContractViolation("host ids must be dense and in order: position " + i
                        + " holds host " + hosts.get(i).id());
            }
        }
        for (int i = 0; i < flows.size(); i++) {
            FlowInfo f = flows.get(i);
            if (f.flow() != i) {
                throw new ContractViolation("flow ids must be dense and in order: position " + i
                        + " holds flow " + f.flow());
            }
            if (f.src() < 0 || f.src() >= hosts.size() || f.dst() < 0 || f.dst() >= hosts.size()) {
                throw new ContractViolation("flow " + i + " joins unknown hosts " + f.src() + " -> " + f.dst());
            }
            if (f.src() == f.dst()) {
                throw new ContractViolation("flow " + i + " goes from host " + f.src() + " to itself");
            }
        }
    }

    /** Whether the session gets host {@code h}'s events. */
    public boolean serves(int h) {
        return localHosts.isEmpty() || java.util.Collections.binarySearch(localHosts, h) >= 0;
    }
}
