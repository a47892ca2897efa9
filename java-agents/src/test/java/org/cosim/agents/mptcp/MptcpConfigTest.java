package org.cosim.agents.mptcp;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.cosim.proto.Mptcp;
import org.cosim.scenario.ScenarioException;
import org.junit.jupiter.api.Test;

class MptcpConfigTest {
    @Test
    void defaultsAreHtsimsPermutationSettings() {
        MptcpConfig c = MptcpConfig.from(Mptcp.getDefaultInstance());
        assertEquals(8, c.subflows());
        assertTrue(c.coupled());
        assertEquals(10, c.initialCwndPackets());
        assertEquals(15, c.ssthreshPackets());
        assertEquals(1_000_000_000L, c.minRtoPs());
        assertEquals(9000, c.segmentBytes(9000));
        assertEquals(4096, MptcpConfig.from(Mptcp.newBuilder().setSegmentBytes(4096).build()).segmentBytes(9000));
    }

    @Test
    void impossibleParametersNameTheirField() {
        assertField("protocol.mptcp.subflows", Mptcp.newBuilder().setSubflows(0));
        assertField("protocol.mptcp.subflows", Mptcp.newBuilder().setSubflows(33));
        assertField("protocol.mptcp.initial_cwnd_packets", Mptcp.newBuilder().setInitialCwndPackets(0.5));
        assertField("protocol.mptcp.initial_cwnd_packets", Mptcp.newBuilder().setInitialCwndPackets(20)
                .setMaxCwndPackets(10));
        assertField("protocol.mptcp.ssthresh_packets", Mptcp.newBuilder().setSsthreshPackets(1));
        assertField("protocol.mptcp.min_rto_us", Mptcp.newBuilder().setMinRtoUs(0));
        assertField("protocol.mptcp.segment_bytes", Mptcp.newBuilder().setSegmentBytes(0));
        assertField("protocol.mptcp.max_cwnd_packets", Mptcp.newBuilder().setMaxCwndPackets(Double.NaN));
    }

    @Test
    void withoutAnMtuTheSegmentSizeMustBeGiven() {
        MptcpConfig c = MptcpConfig.from(Mptcp.getDefaultInstance());
        ScenarioException e = assertThrows(ScenarioException.class, () -> c.segmentBytes(0));
        assertEquals("protocol.mptcp.segment_bytes", e.field());
        assertTrue(e.getMessage().contains("the MTU is unknown"), e.getMessage());
    }

    private static void assertField(String field, Mptcp.Builder m) {
        ScenarioException e = assertThrows(ScenarioException.class, () -> MptcpConfig.from(m.build()));
        assertEquals(field, e.field());
    }
}
