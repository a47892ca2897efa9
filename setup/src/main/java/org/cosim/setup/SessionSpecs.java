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
import org.cosim.proto.Protocol;

/** What the agent side must know about a run, derived from the scenario, topology and workload. */
public final class SessionSpecs {
    private SessionSpecs() {}

    public static SessionSpec of(TopologyGraph g, Routing routing, FlowTable flows, Protocol protocol,
                                 long reactionDelayPs, long baseRttPs, long seed) {
        return of(g, routing, flows, protocol, reactionDelayPs, reactionDelayPs, baseRttPs, seed, 0, 1500, 64, 0, 0,
                () -> { });
    }

    /**
     * With each flow's path declared in full: hop count and unloaded RTT for the
     * fabric's switch latency, MTU and ACK size; the agents sample their flows'
     * state every {@code stateIntervalPs} (0: not at all) of a run of {@code durationPs}; {@code perFlow} runs
     * before each flow's path is worked out (a stop request during set-up throws from it).
     */
    public static SessionSpec of(TopologyGraph g, Routing routing, FlowTable flows, Protocol protocol,
                                 long reactionDelayPs, long windowPs, long baseRttPs, long seed,
                                 long switchLatencyPs, int mtuBytes, int ackBytes, long stateIntervalPs,
                                 long durationPs, Runnable perFlow) {
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
                    routing.unloadedRttPs(src, dst, switchLatencyPs, mtuBytes, ackBytes),
                    Math.max(0, flows.stopPs(f))));
        }
        String name = ProtocolCatalog.nameOf(protocol);
        return new SessionSpec(hosts, Collections.nCopies(hosts.size(), name), fl,
                new AgentContext(reactionDelayPs, baseRttPs, seed, protocol, mtuBytes), windowPs, stateIntervalPs,
                durationPs);
    }
}
