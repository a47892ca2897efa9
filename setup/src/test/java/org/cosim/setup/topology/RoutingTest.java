package org.cosim.setup.topology;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.cosim.proto.Clos;
import org.cosim.proto.Dumbbell;
import org.cosim.proto.IncastStar;
import org.cosim.scenario.ScenarioException;
import org.junit.jupiter.api.Test;

class RoutingTest {
    /** 3 clients at 10 Gb/s, server at 20 Gb/s, 5 us links. Switch port 0 = server, port i = client i. */
    private static TopologyGraph star() {
        return IncastStarTopology.build(IncastStar.newBuilder().setClients(3).setClientRateGbps(10)
                .setServerRateGbps(20).setLinkDelayUs(5).build());
    }

    /** 2 hosts per side at 10 Gb/s, 1 us; bottleneck 5 Gb/s, 3 us. */
    private static TopologyGraph dumbbell() {
        return DumbbellTopology.build(Dumbbell.newBuilder().setHostsPerSide(2).setHostRateGbps(10)
                .setBottleneckRateGbps(5).setLinkDelayUs(1).setBottleneckDelayUs(3).build());
    }

    /**
     * A k = 32 fat tree (8192 hosts, 1280 switches) keeps one route entry per switch and ToR (1280 x 512), not per
     * switch and host (1280 x 8192 = 10.5 M); a ToR still routes to each of its 16 hosts through that host's port.
     */
    @Test
    void aFatTreesRouteTablesHoldOneEntryPerTorNotPerHost() {
        TopologyGraph g = FatTreeTopology.build(org.cosim.proto.FatTree.newBuilder().setK(32).setLinkRateGbps(10)
                .setLinkDelayUs(1).build());
        assertEquals(8192, g.hostCount());
        Routing r = new Routing(g);
        for (int s = 0; s < g.switchCount(); s++) {
            assertEquals(512, r.table(s).entries(), g.switchName(s));
            assertEquals(8192, r.table(s).hosts(), g.switchName(s));
        }
        int tor = r.attachedSwitch(0);
        java.util.Set<Integer> ports = new java.util.HashSet<>();
        for (int h = 0; h < 16; h++) {
            assertEquals(tor, r.attachedSwitch(h), "hosts 0-15 hang off one ToR");
            assertEquals(1, r.routes(tor, h).length);
            ports.add(r.routes(tor, h)[0]);
        }
        assertEquals(16, ports.size(), "each host under the ToR through its own port");
        assertEquals(16, r.routes(tor, 16 * 16).length, "another pod: up through any of the 16 aggregation switches");
    }

    @Test
    void aTableByHostListsEachHostsOwnPorts() {
        RouteTable t = RouteTable.byHost(new int[][] {{0}, {1, 2}, {3}});
        assertArrayEquals(new int[] {1, 2}, t.ports(1));
        assertArrayEquals(new int[] {3}, t.ports(2));
        assertEquals(3, t.entries());
    }

    @Test
    void starRoutesEachHostThroughItsOwnPort() {
        TopologyGraph g = star();
        assertEquals(4, g.hostCount());
        assertEquals(1, g.switchCount());
        assertEquals(4, g.switchPorts(0));
        assertEquals("server", g.hostName(0));
        Routing r = new Routing(g);
        assertArrayEquals(new int[] {0}, r.routes(0, 0));
        for (int c = 1; c <= 3; c++) {
            assertArrayEquals(new int[] {c}, r.routes(0, c), "client " + c);
        }
        // The monitored bottleneck is the switch's port toward the server.
        assertEquals(new TopologyGraph.PortRef(0, 0), g.monitored().get(0));
        assertEquals(0, g.incastServer());
        assertEquals(java.util.List.of(1, 2, 3), g.incastClients());
    }

    /**
     * 100,000 hosts on one switch are routed in well under a second: each host's port was looked up by a scan of
     * the switch's ports (10^10 / 2 comparisons: seconds, and a parking lot of that radix ran 30 s).
     */
    @Test
    void aStarOfOneHundredThousandHostsIsRoutedInLinearTime() {
        TopologyGraph g = IncastStarTopology.build(IncastStar.newBuilder().setClients(99_999).setClientRateGbps(10)
                .setServerRateGbps(10).setLinkDelayUs(1).build());
        long start = System.nanoTime();
        Routing r = new Routing(g);
        double seconds = (System.nanoTime() - start) / 1e9;
        assertArrayEquals(new int[] {99_999}, r.routes(0, 99_999));
        assertArrayEquals(new int[] {0}, r.routes(0, 0));
        assertTrue(seconds < 1, seconds + " s");
    }

    @Test
    void dumbbellRoutesAcrossTheBottleneck() {
        TopologyGraph g = dumbbell();
        // hosts 0,1 left on left_switch ports 0,1; hosts 2,3 right on right_switch ports 0,1;
        // the bottleneck is port 2 of both switches.
        Routing r = new Routing(g);
        assertArrayEquals(new int[] {0}, r.routes(0, 0));
        assertArrayEquals(new int[] {1}, r.routes(0, 1));
        assertArrayEquals(new int[] {2}, r.routes(0, 2));
        assertArrayEquals(new int[] {2}, r.routes(0, 3));
        assertArrayEquals(new int[] {2}, r.routes(1, 0));
        assertArrayEquals(new int[] {2}, r.routes(1, 1));
        assertArrayEquals(new int[] {0}, r.routes(1, 2));
        assertArrayEquals(new int[] {1}, r.routes(1, 3));
        assertEquals(new TopologyGraph.PortRef(0, 2), g.monitored().get(0));
        assertEquals(3, r.path(0, 3).length);
        assertEquals(2, r.path(0, 1).length);
    }

    @Test
    void unloadedRttOnAOneSwitchPath() {
        Routing r = new Routing(star());
        // client 1 -> server: links at 10 and 20 Gb/s, 5 us each.
        //   propagation 2 * (5 + 5) us                  = 20,000,000
        //   MTU 1500 B: 1,200,000 (10G) + 600,000 (20G) =  1,800,000
        //   ACK 64 B:      51,200 (10G) +  25,600 (20G) =     76,800
        long expected = 20_000_000 + 1_800_000 + 76_800;
        assertEquals(expected, r.unloadedRttPs(1, 0, 0, 1500, 64));
        // switch latency 0.5 us on the way out and back: + 2 * 500,000
        assertEquals(expected + 1_000_000, r.unloadedRttPs(1, 0, 500_000, 1500, 64));
        assertEquals(expected, r.unloadedRttPs(0, 1, 0, 1500, 64), "same links either way");
    }

    @Test
    void idealFctOnAOneSwitchPath() {
        Routing r = new Routing(star());
        // 16384 B client 1 -> server; the slowest link (10G) carries all bytes: 16384 * 800 = 13,107,200;
        // the other hop (20G) adds one MTU store-and-forward: 1500 * 400 = 600,000;
        // propagation both ways 20,000,000; the final ACK: 51,200 + 25,600.
        assertEquals(13_107_200 + 600_000 + 20_000_000 + 76_800,
                r.idealFctPs(1, 0, 16384, 0, 1500, 64));
        // A flow smaller than an MTU is stored and forwarded whole: 1000 B = 800,000 at 10G, 400,000 at 20G.
        assertEquals(800_000 + 400_000 + 20_000_000 + 76_800, r.idealFctPs(1, 0, 1000, 0, 1500, 64));
        // Switch latency counts once each way.
        assertEquals(800_000 + 400_000 + 20_000_000 + 76_800 + 2 * 300_000,
                r.idealFctPs(1, 0, 1000, 300_000, 1500, 64));
    }

    @Test
    void maxPropagationRttOfTheStarIsFourLinkDelays() {
        Routing r = new Routing(star());
        // every host pair is 2 links apart: 4 x 5 us, + 2 x the switch latency
        assertEquals(20_000_000, r.maxPropagationRttPs(0));
        assertEquals(20_000_000 + 2 * 250_000, r.maxPropagationRttPs(250_000));
    }

    @Test
    void maxPropagationRttOfTheDumbbellCrossesTheBottleneck() {
        Routing r = new Routing(dumbbell());
        // left to right: 1 + 3 + 1 us each way = 10 us; two switches: + 2 x 2 x latency
        assertEquals(10_000_000, r.maxPropagationRttPs(0));
        assertEquals(10_000_000 + 4 * 100_000, r.maxPropagationRttPs(100_000));
    }

    @Test
    void dumbbellIdealFctCountsTheSlowBottleneckOnce() {
        Routing r = new Routing(dumbbell());
        // host 0 -> host 2: 10G (1 us), 5G (3 us), 10G (1 us). 15000 B at 5G = 15000 * 1600 = 24,000,000;
        // the two 10G hops add one MTU each: 2 * 1,200,000; propagation 2 * 5 us = 10,000,000;
        // ACK: 51,200 + 102,400 + 51,200 = 204,800.
        assertEquals(24_000_000 + 2_400_000 + 10_000_000 + 204_800, r.idealFctPs(0, 2, 15000, 0, 1500, 64));
    }

    @Test
    void equalCostPathsGiveSeveralPorts() {
        // two hosts, two switches joined by two parallel links: each switch has 2 ports toward the far host
        TopologyGraph g = new TopologyGraph();
        int h0 = g.addHost("h0");
        int h1 = g.addHost("h1");
        int a = TopologyGraph.switchRef(g.addSwitch("a"));
        int b = TopologyGraph.switchRef(g.addSwitch("b"));
        g.connect(h0, a, 10_000_000_000L, 0);  // a.port0
        g.connect(h1, b, 10_000_000_000L, 0);  // b.port0
        g.connect(a, b, 10_000_000_000L, 0);   // a.port1 - b.port1
        g.connect(a, b, 10_000_000_000L, 0);   // a.port2 - b.port2
        Routing r = new Routing(g);
        assertArrayEquals(new int[] {1, 2}, r.routes(0, h1));
        assertArrayEquals(new int[] {1, 2}, r.routes(1, h0));
        assertArrayEquals(new int[] {0}, r.routes(0, h0));
    }

    @Test
    void unreachableHostIsReported() {
        TopologyGraph g = new TopologyGraph();
        int h0 = g.addHost("h0");
        int h1 = g.addHost("h1");
        g.connect(h0, TopologyGraph.switchRef(g.addSwitch("a")), 10_000_000_000L, 0);
        g.connect(h1, TopologyGraph.switchRef(g.addSwitch("b")), 10_000_000_000L, 0);
        IllegalStateException e = assertThrows(IllegalStateException.class, () -> new Routing(g));
        assertEquals(true, e.getMessage().contains("cannot reach host"), e.getMessage());
    }

    @Test
    void aHostHasOnlyOneLink() {
        TopologyGraph g = new TopologyGraph();
        int h0 = g.addHost("h0");
        int s = TopologyGraph.switchRef(g.addSwitch("s"));
        g.connect(h0, s, 1, 0);
        assertThrows(IllegalStateException.class, () -> g.connect(h0, s, 1, 0));
    }

    @Test
    void routingTablesTooLargeForMemoryAreRefusedNamingTheTopology() {
        TopologyBuilders.checkTableSize(27_648, 2_880);  // the k = 48 fat tree, the largest built
        // One rack of 100,000 hosts under 99,999 spines: within the node and link bounds, 1e10 table entries.
        TopologyGraph g = ClosTopology.build(Clos.newBuilder().setRacks(1).setHostsPerRack(100_000)
                .setSpines(99_999).setHostRateGbps(10).setUplinkRateGbps(10).setLinkDelayUs(1).build());
        ScenarioException e = assertThrows(ScenarioException.class,
                () -> new Routing(g));
        assertTrue(e.getMessage().startsWith("topology: 100000 hosts x 100000 switches: routing tables"),
                e.getMessage());
    }
}
