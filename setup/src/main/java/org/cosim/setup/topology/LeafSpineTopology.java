package org.cosim.setup.topology;

import org.cosim.proto.LeafSpine;
import org.cosim.scenario.ScenarioException;

/**
 * Two tiers: leaves "leaf[i]" with hosts "host[i][h]" under them, every leaf
 * linked to every spine "spine[j]". Host id = i*hosts_per_leaf + h. Leaf i's
 * ports: hosts 0..hosts_per_leaf-1, then spine j at hosts_per_leaf+j; spine j's
 * port i leads to leaf i. Between leaves a source route's digit picks the spine.
 */
public final class LeafSpineTopology {
    private static final String P = "topology.leaf_spine.";

    private LeafSpineTopology() {}

    public static TopologyGraph build(LeafSpine p) {
        int leaves = positive(p.getLeaves(), "leaves");
        int spines = positive(p.getSpines(), "spines");
        int perLeaf = positive(p.getHostsPerLeaf(), "hosts_per_leaf");
        if ((long) leaves * perLeaf > TopologyBuilders.MAX_NODES) {
            throw new ScenarioException(P + "hosts_per_leaf", leaves + " leaves x " + perLeaf
                    + " hosts: more than " + TopologyBuilders.MAX_NODES + " hosts");
        }
        TopologyBuilders.checkLinks(P + "spines", (long) leaves * perLeaf + (long) leaves * spines,
                leaves * perLeaf + " hosts and " + leaves + " leaves x " + spines + " spines");
        long hostRate = TopologyBuilders.rate(p.getHostRateGbps(), P + "host_rate_gbps");
        long spineRate = TopologyBuilders.rate(p.getSpineRateGbps(), P + "spine_rate_gbps");
        long delay = TopologyBuilders.delay(p.getLinkDelayUs(), P + "link_delay_us");
        TopologyGraph g = new TopologyGraph();
        for (int i = 0; i < leaves; i++) {
            for (int h = 0; h < perLeaf; h++) {
                g.addHost("host[" + i + "][" + h + "]");
            }
        }
        int[] leaf = new int[leaves];
        for (int i = 0; i < leaves; i++) {
            leaf[i] = TopologyGraph.switchRef(g.addSwitch("leaf[" + i + "]"));
        }
        int[] spine = new int[spines];
        for (int j = 0; j < spines; j++) {
            spine[j] = TopologyGraph.switchRef(g.addSwitch("spine[" + j + "]"));
        }
        for (int i = 0; i < leaves; i++) {
            for (int h = 0; h < perLeaf; h++) {
                g.connect(i * perLeaf + h, leaf[i], hostRate, delay);
            }
        }
        for (int i = 0; i < leaves; i++) {
            for (int j = 0; j < spines; j++) {
                g.connect(leaf[i], spine[j], spineRate, delay);
            }
        }
        return g;
    }

    private static int positive(int v, String field) {
        if (v < 1 || v > 4096) {
            throw new ScenarioException(P + field, Integer.toUnsignedString(v) + ": must be in 1..4096");
        }
        return v;
    }
}
