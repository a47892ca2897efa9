package org.cosim.setup.topology;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.util.List;
import org.cosim.proto.ParkingLot;
import org.cosim.proto.Topology;
import org.cosim.scenario.ScenarioException;
import org.junit.jupiter.api.Test;

class ParkingLotTopologyTest {
    private static ParkingLot.Builder lot() {
        return ParkingLot.newBuilder().setSwitches(3).setHostsPerSwitch(2).setHostRateGbps(200).setLinkRateGbps(100)
                .setLinkDelayUs(1);
    }

    private static TopologyGraph build(ParkingLot.Builder p) {
        return TopologyBuilders.build(Topology.newBuilder().setParkingLot(p).build());
    }

    @Test
    void aChainOfSwitchesWithHostsOnEach() {
        TopologyGraph g = build(lot());
        assertEquals(6, g.hostCount());
        assertEquals(3, g.switchCount());
        assertEquals("sw[1]", g.switchName(1));
        assertEquals("sw[2].host[1]", g.hostName(5));
        assertEquals(2 + 1, g.switchPorts(0));
        assertEquals(2 + 2, g.switchPorts(1));
        assertEquals(100_000_000_000L, g.links().get(6).rateBps());  // the first chain link
        Routing r = new Routing(g);
        // sw[1]: ports 0, 1 hosts; 2 toward sw[0]; 3 toward sw[2]
        assertArrayEquals(new int[] {3}, r.routes(1, 4));
        assertArrayEquals(new int[] {2}, r.routes(1, 0));
        assertEquals(4, r.path(0, 5).length);  // host link, 2 chain links, host link: 3 switches
    }

    @Test
    void monitorsBothDirectionsOfEveryChainLinkAndTheServer() {
        TopologyGraph g = build(lot());
        assertEquals(List.of(new TopologyGraph.PortRef(0, 2), new TopologyGraph.PortRef(1, 2),
                new TopologyGraph.PortRef(1, 3), new TopologyGraph.PortRef(2, 2), new TopologyGraph.PortRef(2, 0)),
                g.monitored());
        assertEquals(4, g.incastServer());
        assertEquals(List.of(0, 1, 2, 3, 5), g.incastClients());
    }

    @Test
    void oneSwitchIsAStarAndNeedsNoChainRate() {
        TopologyGraph g = build(lot().setSwitches(1).setHostsPerSwitch(5).setLinkRateGbps(0));
        assertEquals(5, g.links().size());
        assertEquals(List.of(new TopologyGraph.PortRef(0, 0)), g.monitored());
        assertEquals(0, g.incastServer());
    }

    @Test
    void badValuesNameTheirField() {
        for (var c : List.of(
                List.of("topology.parking_lot.switches", lot().setSwitches(0)),
                List.of("topology.parking_lot.hosts_per_switch", lot().setHostsPerSwitch(0)),
                List.of("topology.parking_lot.hosts_per_switch", lot().setSwitches(1).setHostsPerSwitch(1)),
                List.of("topology.parking_lot.link_rate_gbps", lot().setLinkRateGbps(0)),
                List.of("topology.parking_lot.host_rate_gbps", lot().setHostRateGbps(Double.POSITIVE_INFINITY)),
                List.of("topology.parking_lot.link_delay_us", lot().setLinkDelayUs(-2)))) {
            ScenarioException e = assertThrows(ScenarioException.class, () -> build((ParkingLot.Builder) c.get(1)));
            assertEquals(c.get(0), e.field());
        }
    }
}
