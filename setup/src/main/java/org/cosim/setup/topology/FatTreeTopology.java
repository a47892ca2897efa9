package org.cosim.setup.topology;

import java.util.HashMap;
import java.util.Map;
import org.cosim.proto.FatTree;
import org.cosim.scenario.Defaults;
import org.cosim.scenario.ScenarioException;

/**
 * A 3-tier fat tree of parameter k (Al-Fares et al.; NDP's simulations): k pods,
 * each with k/2 ToR switches "tor[p][i]" and k/2 aggregation switches
 * "agg[p][j]"; (k/2)^2 core switches "core[c]"; H hosts "host[p][i][h]" under
 * each ToR, k^2/2 * H hosts in all. H = k/2, or n*k/2 with oversubscription n
 * (n:1 at the ToR uplinks, the NDP authors' oversubscribed fat tree). Host id =
 * p*(k/2)*H + i*H + h.
 *
 * <p>Port numbers (what source routes count, cosim.proto SendSegment.path): ToR
 * (p,i): hosts 0..H-1, then agg j at H+j; agg (p,j): ToR i at i, then core
 * j*(k/2)+c at k/2+c; core c: pod p at p. So between pods a source route's first
 * digit picks the aggregation switch and its second the core: (k/2)^2 paths;
 * within a pod, k/2 paths (one per aggregation switch); under one ToR, one.
 */
public final class FatTreeTopology {
    private static final String P = "topology.fat_tree.";
    /** Largest k built: 27,648 hosts; the routing tables of larger trees outgrow this machine class. */
    public static final int MAX_K = 48;
    /** Most hosts built: those of the k = 48 tree (48^3 / 4). */
    public static final int MAX_HOSTS = MAX_K * MAX_K * MAX_K / 4;

    private FatTreeTopology() {}

    public static TopologyGraph build(FatTree p) {
        int k = p.getK();
        if (k < 4 || k % 2 != 0 || k > MAX_K) {
            throw new ScenarioException(P + "k", Integer.toUnsignedString(k) + ": k must be even and in 4.."
                    + MAX_K + " (k = 8: 128 hosts, 12: 432, 32: 8192)");
        }
        long rate = TopologyBuilders.rate(p.getLinkRateGbps(), P + "link_rate_gbps");
        long delay = TopologyBuilders.delay(p.getLinkDelayUs(), P + "link_delay_us");
        int half = k / 2;
        int perTor = half * oversubscription(p, k);
        TopologyGraph g = new TopologyGraph();
        Map<String, Integer> nodes = new HashMap<>();
        int[][][] host = hosts(g, nodes, k, half, perTor);
        int[][] tor = switches(g, nodes, "tor", k, half);
        int[][] agg = switches(g, nodes, "agg", k, half);
        int[] core = new int[half * half];
        for (int c = 0; c < core.length; c++) {
            core[c] = named(nodes, "core[" + c + "]", TopologyGraph.switchRef(g.addSwitch("core[" + c + "]")));
        }
        // Connection order fixes the port numbers of the class comment.
        for (int pod = 0; pod < k; pod++) {
            for (int i = 0; i < half; i++) {
                for (int h = 0; h < perTor; h++) {
                    g.connect(host[pod][i][h], tor[pod][i], rate, delay);
                }
            }
        }
        connectAll(g, tor, agg, rate, delay);
        for (int pod = 0; pod < k; pod++) {
            for (int j = 0; j < half; j++) {
                for (int c = 0; c < half; c++) {
                    g.connect(agg[pod][j], core[j * half + c], rate, delay);
                }
            }
        }
        applyOverrides(p, g, nodes, delay);
        return g;
    }

    /** The hosts under each ToR as a multiple of its k/2 uplinks (0 and 1: full bisection). */
    private static int oversubscription(FatTree p, int k) {
        long n = Math.max(1, Integer.toUnsignedLong(Defaults.intOf(p, "oversubscription")));
        long hosts = (long) k * k / 2 * (k / 2) * n;
        if (hosts > MAX_HOSTS) {
            throw new ScenarioException(P + "oversubscription", n + ": k = " + k + " would have " + hosts
                    + " hosts; at most " + MAX_HOSTS + " (4 with k = 8: 512 hosts, 16 per ToR)");
        }
        return (int) n;
    }

    /** Hosts first, so that host ids are dense: id = p*(k/2)*H + i*H + h. */
    private static int[][][] hosts(TopologyGraph g, Map<String, Integer> nodes, int k, int half, int perTor) {
        int[][][] host = new int[k][half][perTor];
        for (int pod = 0; pod < k; pod++) {
            for (int i = 0; i < half; i++) {
                for (int h = 0; h < perTor; h++) {
                    String name = "host[" + pod + "][" + i + "][" + h + "]";
                    host[pod][i][h] = named(nodes, name, g.addHost(name));
                }
            }
        }
        return host;
    }

    /** Every ToR of a pod to every aggregation switch of the pod. */
    private static void connectAll(TopologyGraph g, int[][] tor, int[][] agg, long rate, long delay) {
        for (int pod = 0; pod < tor.length; pod++) {
            for (int i = 0; i < tor[pod].length; i++) {
                for (int j = 0; j < agg[pod].length; j++) {
                    g.connect(tor[pod][i], agg[pod][j], rate, delay);
                }
            }
        }
    }

    private static int[][] switches(TopologyGraph g, Map<String, Integer> nodes, String kind, int k, int half) {
        int[][] out = new int[k][half];
        for (int pod = 0; pod < k; pod++) {
            for (int i = 0; i < half; i++) {
                String name = kind + "[" + pod + "][" + i + "]";
                out[pod][i] = named(nodes, name, TopologyGraph.switchRef(g.addSwitch(name)));
            }
        }
        return out;
    }

    private static int named(Map<String, Integer> nodes, String name, int ref) {
        nodes.put(name, ref);
        return ref;
    }

    private static void applyOverrides(FatTree p, TopologyGraph g, Map<String, Integer> nodes, long defaultDelay) {
        Map<Integer, Integer> overridden = new HashMap<>();  // link -> the override that set it
        for (int i = 0; i < p.getLinkOverridesCount(); i++) {
            FatTree.LinkOverride o = p.getLinkOverrides(i);
            String at = P + "link_overrides[" + i + "].";
            Integer a = nodes.get(o.getA());
            Integer b = nodes.get(o.getB());
            if (a == null || b == null) {
                throw new ScenarioException(at + (a == null ? "a" : "b"), "no node named '"
                        + (a == null ? o.getA() : o.getB()) + "' (names: host[p][i][h], tor[p][i], agg[p][j], core[c])");
            }
            long rate = TopologyBuilders.rate(o.getRateGbps(), at + "rate_gbps");
            long delay = o.hasDelayUs() ? TopologyBuilders.delay(o.getDelayUs(), at + "delay_us") : defaultDelay;
            int link = linkBetween(g, a, b, o, at);
            Integer earlier = overridden.putIfAbsent(link, i);
            if (earlier != null) {
                throw new ScenarioException(at + "b", o.getA() + " - " + o.getB() + ": this link is already set by "
                        + P + "link_overrides[" + earlier + "]");
            }
            g.setLinkRate(link, rate, delay);
        }
    }

    private static int linkBetween(TopologyGraph g, int a, int b, FatTree.LinkOverride o, String at) {
        int l = g.linkBetween(a, b);
        if (l < 0) {
            throw new ScenarioException(at + "b", "no link joins " + o.getA() + " and " + o.getB());
        }
        return l;
    }
}
