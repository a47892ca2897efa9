package org.cosim.setup;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import org.cosim.agents.api.AgentContext;
import org.cosim.agents.api.HostInfo;
import org.cosim.agents.host.FlowInfo;
import org.cosim.agents.host.ProtocolCatalog;
import org.cosim.agents.host.SessionSpec;
import org.cosim.setup.topology.Routing;
import org.cosim.setup.topology.TopologyGraph;
import org.cosim.setup.workload.FlowTable;

/** What the agent side must know about a run, derived from the scenario, topology and workload. */
public final class SessionSpecs {
    private SessionSpecs() {}

    /**
     * The network the flows cross: the topology, its routes, the workload's flows, and what a flow's unloaded RTT
     * takes besides its links (the switches' latency and the size of an ACK; the MTU is the context's).
     */
    public record Network(TopologyGraph graph, Routing routing, FlowTable flows, long switchLatencyPs, int ackBytes) { }

    /**
     * The session's clock: the batch window H, how often the agents sample their flows' state (0: not at all)
     * and the run's duration.
     */
    public record Timing(long windowPs, long stateIntervalPs, long durationPs) { }

    /**
     * Every host of {@code network} running the context's protocol, and each flow with its path declared in full:
     * path count, hop count and unloaded RTT; {@code perFlow} runs before each flow's path is worked out (a stop
     * request during set-up throws from it).
     */
    public static SessionSpec of(Network network, AgentContext context, Timing timing, Runnable perFlow) {
        TopologyGraph g = network.graph();
        Routing routing = network.routing();
        FlowTable flows = network.flows();
        List<HostInfo> hosts = new ArrayList<>();
        for (int h = 0; h < g.hostCount(); h++) {
            hosts.add(new HostInfo(h, g.hostLink(h).rateBps()));
        }
        List<FlowInfo> fl = new ArrayList<>();
        for (int f = 0; f < flows.size(); f++) {
            perFlow.run();
            int src = flows.src(f);
            int dst = flows.dst(f);
            fl.add(new FlowInfo(f, src, dst, flows.sizeBytes(f), routing.pathCount(src, dst),
                    routing.path(src, dst).length - 1,
                    routing.unloadedRttPs(src, dst, network.switchLatencyPs(), context.mtuBytes(), network.ackBytes()),
                    Math.max(0, flows.stopPs(f))));
        }
        String name = ProtocolCatalog.nameOf(context.protocol());
        return new SessionSpec(hosts, Collections.nCopies(hosts.size(), name), fl, context, timing.windowPs(),
                timing.stateIntervalPs(), timing.durationPs());
    }
}
