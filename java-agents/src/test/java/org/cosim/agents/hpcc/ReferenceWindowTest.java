package org.cosim.agents.hpcc;

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.junit.jupiter.api.Test;

/** ComputeWind by hand: eta 0.95, maxStage 2, W_AI 100 B, bounds [10, 1e6] B, W^c = 10,000 B. */
class ReferenceWindowTest {
    private ReferenceWindow window() {
        return new ReferenceWindow(0.95, 2, 100, 10, 1e6, 10_000);
    }

    @Test
    void aboveEtaTheWindowShrinksByUOverEta() {
        ReferenceWindow w = window();
        assertEquals(10_000 / (1.9 / 0.95) + 100, w.compute(1.9, false), 1e-9);  // 5,100 B
        assertEquals(10_000, w.referenceBytes(), 0, "W^c only moves on an update");
        assertEquals(5_100, w.compute(1.9, true), 1e-9);
        assertEquals(5_100, w.referenceBytes(), 1e-9);
        assertEquals(0, w.incStage());
    }

    @Test
    void belowEtaAdditiveStepsThenAMultiplicativeIncrease() {
        ReferenceWindow w = window();
        assertEquals(10_100, w.compute(0.5, false), 1e-9);
        assertEquals(10_100, w.compute(0.5, true), 1e-9);   // stage 1
        assertEquals(10_200, w.compute(0.5, true), 1e-9);   // stage 2 = maxStage
        assertEquals(2, w.incStage());
        // now multiplicative although U < eta: W^c eta / U + W_AI = 10,200 x 1.9 + 100
        assertEquals(19_480, w.compute(0.5, true), 1e-9);
        assertEquals(0, w.incStage());
        assertEquals(19_580, w.compute(0.5, false), 1e-9, "additive again, without moving W^c");
    }

    @Test
    void boundsHoldAndAnIdlePathAsksForTheMaximum() {
        ReferenceWindow w = new ReferenceWindow(0.95, 0, 100, 1000, 50_000, 10_000);
        assertEquals(50_000, w.compute(0, true), 0);
        assertEquals(50_000, w.referenceBytes(), 0);
        // 50,000 x 0.95 / 1e9 + 100 = 100.00005 B: below the floor
        assertEquals(1000, w.compute(1e9, true), 0);
    }
}
