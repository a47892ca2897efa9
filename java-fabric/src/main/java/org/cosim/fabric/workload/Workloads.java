package org.cosim.fabric.workload;

import java.util.Arrays;
import java.util.List;
import org.cosim.fabric.topology.TopologyGraph;
import org.cosim.proto.Flow;
import org.cosim.proto.Incast;
import org.cosim.proto.Permutation;
import org.cosim.proto.RandomDestinations;
import org.cosim.proto.Workload;
import org.cosim.scenario.KeyedHash;
import org.cosim.scenario.ScenarioException;
import org.cosim.scenario.Units;

/** Turns the scenario's workload into a {@link FlowTable} for a given topology. */
public final class Workloads {
    private Workloads() {}

    /** Tags folded into the keyed hashes of the random workloads (ASCII "inca", "rand"). */
    static final long INCAST_TAG = 0x696e6361L;
    static final long RANDOM_TAG = 0x72616e64L;

    /**
     * Builds the flows. The seed keys the random workloads (permutation, random
     * destinations, incast senders); an incast on a topology without incast roles
     * also marks the receiver's access link as the monitored queue.
     */
    public static FlowTable build(Workload w, TopologyGraph g, long seed) {
        return switch (w.getKindCase()) {
            case INCAST -> incast(w.getIncast(), g, seed);
            case FLOW_LIST -> flowList(w.getFlowList().getFlowsList(), g);
            case PERMUTATION -> permutation(w.getPermutation(), g, seed);
            case RANDOM -> random(w.getRandom(), g, seed);
            case KIND_NOT_SET -> throw new ScenarioException("workload",
                    "no workload chosen (set one of: incast, flow_list, permutation, random)");
        };
    }

    /** With seed 0 (tests of workloads without randomness). */
    public static FlowTable build(Workload w, TopologyGraph g) {
        return build(w, g, 0);
    }

    /**
     * Every incast sender opens {@code connections_per_client} flows to the
     * receiver; flow ids go sender by sender (ascending host ids). Flow i starts at
     * start + i * spacing. Senders and receiver: the topology's incast roles, or
     * {@code receiver} (default host 0) and {@code senders} hosts drawn from the
     * others by a keyed shuffle (default all of them).
     */
    static FlowTable incast(Incast p, TopologyGraph g, long seed) {
        String at = "workload.incast.";
        if (p.getConnectionsPerClient() < 1) {
            throw new ScenarioException(at + "connections_per_client",
                    p.getConnectionsPerClient() + ": need at least one connection per client");
        }
        long start = nonNegativeTime(p.getStartUs(), at + "start_us");
        long spacing = nonNegativeTime(p.getStartSpacingUs(), at + "start_spacing_us");
        boolean roles = g.incastServer() >= 0 && !g.incastClients().isEmpty();
        int receiver = p.hasReceiver() ? p.getReceiver() : roles ? g.incastServer() : 0;
        checkHost(receiver, g, at + "receiver");
        int[] senders = senders(p, g, seed, receiver, roles && receiver == g.incastServer());
        FlowTable t = new FlowTable();
        for (int c : senders) {
            for (int k = 0; k < p.getConnectionsPerClient(); k++) {
                t.add(c, receiver, p.getFlowBytes(), start + t.size() * spacing);
            }
        }
        if (!roles || p.hasReceiver() || p.hasSenders()) {
            monitorAccessLink(g, receiver);
        }
        return t;
    }

    private static int[] senders(Incast p, TopologyGraph g, long seed, int receiver, boolean useRoles) {
        int[] others = new int[g.hostCount() - 1];
        for (int h = 0, i = 0; h < g.hostCount(); h++) {
            if (h != receiver) {
                others[i++] = h;
            }
        }
        if (!p.hasSenders()) {
            return useRoles ? g.incastClients().stream().mapToInt(Integer::intValue).toArray() : others;
        }
        if (p.getSenders() < 1 || p.getSenders() > others.length) {
            throw new ScenarioException("workload.incast.senders", Integer.toUnsignedString(p.getSenders())
                    + ": must be in 1.." + others.length + " (the hosts other than the receiver)");
        }
        int[] chosen = Permutations.sample(seed, INCAST_TAG, others, p.getSenders());
        Arrays.sort(chosen);
        return chosen;
    }

    /** The switch port feeding the host: an incast's bottleneck queue. */
    private static void monitorAccessLink(TopologyGraph g, int host) {
        TopologyGraph.Link l = g.hostLink(host);
        TopologyGraph.PortRef ref = l.a() == host
                ? new TopologyGraph.PortRef(TopologyGraph.switchId(l.b()), l.portB())
                : new TopologyGraph.PortRef(TopologyGraph.switchId(l.a()), l.portA());
        if (!g.monitored().contains(ref)) {
            g.monitor(ref.switchId(), ref.port());
        }
    }

    /** Host i sends to the i-th element of a keyed derangement ({@link Permutations}); flow i is host i's. */
    static FlowTable permutation(Permutation p, TopologyGraph g, long seed) {
        String at = "workload.permutation.";
        if (g.hostCount() < 2) {
            throw new ScenarioException("workload.permutation", "needs at least 2 hosts");
        }
        long start = nonNegativeTime(p.getStartUs(), at + "start_us");
        int[] dst = Permutations.derangement(seed, g.hostCount());
        FlowTable t = new FlowTable();
        for (int h = 0; h < dst.length; h++) {
            t.add(h, dst[h], p.getFlowBytes(), start);
        }
        return t;
    }

    /**
     * Host h's flow f goes to d = hash(seed, RANDOM_TAG, h, f) mod (n-1), skipping h
     * itself (d >= h: d+1). Flow ids go host by host.
     */
    static FlowTable random(RandomDestinations p, TopologyGraph g, long seed) {
        String at = "workload.random.";
        if (g.hostCount() < 2) {
            throw new ScenarioException("workload.random", "needs at least 2 hosts");
        }
        if (p.getFlowsPerHost() < 1 || p.getFlowsPerHost() > 1024) {
            throw new ScenarioException(at + "flows_per_host", Integer.toUnsignedString(p.getFlowsPerHost())
                    + ": must be in 1..1024");
        }
        long start = nonNegativeTime(p.getStartUs(), at + "start_us");
        int n = g.hostCount();
        FlowTable t = new FlowTable();
        for (int h = 0; h < n; h++) {
            for (int f = 0; f < p.getFlowsPerHost(); f++) {
                int d = KeyedHash.below(KeyedHash.hash(seed, RANDOM_TAG, h, f), n - 1);
                t.add(h, d >= h ? d + 1 : d, p.getFlowBytes(), start);
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
