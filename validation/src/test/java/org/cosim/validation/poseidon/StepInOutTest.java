package org.cosim.validation.poseidon;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.cosim.validation.results.FlowRates;
import org.cosim.validation.results.FlowRecord;
import org.cosim.validation.results.RunResults;
import org.junit.jupiter.api.Test;

/**
 * Fig 16: four long-lived flows step onto one 200 Gb/s hop every 2 ms and off it
 * again (three close at 10, 12 and 14 ms: workload stop_us), throughput sampled
 * every 50 us (scenarios/poseidon/fig16-step.textproto, full size: 16 ms). The
 * paper: both protocols reach the fair share, Poseidon's throughput varies less.
 * Each phase is measured after 0.5 ms of settling.
 */
class StepInOutTest {
    private static final long MS = 1_000_000_000L;
    private static final long SAMPLE = 50_000_000L;
    /** Phases: from, to (ms), the flows then active. */
    private static final int[][] PHASES = {{0, 2, 0}, {2, 4, 0, 1}, {4, 6, 0, 1, 2}, {6, 10, 0, 1, 2, 3},
            {10, 12, 0, 1, 2}, {12, 14, 0, 1}, {14, 16, 0}};
    private static final long[] STOPS = {0, 14 * MS, 12 * MS, 10 * MS};

    @Test
    void bothReachTheFairShareAndPoseidonsThroughputVariesLess() {
        RunResults poseidon = PaperRuns.run("fig16-step.textproto", PaperRuns.POSEIDON);
        RunResults swift = PaperRuns.run("fig16-step.textproto", PaperRuns.SWIFT);
        double poseidonDev = 0;
        double swiftDev = 0;
        int shared = 0;
        for (int[] p : PHASES) {
            int active = p.length - 2;
            double share = 200.0 / active;
            long from = p[0] * MS + MS / 2;
            long to = p[1] * MS;
            for (int i = 2; i < p.length; i++) {
                String what = "flow " + p[i] + " in " + p[0] + "-" + p[1] + " ms";
                PaperRuns.assertWithin(share, 0.05, FlowRates.meanGbps(poseidon.series(), p[i], from, to),
                        "Poseidon " + what);
                if (p[0] >= 6) {
                    // Swift's additive increase needs longer to converge (Fig 17(a)): from the fourth flow on.
                    PaperRuns.assertWithin(share, 0.10, FlowRates.meanGbps(swift.series(), p[i], from, to),
                            "Swift " + what);
                }
                if (active > 1) {
                    poseidonDev += FlowRates.stdDevGbps(poseidon.series(), p[i], from, to, SAMPLE);
                    swiftDev += FlowRates.stdDevGbps(swift.series(), p[i], from, to, SAMPLE);
                    shared++;
                }
            }
        }
        double pd = poseidonDev / shared;
        double sd = swiftDev / shared;
        assertTrue(sd >= 3 * pd, () -> String.format("mean std-dev over 50 us: Poseidon %.2f, Swift %.2f Gb/s", pd,
                sd));
        assertClosedOnTime(poseidon);
        assertClosedOnTime(swift);
    }

    /** Flows 1..3 close at their stop time: finished within 50 us after it, every byte sent delivered. */
    private static void assertClosedOnTime(RunResults r) {
        for (int f = 1; f < 4; f++) {
            FlowRecord rec = r.flows().get(f);
            assertTrue(rec.finished(), "flow " + f + " finished");
            long late = rec.endPs() - STOPS[f];
            assertTrue(late >= 0 && late < 50_000_000L, "flow " + f + " finished " + late + " ps after its stop");
            assertEquals(rec.sentBytes(), rec.deliveredBytes(), "flow " + f + ": no loss on this hop");
        }
        assertTrue(!r.flows().get(0).finished(), "flow 0 never closes");
    }
}
