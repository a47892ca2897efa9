package org.cosim.setup.topology;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.cosim.proto.Clos;
import org.cosim.proto.Topology;
import org.cosim.scenario.ScenarioException;
import org.junit.jupiter.api.Test;

class ClosTopologyTest {
    private static Clos.Builder clos() {
        return Clos.newBuilder().setRacks(3).setHostsPerRack(4).setHostRateGbps(200).setUplinkRateGbps(200)
                .setLinkDelayUs(0.245);
    }

    private static TopologyGraph build(Clos.Builder c) {
        return TopologyBuilders.build(Topology.newBuilder().setClos(c).build());
    }

    private static void assertRejects(String field, Clos.Builder c) {
        ScenarioException e = assertThrows(ScenarioException.class, () -> build(c));
        assertEquals(field, e.field());
        assertTrue(e.getMessage().startsWith(field + ": "), e.getMessage());
    }

    @Test
    void racksOfHostsUnderToRsWithOneUplinkPerSpine() {
        TopologyGraph g = build(clos().setSpines(2));
        assertEquals(12, g.hostCount());
        assertEquals(5, g.switchCount());
        assertEquals("tor[0]", g.switchName(0));
        assertEquals("tor[2]", g.switchName(2));
        assertEquals("spine[1]", g.switchName(4));
        assertEquals("rack[1].host[2]", g.hostName(6));
        assertEquals(4 + 2, g.switchPorts(0));  // 4 hosts, 2 uplinks
        assertEquals(3, g.switchPorts(3));      // a spine reaches every ToR
        assertEquals(12 + 6, g.links().size());
        TopologyGraph.Link l = g.hostLink(6);
        assertEquals(200_000_000_000L, l.rateBps());
        assertEquals(245_000, l.delayPs());
        // tor[1]'s port 4 + s goes to spine[s]; spine[s]'s port r goes to tor[r]
        Routing r = new Routing(g);
        assertArrayEquals(new int[] {4, 5}, r.routes(1, 0));  // rack 1 -> rack 0: ECMP over both spines
        assertArrayEquals(new int[] {2}, r.routes(1, 6));    // host 6 is rack 1's host 2
        assertArrayEquals(new int[] {1}, r.routes(3, 6));    // spine[0] -> tor[1]
        assertEquals(2, r.pathCount(0, 6));
        assertEquals(4, r.path(0, 6).length);                // host, uplink, downlink, host: 3 switches
    }

    @Test
    void theOversubscriptionSetsTheUplinkRate() {
        // Fig 19: 24 hosts x 200 Gb/s, 8 spines, 3:1 -> 4800 / 3 / 8 = 200 Gb/s per uplink
        TopologyGraph g = build(clos().setHostsPerRack(24).setSpines(8).setUplinkRateGbps(0).setOversubscription(3));
        TopologyGraph.Link up = g.links().get(3 * 24);
        assertTrue(TopologyGraph.isSwitch(up.a()) && TopologyGraph.isSwitch(up.b()));
        assertEquals(200_000_000_000L, up.rateBps());
        TopologyGraph half = build(clos().setUplinkRateGbps(0).setOversubscription(2));  // 800 / 2 = 400
        assertEquals(400_000_000_000L, half.links().get(12).rateBps());
    }

    @Test
    void monitorsEveryUplinkAndEachRacksFirstDownlink() {
        TopologyGraph g = build(clos().setSpines(2));
        assertEquals(List.of(new TopologyGraph.PortRef(0, 4), new TopologyGraph.PortRef(0, 5),
                new TopologyGraph.PortRef(0, 0), new TopologyGraph.PortRef(1, 4), new TopologyGraph.PortRef(1, 5),
                new TopologyGraph.PortRef(1, 0), new TopologyGraph.PortRef(2, 4), new TopologyGraph.PortRef(2, 5),
                new TopologyGraph.PortRef(2, 0)), g.monitored());
        assertEquals(0, g.incastServer());
        assertEquals(11, g.incastClients().size());
    }

    @Test
    void badValuesNameTheirField() {
        assertRejects("topology.clos.racks", clos().setRacks(0));
        assertRejects("topology.clos.hosts_per_rack", clos().setHostsPerRack(0));
        assertRejects("topology.clos.hosts_per_rack", clos().setRacks(1).setHostsPerRack(1));
        assertRejects("topology.clos.spines", clos().setSpines(0));
        assertRejects("topology.clos.host_rate_gbps", clos().setHostRateGbps(-1));
        assertRejects("topology.clos.uplink_rate_gbps", clos().setUplinkRateGbps(0));
        assertRejects("topology.clos.uplink_rate_gbps", clos().setUplinkRateGbps(Double.NaN));
        assertRejects("topology.clos.oversubscription", clos().setOversubscription(3));
        assertRejects("topology.clos.oversubscription", clos().setUplinkRateGbps(0).setOversubscription(0));
        assertRejects("topology.clos.link_delay_us", clos().setLinkDelayUs(-1));
        assertRejects("topology.clos.spines", clos().setRacks(1000).setHostsPerRack(1).setSpines(1000));
    }
}
