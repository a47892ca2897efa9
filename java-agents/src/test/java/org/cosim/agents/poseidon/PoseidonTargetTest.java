package org.cosim.agents.poseidon;

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.junit.jupiter.api.Test;

/**
 * Eq. 3 and Eq. 4 against hand-computed values (docs/poseidon-swift.md, "What the paper specifies"): with p = 40,
 * k = 2, 0.02..200 Gb/s, T(rate) = 2 + 10 log10(200 G / rate) us, and
 * U = 10^((T - delay) / 40 us) with m = 0.25.
 */
class PoseidonTargetTest {
    private static final double G = 1e9;
    private final PoseidonTarget t = new PoseidonTarget(40, 2, 0.02 * G, 200 * G);
    private final PoseidonUpdate u = new PoseidonUpdate(40, t.alpha(), 0.25, 0.5, 1e9);

    @Test
    void targetAtTheEndsAndEveryDecade() {
        assertEquals(2.0, t.targetUs(200 * G), 1e-9);    // k at max_rate
        assertEquals(12.0, t.targetUs(20 * G), 1e-9);
        assertEquals(22.0, t.targetUs(2 * G), 1e-9);
        assertEquals(42.0, t.targetUs(0.02 * G), 1e-9);  // p + k at min_rate
        assertEquals(2 + 10 * Math.log10(2), t.targetUs(100 * G), 1e-9);  // 5.0103 us
    }

    @Test
    void targetClampsTheRateIntoItsRange() {
        assertEquals(2.0, t.targetUs(400 * G), 1e-9);
        assertEquals(42.0, t.targetUs(0.001 * G), 1e-9);
    }

    @Test
    void alphaIsTheLogOfTheRateRange() {
        assertEquals(Math.log(1e4), t.alpha(), 1e-12);  // 9.2103
    }

    @Test
    void updateIsTenToTheQuarterTenMicrosecondsBelowTarget() {
        assertEquals(Math.pow(10, 0.25), u.raw(12, 2), 1e-12);   // 1.7783
        assertEquals(1.0, u.raw(12, 12), 1e-12);
        assertEquals(Math.pow(10, -0.25), u.raw(12, 22), 1e-12); // 0.5623
        // each microsecond of error is a factor 10^(1/40) = 1.0593 per RTT
        assertEquals(Math.pow(10, 1 / 40.0), u.raw(5, 4), 1e-12);
    }

    @Test
    void eq5UpdateIsTheRateRatioToThePowerM() {
        // A flow at 100 Gb/s on a hop whose delay is the target of 25 Gb/s: U = (25/100)^0.25.
        double delay = t.targetUs(25 * G);
        assertEquals(Math.pow(0.25, 0.25), u.raw(t.targetUs(100 * G), delay), 1e-12);
        assertEquals(25 * G, t.rateForTargetBps(delay), 1e-3);
    }

    @Test
    void ratioIsClampedToMinMdAndMaxMi() {
        PoseidonUpdate bounded = new PoseidonUpdate(40, t.alpha(), 0.25, 0.5, 2);
        assertEquals(2.0, bounded.ratio(42, 0), 1e-12);      // raw 10^(42/40) = 11.2
        assertEquals(0.5, bounded.ratio(2, 40), 1e-12);      // raw 10^(-38/40) = 0.112
        assertEquals(Math.pow(10, 0.25), bounded.ratio(12, 2), 1e-12);
    }
}
