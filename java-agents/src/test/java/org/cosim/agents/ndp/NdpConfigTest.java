package org.cosim.agents.ndp;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.cosim.proto.Ndp;
import org.cosim.scenario.ScenarioException;
import org.junit.jupiter.api.Test;

class NdpConfigTest {
    @Test
    void defaultsAreThePapersAndTheDigests() {
        NdpConfig c = NdpConfig.from(Ndp.getDefaultInstance(), 9000);
        assertEquals(9000, c.packetBytes());
        assertEquals(30, c.initialWindow());
        assertEquals(1_000_000_000L, c.rtoMinPs(), "1 ms");
        assertTrue(c.rtoEstimate());
        assertTrue(c.pullOnAck());
        assertEquals(9000, c.pullSpacingBytes(), "one data packet");
        assertTrue(c.capPullsAfterLast());
        assertTrue(c.pathPenalty());
        assertEquals(100, c.penaltyMinSamples());
        assertEquals(1.25, c.penaltyNackFactor());
        assertEquals(0.3, c.penaltyMinNackRatio());
        assertEquals(3, c.bounceNackWeight());
        assertEquals(0, c.prioritizedFlows().length);
    }

    @Test
    void prioritizedFlowsAreLookedUpWhateverTheirOrder() {
        NdpConfig c = NdpConfig.from(Ndp.newBuilder().addPrioritizedFlows(7).addPrioritizedFlows(2)
                .addPrioritizedFlows(7).build(), 1500);
        assertArrayEquals(new int[] {2, 7}, c.prioritizedFlows());
        assertTrue(c.prioritized(7));
        assertFalse(c.prioritized(3));
    }

    @Test
    void aZeroInitialWindowIsRefusedByName() {
        ScenarioException e = assertThrows(ScenarioException.class,
                () -> NdpConfig.from(Ndp.newBuilder().setInitialWindowPackets(0).build(), 9000));
        assertEquals("protocol.ndp.initial_window_packets", e.field());
    }

    @Test
    void badValuesNameTheirField() {
        assertField("protocol.ndp.rto_min_us", Ndp.newBuilder().setRtoMinUs(0));
        assertField("protocol.ndp.rto_min_us", Ndp.newBuilder().setRtoMinUs(Double.NaN));
        assertField("protocol.ndp.pull_spacing_bytes", Ndp.newBuilder().setPullSpacingBytes(0));
        assertField("protocol.ndp.penalty_nack_factor", Ndp.newBuilder().setPenaltyNackFactor(0.5));
        assertField("protocol.ndp.penalty_passes", Ndp.newBuilder().setPenaltyPasses(0));
        assertField("protocol.ndp.bad_path_ack_share", Ndp.newBuilder().setBadPathAckShare(0));
        assertField("protocol.ndp.prioritized_flows[0]", Ndp.newBuilder().addPrioritizedFlows(-1));
    }

    @Test
    void withoutTheMtuNdpCannotCutPackets() {
        ScenarioException e = assertThrows(ScenarioException.class, () -> NdpConfig.from(Ndp.getDefaultInstance(), 0));
        assertEquals("protocol.ndp", e.field());
    }

    private static void assertField(String field, Ndp.Builder n) {
        ScenarioException e = assertThrows(ScenarioException.class, () -> NdpConfig.from(n.build(), 9000));
        assertEquals(field, e.field(), e.getMessage());
    }
}
