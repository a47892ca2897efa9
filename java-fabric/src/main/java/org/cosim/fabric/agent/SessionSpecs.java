package org.cosim.fabric.agent;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import org.cosim.agents.api.AgentContext;
import org.cosim.agents.api.HostInfo;
import org.cosim.agents.host.FlowInfo;
import org.cosim.agents.host.ProtocolCatalog;
import org.cosim.agents.host.SessionSpec;
import org.cosim.fabric.topology.Routing;
import org.cosim.fabric.topology.TopologyGraph;
import org.cosim.fabric.workload.FlowTable;
import org.cosim.proto.Protocol;

/** What the agent side must know about a run, derived from the scenario, topology and workload. */
public final class SessionSpecs {
    private SessionSpecs() {}

    public static SessionSpec of(TopologyGraph g, Routing routing, FlowTable flows, Protocol protocol,
                                 long reactionDelayPs, long baseRttPs, long seed, int mtuBytes) {
        List<HostInfo> hosts = new ArrayList<>();
        for (int h = 0; h < g.hostCount(); h++) {
            hosts.add(new HostInfo(h, g.hostLink(h).rateBps()));
        }
        List<FlowInfo> fl = new ArrayList<>();
        for (int f = 0; f < flows.size(); f++) {
            fl.add(new FlowInfo(f, flows.src(f), flows.dst(f), flows.sizeBytes(f),
                    routing.pathCount(flows.src(f), flows.dst(f))));
        }
        String name = ProtocolCatalog.nameOf(protocol);
        return new SessionSpec(hosts, Collections.nCopies(hosts.size(), name), fl,
                new AgentContext(reactionDelayPs, baseRttPs, seed, protocol, mtuBytes));
    }
}
