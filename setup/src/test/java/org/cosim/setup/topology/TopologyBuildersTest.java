package org.cosim.setup.topology;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.cosim.proto.Dumbbell;
import org.cosim.proto.IncastStar;
import org.cosim.proto.Topology;
import org.cosim.scenario.ScenarioException;
import org.junit.jupiter.api.Test;

class TopologyBuildersTest {
    private static IncastStar.Builder star() {
        return IncastStar.newBuilder().setClients(2).setClientRateGbps(10).setServerRateGbps(20).setLinkDelayUs(1);
    }

    private static Dumbbell.Builder dumbbell() {
        return Dumbbell.newBuilder().setHostsPerSide(2).setHostRateGbps(10).setBottleneckRateGbps(10)
                .setLinkDelayUs(1);
    }

    private static void assertRejects(String field, Topology t) {
        ScenarioException e = assertThrows(ScenarioException.class, () -> TopologyBuilders.build(t));
        assertEquals(field, e.field());
        assertTrue(e.getMessage().startsWith(field + ": "), e.getMessage());
    }

    private static Topology of(IncastStar.Builder s) {
        return Topology.newBuilder().setIncastStar(s).build();
    }

    private static Topology of(Dumbbell.Builder d) {
        return Topology.newBuilder().setDumbbell(d).build();
    }

    @Test
    void starRejectsBadValuesNamingTheField() {
        assertRejects("topology.incast_star.clients", of(star().setClients(0)));
        assertRejects("topology.incast_star.client_rate_gbps", of(star().setClientRateGbps(0)));
        assertRejects("topology.incast_star.server_rate_gbps", of(star().setServerRateGbps(-10)));
        assertRejects("topology.incast_star.server_rate_gbps", of(star().setServerRateGbps(Double.NaN)));
        assertRejects("topology.incast_star.link_delay_us", of(star().setLinkDelayUs(-1)));
        assertRejects("topology.incast_star.link_delay_us",
                of(star().setLinkDelayUs(Double.POSITIVE_INFINITY)));
    }

    @Test
    void aRateThatRoundsToZeroBitsPerSecondIsRefused() {
        assertRejects("topology.incast_star.client_rate_gbps", of(star().setClientRateGbps(1e-12)));
        assertRejects("topology.incast_star.server_rate_gbps", of(star().setServerRateGbps(4e-10)));
        assertEquals(1, TopologyBuilders.build(of(star().setClientRateGbps(1e-9))).hostLink(1).rateBps());
    }

    @Test
    void dumbbellRejectsBadValuesNamingTheField() {
        assertRejects("topology.dumbbell.hosts_per_side", of(dumbbell().setHostsPerSide(0)));
        assertRejects("topology.dumbbell.host_rate_gbps", of(dumbbell().setHostRateGbps(0)));
        assertRejects("topology.dumbbell.bottleneck_rate_gbps", of(dumbbell().setBottleneckRateGbps(0)));
        assertRejects("topology.dumbbell.bottleneck_rate_gbps",
                of(dumbbell().setBottleneckRateGbps(Double.POSITIVE_INFINITY)));
        assertRejects("topology.dumbbell.link_delay_us", of(dumbbell().setLinkDelayUs(Double.NaN)));
        assertRejects("topology.dumbbell.bottleneck_delay_us", of(dumbbell().setBottleneckDelayUs(-0.5)));
    }

    @Test
    void missingShapeIsRejected() {
        assertRejects("topology", Topology.getDefaultInstance());
    }

    @Test
    void zeroDelayIsAllowed() {
        TopologyGraph g = TopologyBuilders.build(of(star().setLinkDelayUs(0)));
        assertEquals(0, g.links().get(0).delayPs());
    }

    @Test
    void buildersConvertUnitsToBpsAndPs() {
        TopologyGraph g = TopologyBuilders.build(of(dumbbell().setHostRateGbps(25).setBottleneckRateGbps(100)
                .setLinkDelayUs(1.5).setBottleneckDelayUs(2.25)));
        // links: 2 left hosts, 2 right hosts, then the core
        assertEquals(5, g.links().size());
        TopologyGraph.Link host = g.hostLink(0);
        assertEquals(25_000_000_000L, host.rateBps());
        assertEquals(1_500_000, host.delayPs());
        TopologyGraph.Link core = g.links().get(4);
        assertEquals(100_000_000_000L, core.rateBps());
        assertEquals(2_250_000, core.delayPs());
        assertEquals(TopologyGraph.switchRef(0), core.a());
        assertEquals(TopologyGraph.switchRef(1), core.b());
    }

    @Test
    void bottleneckDelayDefaultsToTheLinkDelay() {
        TopologyGraph g = TopologyBuilders.build(of(dumbbell().setLinkDelayUs(4)));
        assertEquals(4_000_000, g.links().get(4).delayPs());
    }
}
