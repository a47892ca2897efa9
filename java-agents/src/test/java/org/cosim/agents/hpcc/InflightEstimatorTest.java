package org.cosim.agents.hpcc;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.cosim.agents.hpcc.Hops.Hop;
import org.junit.jupiter.api.Test;

/**
 * MeasureInflight by hand. T = 5 us; a 100 Gb/s hop has B T = 62,500 B, a 200 Gb/s
 * hop 125,000 B.
 */
class InflightEstimatorTest {
    private static final long T = 5_000_000;
    private static final long G100 = 100_000_000_000L;
    private static final long G200 = 200_000_000_000L;

    @Test
    void theFirstStackOnlyRecords() {
        InflightEstimator e = new InflightEstimator(T);
        assertFalse(e.measure(Hops.of(new Hop(1000, 0, 0, G100))));
        assertEquals(0, e.utilization());
    }

    @Test
    void utilizationOfOneHopFromTwoConsecutiveAcks() {
        InflightEstimator e = new InflightEstimator(T);
        e.measure(Hops.of(new Hop(12_500, 1_000_000, 10_000_000, G100)));
        // 1 us later the port has sent 10,000 B more: txRate = 10,000 B / 1 us = 80 Gb/s -> 0.8 of B.
        // Queues 12,500 then 25,000 B: min 12,500 / 62,500 = 0.2. u = 1.0; tau = 1 us: U = 0.2 * 1.0.
        assertTrue(e.measure(Hops.of(new Hop(25_000, 1_010_000, 11_000_000, G100))));
        assertEquals(0.2, e.utilization(), 1e-12);
        // Another 1 us at 50 Gb/s (6,250 B), queue 0: u = 0 + 0.5; U = 0.8 * 0.2 + 0.2 * 0.5 = 0.26.
        e.measure(Hops.of(new Hop(0, 1_016_250, 12_000_000, G100)));
        assertEquals(0.26, e.utilization(), 1e-12);
    }

    @Test
    void theMostLoadedHopWinsAndItsIntervalWeighsTheSample() {
        InflightEstimator e = new InflightEstimator(T);
        e.measure(Hops.of(new Hop(0, 0, 0, G200), new Hop(0, 0, 1_000_000, G100)));
        // hop 0: 2 us, 25,000 B at 200 Gb/s: txRate 100 Gb/s -> u = 0.5
        // hop 1: 4 us, 45,000 B at 100 Gb/s: txRate 90 Gb/s -> 0.9, queue min(6250, 0) = 0 -> u = 0.9
        e.measure(Hops.of(new Hop(0, 25_000, 2_000_000, G200), new Hop(6_250, 45_000, 5_000_000, G100)));
        assertEquals(0.9 * 4 / 5.0, e.utilization(), 1e-12);  // tau = hop 1's 4 us
    }

    @Test
    void tauIsCappedAtT() {
        InflightEstimator e = new InflightEstimator(T);
        e.measure(Hops.of(new Hop(0, 0, 0, G100)));
        // 20 us later, 175,000 B at 100 Gb/s (70 Gb/s): u = 0.7, tau = min(20, 5) us: U = u.
        e.measure(Hops.of(new Hop(0, 175_000, 20_000_000, G100)));
        assertEquals(0.7, e.utilization(), 1e-12);
    }

    @Test
    void aPathWithAnotherHopCountStartsAfresh() {
        InflightEstimator e = new InflightEstimator(T);
        e.measure(Hops.of(new Hop(0, 0, 0, G100)));
        e.measure(Hops.of(new Hop(0, 62_500, 5_000_000, G100)));
        assertEquals(1.0, e.utilization(), 1e-12);
        assertFalse(e.measure(Hops.of(new Hop(0, 0, 6_000_000, G100), new Hop(0, 0, 6_000_000, G100))));
        assertEquals(1.0, e.utilization(), 1e-12, "no sample: U unchanged");
        assertFalse(e.measure(Hops.of()), "no records, no sample");
    }
}
