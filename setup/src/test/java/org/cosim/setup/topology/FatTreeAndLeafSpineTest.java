package org.cosim.setup.topology;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Arrays;
import java.util.HashSet;
import java.util.Set;
import org.cosim.proto.FatTree;
import org.cosim.proto.LeafSpine;
import org.cosim.proto.Topology;
import org.cosim.scenario.ScenarioException;
import org.junit.jupiter.api.Test;

/** The fat tree and leaf-spine builders, and routing over them: names, ports, all shortest paths. */
class FatTreeAndLeafSpineTest {
    private static FatTree.Builder fatTree(int k) {
        return FatTree.newBuilder().setK(k).setLinkRateGbps(10).setLinkDelayUs(1);
    }

    private static TopologyGraph build(FatTree.Builder f) {
        return TopologyBuilders.build(Topology.newBuilder().setFatTree(f).build());
    }

    private static int switchNamed(TopologyGraph g, String name) {
        for (int s = 0; s < g.switchCount(); s++) {
            if (g.switchName(s).equals(name)) {
                return s;
            }
        }
        throw new AssertionError("no switch " + name);
    }

    @Test
    void aFatTreeOfKHasKCubedOverFourHostsAndFiveKSquaredOverFourSwitches() {
        for (int k : new int[] {4, 8, 12}) {
            TopologyGraph g = build(fatTree(k));
            assertEquals(k * k * k / 4, g.hostCount(), "k = " + k);
            assertEquals(5 * k * k / 4, g.switchCount());
            assertEquals(3 * k * k * k / 4, g.linkCount());
        }
        TopologyGraph g = build(fatTree(12));
        assertEquals(432, g.hostCount());
        assertEquals("host[0][0][0]", g.hostName(0));
        assertEquals("host[1][2][3]", g.hostName(36 + 2 * 6 + 3));
        for (int s = 0; s < g.switchCount(); s++) {
            assertEquals(12, g.switchPorts(s), g.switchName(s) + ": every switch has k ports");
        }
        switchNamed(g, "tor[11][5]");
        switchNamed(g, "agg[0][0]");
        switchNamed(g, "core[35]");
    }

    /** NDP's Fig 23 fabric: k = 8 with 4 x 4 = 16 hosts under each ToR and its 4 uplinks, 4:1. */
    @Test
    void anOversubscribedFatTreeHasNTimesKOverTwoHostsUnderEachToR() {
        TopologyGraph g = build(fatTree(8).setOversubscription(4));
        assertEquals(8 * 4 * 16, g.hostCount(), "8 pods x 4 ToRs x 16 hosts = 512");
        assertEquals(5 * 8 * 8 / 4, g.switchCount(), "the switches of k = 8: 32 ToRs, 32 aggs, 16 cores");
        assertEquals(512 + 32 * 4 + 32 * 4, g.linkCount(), "host links, ToR-agg, agg-core");
        // Host id = p*(k/2)*H + i*H + h with H = 16: host[1][2][3] = 64 + 32 + 3.
        assertEquals("host[1][2][3]", g.hostName(64 + 2 * 16 + 3));
        int tor = switchNamed(g, "tor[1][2]");
        assertEquals(16 + 4, g.switchPorts(tor), "16 hosts, then the 4 aggregation switches");
        assertEquals(8, g.switchPorts(switchNamed(g, "agg[1][0]")), "4 ToRs and 4 cores: k ports");
        Routing r = new Routing(g);
        assertEquals(1, r.pathCount(0, 15), "hosts 0 and 15 share tor[0][0]");
        assertEquals(4, r.pathCount(0, 16), "host 16 is under tor[0][1]: one path per aggregation switch");
        assertEquals(16, r.pathCount(0, 511));
        // The uplinks' capacity is a quarter of the hosts': 4 x 10 Gb/s against 16 x 10 Gb/s.
        long hostSide = 0;
        long upSide = 0;
        for (TopologyGraph.Link l : g.links()) {
            if (l.a() == TopologyGraph.switchRef(tor) || l.b() == TopologyGraph.switchRef(tor)) {
                boolean toHost = !TopologyGraph.isSwitch(l.a()) || !TopologyGraph.isSwitch(l.b());
                if (toHost) {
                    hostSide += l.rateBps();
                } else {
                    upSide += l.rateBps();
                }
            }
        }
        assertEquals(4 * upSide, hostSide);
        assertEquals(128, build(fatTree(8).setOversubscription(1)).hostCount(), "1:1 is the plain tree");
    }

    @Test
    void pathCountsAreOneUnderAToRHalfKInAPodAndHalfKSquaredAcross() {
        TopologyGraph g = build(fatTree(8));
        Routing r = new Routing(g);
        assertEquals(1, r.pathCount(0, 1));       // same ToR
        assertEquals(4, r.pathCount(0, 4));       // same pod, other ToR
        assertEquals(16, r.pathCount(0, 16));     // other pod
        assertEquals(16, r.pathCount(16, 0));
        assertEquals(2, r.path(0, 1).length);
        assertEquals(4, r.path(0, 4).length);
        assertEquals(6, r.path(0, 127).length);
    }

    @Test
    void theSourceRoutesBetweenPodsAreAllTheDistinctShortestPaths() {
        TopologyGraph g = build(fatTree(8));
        Routing r = new Routing(g);
        Set<String> paths = new HashSet<>();
        Set<Integer> cores = new HashSet<>();
        int[][] all = r.paths(5, 100);
        assertEquals(16, all.length);
        for (int[] p : all) {
            assertEquals(6, p.length);
            paths.add(Arrays.toString(p));
            TopologyGraph.Link up = g.link(p[2]);  // agg -> core
            cores.add(TopologyGraph.switchId(up.b()));
        }
        assertEquals(16, paths.size(), "16 routes, 16 different paths");
        assertEquals(16, cores.size(), "one per core switch");
        // Route k's first digit picks the aggregation switch: routes 1 and 2 leave the ToR on ports 4 and 5.
        assertEquals(g.link(r.path(5, 100, 1)[1]).portA(), 4);
        assertEquals(g.link(r.path(5, 100, 2)[1]).portA(), 5);
    }

    @Test
    void theReverseOfARouteIsTheSameRouteNumberBack() {
        TopologyGraph g = build(fatTree(8));
        Routing r = new Routing(g);
        for (int k = 1; k <= 16; k++) {
            int[] there = r.path(5, 100, k);
            int[] back = r.path(100, 5, k);
            for (int i = 0; i < there.length; i++) {
                assertEquals(there[i], back[back.length - 1 - i], "route " + k + " hop " + i);
            }
        }
    }

    @Test
    void hostsUnderOneToRShareTheirRouteArrays() {
        TopologyGraph g = build(fatTree(8));
        Routing r = new Routing(g);
        int core = switchNamed(g, "core[5]");
        int agg = switchNamed(g, "agg[3][1]");
        int tor = switchNamed(g, "tor[0][0]");
        assertSame(r.routes(core, 0), r.routes(core, 1), "a core switch routes hosts 0 and 1 alike");
        assertSame(r.routes(agg, 0), r.routes(agg, 3));
        assertSame(r.routes(agg, 0), r.routes(switchNamed(g, "agg[3][2]"), 0), "identical arrays are shared");
        assertEquals(4, r.routes(agg, 0).length, "up to any core");
        assertNotEquals(r.routes(tor, 0)[0], r.routes(tor, 1)[0], "their own ToR tells them apart");
    }

    @Test
    void theLargestRttMatchesTheBruteForceOverAllPairs() {
        TopologyGraph g = build(fatTree(4));
        Routing r = new Routing(g);
        long brute = 0;
        for (int s = 0; s < g.hostCount(); s++) {
            for (int d = 0; d < g.hostCount(); d++) {
                if (s != d) {
                    int[] p = r.path(s, d);
                    long oneWay = 0;
                    for (int l : p) {
                        oneWay += g.link(l).delayPs();
                    }
                    brute = Math.max(brute, 2 * oneWay + 2 * 300_000L * (p.length - 1));
                }
            }
        }
        assertEquals(brute, r.maxPropagationRttPs(300_000));
        assertEquals(12_000_000 + 10 * 300_000, r.maxPropagationRttPs(300_000), "6 links of 1 us, 5 switches");
    }

    @Test
    void aLinkCanBeSlowedByNamingItsEnds() {
        TopologyGraph g = build(fatTree(8).addLinkOverrides(FatTree.LinkOverride.newBuilder().setA("agg[1][0]")
                .setB("core[0]").setRateGbps(1)));
        int slow = 0;
        for (int l = 0; l < g.linkCount(); l++) {
            if (g.link(l).rateBps() == 1_000_000_000L) {
                slow++;
                assertEquals(1_000_000, g.link(l).delayPs());
            }
        }
        assertEquals(1, slow);
    }

    @Test
    void badFatTreesAreRefusedByField() {
        assertRejects("topology.fat_tree.k", build(() -> fatTree(7)));
        assertRejects("topology.fat_tree.k", build(() -> fatTree(2)));
        assertRejects("topology.fat_tree.k", build(() -> fatTree(50)));
        assertRejects("topology.fat_tree.link_rate_gbps", build(() -> fatTree(4).setLinkRateGbps(0)));
        // 48^3 / 4 = 27,648 hosts at most: k = 48 at 2:1 would have 55,296.
        assertRejects("topology.fat_tree.oversubscription", build(() -> fatTree(48).setOversubscription(2)));
        assertRejects("topology.fat_tree.oversubscription", build(() -> fatTree(4).setOversubscription(-1)));
        assertRejects("topology.fat_tree.link_overrides[0].b", build(() -> fatTree(4).addLinkOverrides(
                FatTree.LinkOverride.newBuilder().setA("core[0]").setB("nowhere").setRateGbps(1))));
        assertRejects("topology.fat_tree.link_overrides[0].b", build(() -> fatTree(4).addLinkOverrides(
                FatTree.LinkOverride.newBuilder().setA("core[0]").setB("tor[0][0]").setRateGbps(1))));
    }

    @Test
    void aLeafSpineHasSpinesPathsBetweenLeaves() {
        TopologyGraph g = TopologyBuilders.build(Topology.newBuilder().setLeafSpine(LeafSpine.newBuilder()
                .setLeaves(4).setSpines(3).setHostsPerLeaf(2).setHostRateGbps(10).setSpineRateGbps(40)
                .setLinkDelayUs(1)).build());
        assertEquals(8, g.hostCount());
        assertEquals(7, g.switchCount());
        assertEquals("host[3][1]", g.hostName(7));
        assertEquals("leaf[0]", g.switchName(0));
        assertEquals("spine[2]", g.switchName(6));
        Routing r = new Routing(g);
        assertEquals(1, r.pathCount(0, 1));
        assertEquals(3, r.pathCount(0, 7));
        assertArrayEquals(new int[] {2, 3, 4}, r.routes(0, 7), "leaf 0: hosts on ports 0-1, spines on 2-4");
        assertEquals(40_000_000_000L, g.link(r.path(0, 7)[1]).rateBps());
    }

    @Test
    void badLeafSpinesAreRefusedByField() {
        assertRejects("topology.leaf_spine.spines", () -> TopologyBuilders.build(Topology.newBuilder()
                .setLeafSpine(LeafSpine.newBuilder().setLeaves(2).setHostsPerLeaf(1).setHostRateGbps(10)
                        .setSpineRateGbps(10)).build()));
    }

    @Test
    void aLeafSpineOfTooManyLinksIsRefusedBeforeItIsBuilt() {
        assertRejects("topology.leaf_spine.spines", () -> TopologyBuilders.build(Topology.newBuilder()
                .setLeafSpine(LeafSpine.newBuilder().setLeaves(1000).setSpines(4096).setHostsPerLeaf(100)
                        .setHostRateGbps(10).setSpineRateGbps(10).setLinkDelayUs(1)).build()));
    }

    @Test
    void theLargestFatTreeIsWithinTheLinkBound() {
        int links = build(fatTree(FatTreeTopology.MAX_K)).linkCount();
        assertEquals(3 * 48 * 48 * 48 / 4, links);
        assertTrue(links <= TopologyBuilders.MAX_LINKS, links + " links");
    }

    private static Runnable build(java.util.function.Supplier<FatTree.Builder> f) {
        return () -> build(f.get());
    }

    private static void assertRejects(String field, Runnable r) {
        ScenarioException e = assertThrows(ScenarioException.class, r::run);
        assertEquals(field, e.field(), e.getMessage());
    }
}
