package org.cosim.agents.timely;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.function.Consumer;
import org.cosim.proto.Timely;
import org.cosim.scenario.ScenarioException;
import org.junit.jupiter.api.Test;

/**
 * TIMELY's defaults (paper section 6, and docs/timely.md, "Where the paper is silent") and
 * the checks on every parameter.
 */
class TimelyConfigTest {
    private static final long BASE_RTT_PS = 12_345_000L;  // 12.345 us

    private static TimelyConfig from(Consumer<Timely.Builder> tweak, long baseRttPs) {
        Timely.Builder b = Timely.newBuilder();
        tweak.accept(b);
        return TimelyConfig.from(b.build(), baseRttPs);
    }

    /** Asserts that the tweak is rejected and that the exception names {@code field}. */
    private static void assertRejected(String field, Consumer<Timely.Builder> tweak) {
        assertRejected(field, tweak, BASE_RTT_PS);
    }

    private static void assertRejected(String field, Consumer<Timely.Builder> tweak, long baseRttPs) {
        ScenarioException e = assertThrows(ScenarioException.class, () -> from(tweak, baseRttPs));
        assertEquals("protocol.timely." + field, e.field());
        assertTrue(e.getMessage().startsWith("protocol.timely." + field + ": "), e.getMessage());
    }

    @Test
    void emptyMessageGivesPaperAndDigestDefaults() {
        TimelyConfig c = TimelyConfig.from(Timely.getDefaultInstance(), BASE_RTT_PS);
        assertEquals(16384, c.segmentBytes());
        assertEquals(10e6, c.deltaBps());              // 10 Mb/s
        assertEquals(0.8, c.beta());
        assertEquals(0.1, c.alpha());
        assertEquals(50_000_000L, c.tLowPs());         // 50 us
        assertEquals(500_000_000L, c.tHighPs());       // 500 us
        assertEquals(BASE_RTT_PS, c.minRttPs());       // minRTT defaults to the unloaded RTT
        assertTrue(c.hai());
        assertEquals(5, c.haiThreshold());
        assertEquals(5, c.haiMultiplier());
        assertEquals(10e6, c.minRateBps());            // 10 Mb/s
        assertEquals(0.5, c.minDecreaseFactor());
        assertEquals(4, c.maxOutstandingSegments());
    }

    @Test
    void explicitValuesOverrideDefaultsAndAreConvertedToPsAndBps() {
        TimelyConfig c = from(b -> b.setSegmentBytes(65536).setDeltaMbps(2.5).setBeta(0.5).setAlpha(0.875)
                .setTLowUs(0.5).setTHighUs(200).setMinRttUs(20).setHai(false).setHaiThreshold(3)
                .setHaiMultiplier(7).setMinRateMbps(1.5).setMinDecreaseFactor(0.25)
                .setMaxOutstandingSegments(8), BASE_RTT_PS);
        assertEquals(65536, c.segmentBytes());
        assertEquals(2_500_000.0, c.deltaBps());
        assertEquals(0.5, c.beta());
        assertEquals(0.875, c.alpha());
        assertEquals(500_000L, c.tLowPs());            // 0.5 us
        assertEquals(200_000_000L, c.tHighPs());
        assertEquals(20_000_000L, c.minRttPs());       // explicit min_rtt_us beats baseRtt
        assertFalse(c.hai());
        assertEquals(3, c.haiThreshold());
        assertEquals(7, c.haiMultiplier());
        assertEquals(1_500_000.0, c.minRateBps());
        assertEquals(0.25, c.minDecreaseFactor());
        assertEquals(8, c.maxOutstandingSegments());
    }

    @Test
    void boundaryValuesAreAccepted() {
        // beta = 1 and alpha = 1 are inside (0, 1]; T_low = 0 is allowed; T_low = T_high is target mode.
        TimelyConfig c = from(b -> b.setBeta(1).setAlpha(1).setTLowUs(0).setTHighUs(0.001), BASE_RTT_PS);
        assertEquals(1.0, c.beta());
        assertEquals(0L, c.tLowPs());
        TimelyConfig target = from(b -> b.setTLowUs(100).setTHighUs(100), BASE_RTT_PS);
        assertEquals(target.tLowPs(), target.tHighPs());
        assertEquals(1 << 20, from(b -> b.setSegmentBytes(1 << 20), BASE_RTT_PS).segmentBytes());
    }

    @Test
    void tLowAboveTHighIsRejected() {
        assertRejected("t_low_us", b -> b.setTLowUs(600).setTHighUs(500));
    }

    @Test
    void tLowAboveDefaultTHighIsRejected() {
        assertRejected("t_low_us", b -> b.setTLowUs(501));
    }

    @Test
    void negativeTLowIsRejected() {
        assertRejected("t_low_us", b -> b.setTLowUs(-1));
    }

    @Test
    void zeroTHighIsRejected() {
        assertRejected("t_high_us", b -> b.setTLowUs(0).setTHighUs(0));
    }

    @Test
    void zeroBetaIsRejected() {
        assertRejected("beta", b -> b.setBeta(0));
    }

    @Test
    void betaAboveOneIsRejected() {
        assertRejected("beta", b -> b.setBeta(1.01));
    }

    @Test
    void zeroAlphaIsRejected() {
        assertRejected("alpha", b -> b.setAlpha(0));
    }

    @Test
    void alphaAboveOneIsRejected() {
        assertRejected("alpha", b -> b.setAlpha(1.5));
    }

    @Test
    void negativeDeltaIsRejected() {
        assertRejected("delta_mbps", b -> b.setDeltaMbps(-10));
    }

    @Test
    void zeroDeltaIsRejected() {
        assertRejected("delta_mbps", b -> b.setDeltaMbps(0));
    }

    @Test
    void nanDeltaIsRejected() {
        assertRejected("delta_mbps", b -> b.setDeltaMbps(Double.NaN));
    }

    @Test
    void zeroSegmentIsRejected() {
        assertRejected("segment_bytes", b -> b.setSegmentBytes(0));
    }

    @Test
    void segmentAboveOneMebibyteIsRejected() {
        assertRejected("segment_bytes", b -> b.setSegmentBytes((1 << 20) + 1));
    }

    @Test
    void zeroMinRttIsRejectedWhenBaseRttIsZeroAndNoMinRttIsGiven() {
        assertRejected("min_rtt_us", b -> {}, 0L);
    }

    @Test
    void explicitZeroMinRttIsRejectedEvenWithAPositiveBaseRtt() {
        assertRejected("min_rtt_us", b -> b.setMinRttUs(0));
    }

    @Test
    void explicitMinRttRescuesAZeroBaseRtt() {
        assertEquals(20_000_000L, from(b -> b.setMinRttUs(20), 0L).minRttPs());
    }

    @Test
    void zeroHaiThresholdIsRejected() {
        assertRejected("hai_threshold", b -> b.setHaiThreshold(0));
    }

    @Test
    void zeroHaiMultiplierIsRejected() {
        assertRejected("hai_multiplier", b -> b.setHaiMultiplier(0));
    }

    @Test
    void zeroMinRateIsRejected() {
        assertRejected("min_rate_mbps", b -> b.setMinRateMbps(0));
    }

    @Test
    void minDecreaseFactorOfZeroIsRejected() {
        assertRejected("min_decrease_factor", b -> b.setMinDecreaseFactor(0));
    }

    @Test
    void minDecreaseFactorOfOneIsRejected() {
        // A floor of 1 would forbid every decrease.
        assertRejected("min_decrease_factor", b -> b.setMinDecreaseFactor(1));
    }

    @Test
    void aNicPacingRateThatRoundsToZeroIsRejectedNotTurnedOff() {
        assertRejected("nic_pacing_mbps", b -> b.setNicPacingMbps(1e-7));
        assertRejected("nic_pacing_mbps", b -> b.setNicPacingMbps(0));
        // The same for the additive step and the rate floor: 0 b/s once rounded.
        assertRejected("delta_mbps", b -> b.setDeltaMbps(1e-7));
        assertRejected("min_rate_mbps", b -> b.setMinRateMbps(1e-7));
        assertRejected("min_rate_mbps", b -> b.setMinRateMbps(Double.POSITIVE_INFINITY));
        assertEquals(1, TimelyConfig.from(Timely.newBuilder().setNicPacingMbps(1e-6).build(), BASE_RTT_PS)
                .nicPacingBps());
    }

    @Test
    void zeroMaxOutstandingSegmentsIsRejected() {
        assertRejected("max_outstanding_segments", b -> b.setMaxOutstandingSegments(0));
    }
}
