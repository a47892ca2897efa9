package org.cosim.agents.timely;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.function.Consumer;
import org.cosim.agents.timely.TimelyRateEngine.Branch;
import org.cosim.proto.Timely;
import org.junit.jupiter.api.Test;

/**
 * Algorithm 1 of the TIMELY paper (docs/timely.md, "What the paper specifies", with the
 * choices of "Where the paper is silent"), branch by branch, against hand-computed rates.
 *
 * <p>Unless a test says otherwise the parameters are: alpha = 0.5, minRTT = 20 us,
 * delta = 10 Mb/s, beta = 0.8, T_low = 50 us, T_high = 500 us, HAI after 5
 * consecutive negative gradients with N = 5, rate floor 10 Mb/s, factor floor 0.5,
 * line rate 10 Gb/s and start rate 1 Gb/s. The baseRtt handed to
 * {@link TimelyConfig#from} is 40 us on purpose: the explicit min_rtt_us (20 us)
 * must win, so a gradient normalized by the wrong value shows up as a wrong rate.
 */
class TimelyRateEngineTest {
    private static final double LINE_RATE = 10e9;
    private static final double START_RATE = 1e9;
    private static final double DELTA = 10e6;
    private static final long BASE_RTT_PS = 40_000_000L;

    /** Microseconds to picoseconds. */
    private static long us(double us) {
        return Math.round(us * 1_000_000);
    }

    private static Timely.Builder params() {
        return Timely.newBuilder()
                .setAlpha(0.5)
                .setMinRttUs(20)
                .setDeltaMbps(10)
                .setBeta(0.8)
                .setTLowUs(50)
                .setTHighUs(500)
                .setHai(true)
                .setHaiThreshold(5)
                .setHaiMultiplier(5)
                .setMinRateMbps(10)
                .setMinDecreaseFactor(0.5);
    }

    private static TimelyRateEngine engine() {
        return engine(b -> {}, START_RATE);
    }

    private static TimelyRateEngine engine(Consumer<Timely.Builder> tweak, double startRate) {
        Timely.Builder b = params();
        tweak.accept(b);
        return new TimelyRateEngine(TimelyConfig.from(b.build(), BASE_RTT_PS), LINE_RATE, startRate);
    }

    private static void assertRate(double expected, TimelyRateEngine e) {
        assertEquals(expected, e.rateBps(), Math.abs(expected) * 1e-6);
    }

    // ------------------------------------------------------------ first sample

    @Test
    void firstSamplePrimesPrevRttAndLeavesRttDiffZero() {
        TimelyRateEngine e = engine();
        // 100 us lies between T_low and T_high; rtt_diff stays 0, so gradient 0 <= 0: rate += delta.
        assertEquals(Branch.ADDITIVE, e.update(us(100)));
        assertEquals(0.0, e.rttDiffPs());
        assertEquals(0, e.negativeGradientCount());
        assertRate(1e9 + 10e6, e);

        // prev_rtt is now 100 us: a second 100 us sample has new_rtt_diff 0 and keeps rtt_diff 0.
        // (Had prev_rtt stayed 0, rtt_diff would be 0.5 * 100 us = 50 us and the rate would be cut.)
        assertEquals(Branch.ADDITIVE, e.update(us(100)));
        assertEquals(0.0, e.rttDiffPs());
        assertRate(1e9 + 2 * 10e6, e);
    }

    /** output.agent_state's signals: the latest RTT sample and the normalized gradient Algorithm 1 used. */
    @Test
    void signalsAreTheLatestRttAndTheNormalizedGradient() {
        TimelyRateEngine e = engine();
        assertEquals(java.util.List.of("rtt_us", "gradient"), e.signalNames());
        assertEquals(true, Double.isNaN(e.signal(0)) && Double.isNaN(e.signal(1)), "no sample yet");
        e.update(us(100));
        e.update(us(140));
        assertEquals(140.0, e.signal(0));
        assertEquals(1.0, e.signal(1), 1e-12);  // rtt_diff = 0.5 x (140 - 100) us = 20 us, over min_rtt 20 us
        assertEquals(true, e.signal(1) > 0, "a rising RTT");
    }

    // ------------------------------------------------------------ T_low branch

    @Test
    void rttBelowTLowAddsDelta() {
        TimelyRateEngine e = engine();
        assertEquals(Branch.LOW, e.update(us(30)));
        assertRate(1e9 + 10e6, e);
    }

    @Test
    void lowBranchAddsPlainDeltaEvenWhenHaiCountIsReached() {
        TimelyRateEngine e = engine();
        // 300 primes (gradient 0); 290..260 are negative gradients 1..4 (+delta each);
        // 250 is the 5th negative gradient: HAI, +5 delta.
        for (long rtt : new long[] {300, 290, 280, 270, 260}) {
            e.update(us(rtt));
        }
        assertEquals(Branch.HYPERACTIVE, e.update(us(250)));
        assertRate(1e9 + 5 * DELTA + 5 * DELTA, e);  // 1.10 Gb/s

        // 40 us < T_low: rtt_diff = 0.5*rtt_diff + 0.5*(40-250) us < 0, so the count goes to 6,
        // but the T_low branch still adds plain delta, not 5 delta (docs/timely.md, the HAI counter).
        assertEquals(Branch.LOW, e.update(us(40)));
        assertEquals(6, e.negativeGradientCount());
        assertRate(1.10e9 + DELTA, e);
    }

    @Test
    void thresholdsAreStrictComparisons() {
        // new_rtt == T_low is not "< T_low" and new_rtt == T_high is not "> T_high":
        // both go to the gradient branch (gradient 0 on a first sample -> ADDITIVE).
        TimelyRateEngine atLow = engine();
        assertEquals(Branch.ADDITIVE, atLow.update(us(50)));
        TimelyRateEngine atHigh = engine();
        assertEquals(Branch.ADDITIVE, atHigh.update(us(500)));
        assertRate(1e9 + DELTA, atHigh);
    }

    // ------------------------------------------------------------ T_high branch

    @Test
    void rttAboveTHighMultipliesByOneMinusBetaTimesExcess() {
        TimelyRateEngine e = engine();
        // factor = 1 - 0.8 * (1 - 500/1000) = 1 - 0.4 = 0.6
        assertEquals(Branch.HIGH, e.update(us(1000)));
        assertRate(1e9 * 0.6, e);
    }

    @Test
    void highBranchUsesInstantaneousRttNotTheGradient() {
        TimelyRateEngine e = engine();
        e.update(us(100));                      // 1.01 Gb/s
        // rtt_diff = 0.5 * 700 us = 350 us, gradient 17.5 (would floor the factor at 0.5),
        // but T_high uses new_rtt: factor = 1 - 0.8 * (1 - 500/800) = 1 - 0.8 * 0.375 = 0.7
        assertEquals(Branch.HIGH, e.update(us(800)));
        assertRate(1.01e9 * 0.7, e);            // 707 Mb/s
    }

    @Test
    void highBranchFactorIsFlooredAtMinDecreaseFactor() {
        TimelyRateEngine e = engine();
        // 1 - 0.8 * (1 - 500/10000) = 1 - 0.76 = 0.24 < 0.5 -> factor 0.5
        assertEquals(Branch.HIGH, e.update(us(10_000)));
        assertRate(1e9 * 0.5, e);
    }

    // ------------------------------------------------------------ gradient <= 0

    @Test
    void negativeGradientBelowHaiThresholdAddsDelta() {
        TimelyRateEngine e = engine();
        e.update(us(300));                      // prime, +delta
        // new_rtt_diff = -10 us, rtt_diff = 0.5*0 + 0.5*(-10 us) = -5 us, gradient -0.25
        assertEquals(Branch.ADDITIVE, e.update(us(290)));
        assertEquals(-5_000_000.0, e.rttDiffPs(), 1e-6);
        assertEquals(1, e.negativeGradientCount());
        assertRate(1e9 + 2 * DELTA, e);
    }

    @Test
    void haiAppliesFromTheFifthConsecutiveNegativeGradient() {
        TimelyRateEngine e = engine();
        // Sample 1 (300 us) only primes: gradient 0, count 0, +delta.
        assertEquals(Branch.ADDITIVE, e.update(us(300)));
        assertEquals(0, e.negativeGradientCount());
        // Samples 2..5 fall by 10 us each: rtt_diff = -5, -7.5, -8.75, -9.375 us (all < 0),
        // count 1..4 < 5 -> plain delta each.
        long[] rtts = {290, 280, 270, 260};
        for (int i = 0; i < rtts.length; i++) {
            assertEquals(Branch.ADDITIVE, e.update(us(rtts[i])), "negative gradient #" + (i + 1));
            assertEquals(i + 1, e.negativeGradientCount());
        }
        assertRate(1e9 + 5 * DELTA, e);         // 1.05 Gb/s: the 4th negative gradient added 1 delta
        // Sample 6 is the 5th consecutive negative gradient: count 5 >= threshold 5 -> 5 * delta.
        assertEquals(Branch.HYPERACTIVE, e.update(us(250)));
        assertEquals(5, e.negativeGradientCount());
        assertRate(1.05e9 + 5 * DELTA, e);      // 1.10 Gb/s
        // And it stays hyperactive while the gradients stay negative.
        assertEquals(Branch.HYPERACTIVE, e.update(us(240)));
        assertRate(1.10e9 + 5 * DELTA, e);      // 1.15 Gb/s
    }

    @Test
    void haiMultiplierIsConfigurable() {
        TimelyRateEngine e = engine(b -> b.setHaiThreshold(2).setHaiMultiplier(3), START_RATE);
        e.update(us(300));                      // prime: 1.01 Gb/s
        assertEquals(Branch.ADDITIVE, e.update(us(290)));     // count 1: 1.02 Gb/s
        assertEquals(Branch.HYPERACTIVE, e.update(us(280)));  // count 2 >= 2: + 3 delta
        assertRate(1.02e9 + 3 * DELTA, e);
    }

    @Test
    void haiCounterIsResetByAPositiveGradientEvenWithoutADecrease() {
        TimelyRateEngine e = engine();
        // All below T_low, so no branch ever decreases the rate.
        for (long rtt : new long[] {30, 29, 28, 27}) {
            e.update(us(rtt));
        }
        // rtt_diff = -0.5, -0.75, -0.875 us -> three negative gradients.
        assertEquals(3, e.negativeGradientCount());
        // 45 us: rtt_diff = 0.5*(-0.875) + 0.5*18 = 8.5625 us > 0 -> count reset.
        assertEquals(Branch.LOW, e.update(us(45)));
        assertEquals(8_562_500.0, e.rttDiffPs(), 1e-6);
        assertEquals(0, e.negativeGradientCount());
        assertRate(1e9 + 5 * DELTA, e);         // five LOW samples, five plain deltas, no cut
    }

    @Test
    void haiCounterIsResetByARateDecreaseEvenWithANegativeGradient() {
        TimelyRateEngine e = engine();
        // 2000 us: prime, T_high factor 1 - 0.8*(1 - 0.25) = 0.4 -> floored 0.5: 500 Mb/s.
        assertEquals(Branch.HIGH, e.update(us(2000)));
        assertRate(5e8, e);
        // 1000 us: rtt_diff = -500 us (negative gradient, count would be 1),
        // but the T_high decrease (factor 0.6 -> 300 Mb/s) resets the count to 0.
        assertEquals(Branch.HIGH, e.update(us(1000)));
        assertEquals(0, e.negativeGradientCount());
        assertRate(3e8, e);
        // Now five fresh negative gradients are needed: rtt_diff = -550, -280, -145, -77.5 us
        // for 400, 390, 380, 370 (count 1..4, plain delta) ...
        for (long rtt : new long[] {400, 390, 380, 370}) {
            assertEquals(Branch.ADDITIVE, e.update(us(rtt)), "rtt " + rtt);
        }
        assertRate(3e8 + 4 * DELTA, e);
        // ... and the 5th (360 us, rtt_diff -43.75 us) is hyperactive.
        assertEquals(Branch.HYPERACTIVE, e.update(us(360)));
        assertRate(3.4e8 + 5 * DELTA, e);
    }

    @Test
    void haiDisabledAlwaysAddsPlainDelta() {
        TimelyRateEngine e = engine(b -> b.setHai(false), START_RATE);
        for (long rtt : new long[] {300, 290, 280, 270, 260}) {
            e.update(us(rtt));
        }
        // The 5th negative gradient, which would be HAI with hai=true, adds just delta.
        assertEquals(Branch.ADDITIVE, e.update(us(250)));
        assertRate(1e9 + 6 * DELTA, e);
    }

    // ------------------------------------------------------------ gradient > 0

    @Test
    void positiveGradientMultipliesByOneMinusBetaTimesEwmaGradient() {
        TimelyRateEngine e = engine();
        e.update(us(100));                      // prime: 1.01 Gb/s
        // new_rtt_diff = 4 us, rtt_diff = 0.5*0 + 0.5*4 = 2 us, g = 2/20 = 0.1, factor 1 - 0.08 = 0.92
        assertEquals(Branch.GRADIENT_DECREASE, e.update(us(104)));
        assertEquals(2_000_000.0, e.rttDiffPs(), 1e-6);
        assertRate(1.01e9 * 0.92, e);           // 929.2 Mb/s
        // new_rtt_diff = 6 us, rtt_diff = 0.5*2 + 0.5*6 = 4 us (the raw diff would give 6),
        // g = 4/20 = 0.2, factor 1 - 0.16 = 0.84
        assertEquals(Branch.GRADIENT_DECREASE, e.update(us(110)));
        assertEquals(4_000_000.0, e.rttDiffPs(), 1e-6);
        assertRate(1.01e9 * 0.92 * 0.84, e);    // 780.528 Mb/s
    }

    @Test
    void alphaWeightsTheNewRttDifference() {
        // alpha = 0.25 tells alpha apart from 1 - alpha.
        TimelyRateEngine e = engine(b -> b.setAlpha(0.25), START_RATE);
        e.update(us(100));                      // prime: 1.01 Gb/s
        // rtt_diff = 0.75*0 + 0.25*8 us = 2 us, g = 0.1, factor 0.92
        e.update(us(108));
        assertEquals(2_000_000.0, e.rttDiffPs(), 1e-6);
        assertRate(1.01e9 * 0.92, e);
        // rtt_diff = 0.75*2 + 0.25*4 = 2.5 us, g = 0.125, factor 1 - 0.1 = 0.9
        e.update(us(112));
        assertEquals(2_500_000.0, e.rttDiffPs(), 1e-6);
        assertRate(1.01e9 * 0.92 * 0.9, e);     // 836.28 Mb/s
    }

    @Test
    void largeGradientIsFlooredAtMinDecreaseFactor() {
        TimelyRateEngine e = engine();
        e.update(us(100));                      // 1.01 Gb/s
        // rtt_diff = 0.5 * 100 us = 50 us, g = 2.5, 1 - 0.8*2.5 = -1 -> floored at 0.5
        assertEquals(Branch.GRADIENT_DECREASE, e.update(us(200)));
        assertRate(1.01e9 * 0.5, e);
    }

    @Test
    void minDecreaseFactorIsConfigurable() {
        TimelyRateEngine e = engine(b -> b.setMinDecreaseFactor(0.75), START_RATE);
        e.update(us(100));
        e.update(us(200));                      // same -1 factor, floored at 0.75 this time
        assertRate(1.01e9 * 0.75, e);
    }

    @Test
    void anyDecreaseResetsTheHaiCounterInTheGradientBranch() {
        TimelyRateEngine e = engine();
        for (long rtt : new long[] {300, 290, 280, 270}) {
            e.update(us(rtt));
        }
        assertEquals(3, e.negativeGradientCount());
        // 400 us: rtt_diff = 0.5*(-8.75) + 0.5*130 = 60.625 us > 0 -> decrease, count 0.
        assertEquals(Branch.GRADIENT_DECREASE, e.update(us(400)));
        assertEquals(0, e.negativeGradientCount());
    }

    // ------------------------------------------------------------ clamping

    @Test
    void rateIsCappedAtLineRate() {
        TimelyRateEngine e = engine(b -> {}, 9.995e9);
        e.update(us(100));                      // 9.995 + 0.01 = 10.005 Gb/s -> 10 Gb/s
        assertEquals(LINE_RATE, e.rateBps());
    }

    @Test
    void rateIsFlooredAtMinRate() {
        TimelyRateEngine e = engine(b -> {}, 15e6);
        e.update(us(1000));                     // 15 Mb/s * 0.6 = 9 Mb/s -> floor 10 Mb/s
        assertEquals(10e6, e.rateBps());
    }

    @Test
    void configuredMinRateIsTheFloor() {
        TimelyRateEngine e = engine(b -> b.setMinRateMbps(100), 150e6);
        e.update(us(1000));                     // 150 * 0.6 = 90 Mb/s -> floor 100 Mb/s
        assertEquals(100e6, e.rateBps());
    }

    @Test
    void initialRateIsClampedToTheSameRange() {
        assertEquals(LINE_RATE, engine(b -> {}, 20e9).rateBps());
        assertEquals(10e6, engine(b -> {}, 1e6).rateBps());
    }

    @Test
    void rateControlInterfaceFeedsTheSameAlgorithm() {
        TimelyRateEngine e = engine();
        e.onRttSample(us(1000));
        assertEquals(Branch.HIGH, e.lastBranch());
        assertRate(6e8, e);
    }

    // ------------------------------------------------------------ update scaling (§5; docs/timely.md)

    /** A completion at {@code atUs} carrying an RTT sample of {@code rttUs}, as the sender reports it. */
    private static void sample(TimelyRateEngine e, double atUs, double rttUs) {
        e.onAck(us(atUs), 16384, false);
        e.onRttSample(us(rttUs));
    }

    @Test
    void samplesCloserThanMinRttGetTheirShareOfAnIncrease() {
        TimelyRateEngine e = engine();
        sample(e, 1000, 30);                    // first sample: a whole delta, 1.01 Gb/s
        assertRate(1e9 + DELTA, e);
        sample(e, 1005, 30);                    // 5 us after it, minRTT 20 us: f = 0.25
        assertRate(1e9 + 1.25 * DELTA, e);
        sample(e, 1015, 30);                    // 10 us: f = 0.5
        assertRate(1e9 + 1.75 * DELTA, e);
        sample(e, 1055, 30);                    // 40 us: f capped at 1
        assertRate(1e9 + 2.75 * DELTA, e);
    }

    @Test
    void samplesCloserThanMinRttGetTheirShareOfADecrease() {
        TimelyRateEngine e = engine();
        sample(e, 1000, 100);                   // prime: gradient 0, 1.01 Gb/s
        // 10 us later (f = 0.5): rtt_diff 2 us, g = 0.1, factor 1 - 0.5*0.8*0.1 = 0.96 (0.92 unscaled)
        sample(e, 1010, 104);
        assertRate(1.01e9 * 0.96, e);
        // 5 us later (f = 0.25), above T_high: 1 - 0.25*0.8*(1 - 500/1000) = 0.9 (0.6 unscaled)
        sample(e, 1015, 1000);
        assertRate(1.01e9 * 0.96 * 0.9, e);
    }

    @Test
    void scalingOffGivesEverySampleAWholeUpdate() {
        TimelyRateEngine e = engine(b -> b.setScaleUpdates(false), START_RATE);
        sample(e, 1000, 30);
        sample(e, 1001, 30);
        sample(e, 1002, 30);
        assertRate(1e9 + 3 * DELTA, e);
    }

    @Test
    void theGapIsBetweenSamplesNotBetweenCompletions() {
        // With NIC pacing a segment completes piece by piece and only its last piece carries
        // an RTT sample: the gap runs from the previous sample's completion, not the previous piece's.
        TimelyRateEngine e = engine();
        sample(e, 1000, 30);
        for (int piece = 1; piece < 10; piece++) {
            e.onAck(us(1000 + 4 * piece), 1500, false);
        }
        sample(e, 1040, 30);                    // 40 us after the last sample (4 us after a piece): f = 1
        assertRate(1e9 + 2 * DELTA, e);
    }
}
