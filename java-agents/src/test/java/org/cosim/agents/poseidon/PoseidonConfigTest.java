package org.cosim.agents.poseidon;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.cosim.proto.Poseidon;
import org.cosim.proto.Window;
import org.cosim.scenario.ScenarioException;
import org.junit.jupiter.api.Test;

class PoseidonConfigTest {
    private static void assertRejects(String field, Poseidon.Builder p) {
        ScenarioException e = assertThrows(ScenarioException.class, () -> PoseidonConfig.from(p.build()));
        assertEquals(field, e.field());
        assertTrue(e.getMessage().startsWith(field + ": "), e.getMessage());
    }

    @Test
    void defaultsAreThePapersAndOurs() {
        PoseidonConfig c = PoseidonConfig.from(Poseidon.getDefaultInstance());
        assertEquals(40, c.pUs());
        assertEquals(2, c.kUs());
        assertEquals(0.25, c.m());
        assertEquals(0.02e9, c.minRateBps());
        assertEquals(200e9, c.maxRateBps());
        assertEquals(2.0, c.maxMi());
        assertEquals(0.5, c.minMd());
        assertFalse(c.brownfield());
        assertEquals(4096, c.window().segmentBytes());
        assertTrue(Double.isNaN(c.window().initialCwndPackets()));
        assertEquals(0.001, c.window().minCwndPackets());
        assertEquals(256, c.window().maxCwndPackets());
        assertEquals(5, c.window().retxResetThreshold());
        assertEquals(100_000_000L, c.window().minRtoPs());
    }

    @Test
    void badValuesNameTheirField() {
        assertRejects("protocol.poseidon.p", Poseidon.newBuilder().setP(0));
        assertRejects("protocol.poseidon.k_us", Poseidon.newBuilder().setKUs(-1));
        assertRejects("protocol.poseidon.m", Poseidon.newBuilder().setM(2));
        assertRejects("protocol.poseidon.min_rate_gbps", Poseidon.newBuilder().setMinRateGbps(0));
        assertRejects("protocol.poseidon.max_rate_gbps", Poseidon.newBuilder().setMaxRateGbps(0.01));
        assertRejects("protocol.poseidon.max_mi", Poseidon.newBuilder().setMaxMi(0.9));
        assertRejects("protocol.poseidon.min_md", Poseidon.newBuilder().setMinMd(1));
        assertRejects("protocol.poseidon.window.segment_bytes",
                Poseidon.newBuilder().setWindow(Window.newBuilder().setSegmentBytes(0)));
        assertRejects("protocol.poseidon.window.max_cwnd_packets",
                Poseidon.newBuilder().setWindow(Window.newBuilder().setMinCwndPackets(2).setMaxCwndPackets(1)));
        assertRejects("protocol.poseidon.window.initial_cwnd_packets",
                Poseidon.newBuilder().setWindow(Window.newBuilder().setInitialCwndPackets(1000)));
        assertRejects("protocol.poseidon.window.retx_reset_threshold",
                Poseidon.newBuilder().setWindow(Window.newBuilder().setRetxResetThreshold(0)));
        assertRejects("protocol.poseidon.window.min_rto_us",
                Poseidon.newBuilder().setWindow(Window.newBuilder().setMinRtoUs(Double.NaN)));
    }
}
