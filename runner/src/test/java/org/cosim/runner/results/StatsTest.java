package org.cosim.runner.results;

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.junit.jupiter.api.Test;

class StatsTest {
    @Test
    void nearestRankPercentiles() {
        long[] v = {10, 20, 30, 40, 50, 60, 70, 80, 90, 100};
        assertEquals(50, Stats.percentile(v, 0.5));   // ceil(0.5*10) = 5th value
        assertEquals(100, Stats.percentile(v, 0.99)); // ceil(9.9) = 10th
        assertEquals(10, Stats.percentile(v, 0.0));
    }

    @Test
    void jainsIndex() {
        assertEquals(1.0, Stats.jain(new double[] {2, 2, 2, 2}), 1e-12);
        // one of four gets everything: (x)^2 / (4 x^2) = 0.25
        assertEquals(0.25, Stats.jain(new double[] {8, 0, 0, 0}), 1e-12);
        // (1+3)^2 / (2 * (1+9)) = 16/20
        assertEquals(0.8, Stats.jain(new double[] {1, 3}), 1e-12);
    }
}
