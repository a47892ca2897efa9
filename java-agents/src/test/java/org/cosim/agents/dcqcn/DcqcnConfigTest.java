package org.cosim.agents.dcqcn;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.function.Consumer;
import org.cosim.proto.Dcqcn;
import org.cosim.scenario.ScenarioException;
import org.junit.jupiter.api.Test;

/** DCQCN's defaults (the paper, its NIC's defaults, ours) and the check on every parameter. */
class DcqcnConfigTest {
    private static DcqcnConfig from(Consumer<Dcqcn.Builder> tweak) {
        Dcqcn.Builder b = Dcqcn.newBuilder();
        tweak.accept(b);
        return DcqcnConfig.from(b.build());
    }

    private static void assertRejected(String field, Consumer<Dcqcn.Builder> tweak) {
        ScenarioException e = assertThrows(ScenarioException.class, () -> from(tweak));
        assertEquals("protocol.dcqcn." + field, e.field());
        assertTrue(e.getMessage().startsWith("protocol.dcqcn." + field + ": "), e.getMessage());
    }

    @Test
    void defaults() {
        DcqcnConfig c = DcqcnConfig.from(Dcqcn.getDefaultInstance());
        assertEquals(1.0 / 256, c.g());
        assertEquals(55_000_000L, c.rateIncreaseTimerPs());
        assertEquals(10_000_000L, c.byteCounterBytes());
        assertEquals(5, c.fastRecoveryStages());
        assertEquals(40e6, c.aiBps());
        assertEquals(200e6, c.haiBps());
        assertEquals(55_000_000L, c.alphaUpdatePs());
        assertEquals(50_000_000L, c.cnpIntervalPs());
        assertEquals(10e6, c.minRateBps());
        assertEquals(1.0, c.initialAlpha());
        assertEquals(16384, c.segmentBytes());
        assertEquals(64, c.maxOutstandingSegments());
        assertEquals(25e9, c.startRateBps(25e9));        // line rate by default
    }

    @Test
    void explicitValuesAreConverted() {
        DcqcnConfig c = from(b -> b.setG(0.5).setRateIncreaseTimerUs(1.5).setByteCounterBytes(1000)
                .setFastRecoveryStages(2).setAiMbps(5).setHaiMbps(50).setAlphaUpdateUs(2).setCnpIntervalUs(4)
                .setInitialRateGbps(4).setMinRateMbps(1).setInitialAlpha(0.25).setSegmentBytes(9000)
                .setMaxOutstandingSegments(7));
        assertEquals(0.5, c.g());
        assertEquals(1_500_000L, c.rateIncreaseTimerPs());
        assertEquals(1000, c.byteCounterBytes());
        assertEquals(2, c.fastRecoveryStages());
        assertEquals(5e6, c.aiBps());
        assertEquals(50e6, c.haiBps());
        assertEquals(2_000_000L, c.alphaUpdatePs());
        assertEquals(4_000_000L, c.cnpIntervalPs());
        assertEquals(4e9, c.startRateBps(10e9));
        assertEquals(2e9, c.startRateBps(2e9));           // never above the line rate
        assertEquals(1e6, c.minRateBps());
        assertEquals(0.25, c.initialAlpha());
        assertEquals(9000, c.segmentBytes());
        assertEquals(7, c.maxOutstandingSegments());
    }

    @Test
    void everyParameterIsChecked() {
        assertRejected("g", b -> b.setG(0));
        assertRejected("g", b -> b.setG(1.5));
        // Positive rates that round to 0 b/s would silently be steps or floors of nothing.
        assertRejected("ai_mbps", b -> b.setAiMbps(1e-9));
        assertRejected("hai_mbps", b -> b.setHaiMbps(1e-9));
        assertRejected("min_rate_mbps", b -> b.setMinRateMbps(1e-9));
        assertRejected("initial_rate_gbps", b -> b.setInitialRateGbps(1e-12));
        assertRejected("rate_increase_timer_us", b -> b.setRateIncreaseTimerUs(0));
        assertRejected("rate_increase_timer_us", b -> b.setRateIncreaseTimerUs(Double.NaN));
        assertRejected("byte_counter_bytes", b -> b.setByteCounterBytes(0));
        assertRejected("byte_counter_bytes", b -> b.setByteCounterBytes(-1));  // 2^64 - 1 unsigned
        assertRejected("fast_recovery_stages", b -> b.setFastRecoveryStages(0));
        assertRejected("ai_mbps", b -> b.setAiMbps(0));
        assertRejected("hai_mbps", b -> b.setHaiMbps(-1));
        assertRejected("alpha_update_us", b -> b.setAlphaUpdateUs(0));
        assertRejected("cnp_interval_us", b -> b.setCnpIntervalUs(-1));
        assertRejected("initial_rate_gbps", b -> b.setInitialRateGbps(0));
        assertRejected("initial_rate_gbps", b -> b.setInitialRateGbps(0.001));  // below the 10 Mb/s floor
        assertRejected("min_rate_mbps", b -> b.setMinRateMbps(0));
        assertRejected("initial_alpha", b -> b.setInitialAlpha(1.01));
        assertRejected("initial_alpha", b -> b.setInitialAlpha(-0.1));
        assertRejected("segment_bytes", b -> b.setSegmentBytes(0));
        assertRejected("segment_bytes", b -> b.setSegmentBytes((1 << 20) + 1));
        assertRejected("max_outstanding_segments", b -> b.setMaxOutstandingSegments(0));
    }
}
