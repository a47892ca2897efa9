package org.cosim.fabric.workload;

import java.util.List;
import org.cosim.fabric.topology.TopologyGraph;
import org.cosim.proto.Flow;
import org.cosim.proto.Incast;
import org.cosim.proto.Workload;
import org.cosim.scenario.ScenarioException;
import org.cosim.scenario.Units;

/** Turns the scenario's workload into a {@link FlowTable} for a given topology. */
public final class Workloads {
    private Workloads() {}

    public static FlowTable build(Workload w, TopologyGraph g) {
        return switch (w.getKindCase()) {
            case INCAST -> incast(w.getIncast(), g);
            case FLOW_LIST -> flowList(w.getFlowList().getFlowsList(), g);
            case PERMUTATION, RANDOM -> throw new ScenarioException("workload",
                    w.getKindCase().name().toLowerCase() + " is not generated in this version");
            case KIND_NOT_SET -> throw new ScenarioException("workload",
                    "no workload chosen (set one of: incast, flow_list)");
        };
    }

    /**
     * Every incast client opens {@code connections_per_client} flows to the server;
     * flow ids go client by client. Flow i starts at start + i * spacing.
     */
    static FlowTable incast(Incast p, TopologyGraph g) {
        String at = "workload.incast.";
        if (p.getConnectionsPerClient() < 1) {
            throw new ScenarioException(at + "connections_per_client",
                    p.getConnectionsPerClient() + ": need at least one connection per client");
        }
        long start = nonNegativeTime(p.getStartUs(), at + "start_us");
        long spacing = nonNegativeTime(p.getStartSpacingUs(), at + "start_spacing_us");
        List<Integer> clients = g.incastClients();
        if (clients.isEmpty()) {
            throw new ScenarioException("workload.incast", "this topology defines no incast clients");
        }
        FlowTable t = new FlowTable();
        for (int c : clients) {
            for (int k = 0; k < p.getConnectionsPerClient(); k++) {
                t.add(c, g.incastServer(), p.getFlowBytes(), start + t.size() * spacing);
            }
        }
        return t;
    }

    static FlowTable flowList(List<Flow> flows, TopologyGraph g) {
        if (flows.isEmpty()) {
            throw new ScenarioException("workload.flow_list.flows", "the flow list is empty");
        }
        FlowTable t = new FlowTable();
        for (int i = 0; i < flows.size(); i++) {
            Flow f = flows.get(i);
            String at = "workload.flow_list.flows[" + i + "].";
            checkHost(f.getSrc(), g, at + "src");
            checkHost(f.getDst(), g, at + "dst");
            if (f.getSrc() == f.getDst()) {
                throw new ScenarioException(at + "dst", "a flow cannot go from host " + f.getSrc() + " to itself");
            }
            t.add(f.getSrc(), f.getDst(), f.getSizeBytes(), nonNegativeTime(f.getStartUs(), at + "start_us"));
        }
        return t;
    }

    private static void checkHost(int h, TopologyGraph g, String field) {
        if (h < 0 || h >= g.hostCount()) {
            throw new ScenarioException(field, "host " + Integer.toUnsignedString(h) + " does not exist (hosts are 0.."
                    + (g.hostCount() - 1) + ")");
        }
    }

    private static long nonNegativeTime(double us, String field) {
        if (!(us >= 0) || Double.isInfinite(us)) {
            throw new ScenarioException(field, us + ": must be >= 0");
        }
        return Units.usToPs(us);
    }
}
