package org.cosim.validation.poseidon;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Arrays;
import org.cosim.runner.results.FlowRecord;
import org.cosim.runner.results.RunResults;
import org.cosim.validation.experiments.PaperMetrics;
import org.cosim.validation.experiments.PoseidonExperiments;
import org.junit.jupiter.api.Test;

/**
 * Fig 16: four long-lived flows step onto one 200 Gb/s hop every 2 ms and off it
 * again (three close at 10, 12 and 14 ms: workload stop_us), throughput sampled
 * every 50 us (scenarios/poseidon/fig16-step.textproto, full size: 16 ms). The
 * paper: both protocols reach the fair share, Poseidon's throughput varies less.
 * Each phase is measured after 0.5 ms of settling (PoseidonExperiments.stepPhases,
 * which `cosim validate` reports too).
 */
class StepInOutTest {
    private static final long MS = 1_000_000_000L;
    private static final long[] STOPS = {0, 14 * MS, 12 * MS, 10 * MS};

    @Test
    void bothReachTheFairShareAndPoseidonsThroughputVariesLess() {
        RunResults poseidon = PaperRuns.run("fig16-step.textproto", PaperRuns.POSEIDON);
        RunResults swift = PaperRuns.run("fig16-step.textproto", PaperRuns.SWIFT);
        double[] p = PoseidonExperiments.stepPhases(poseidon);
        double[] s = PoseidonExperiments.stepPhases(swift);
        assertTrue(p[0] <= 0.05, "Poseidon: a flow's mean is " + 100 * p[0] + "% from its share in some phase");
        // Swift's additive increase needs longer to converge (Fig 17(a)): from the fourth flow on.
        int[][] fromFourFlows = Arrays.copyOfRange(PoseidonExperiments.FIG16_PHASES, 3, 7);
        double swiftLater = PaperMetrics.stepPhases(swift, fromFourFlows, 200, PoseidonExperiments.FIG16_SETTLE_PS,
                PoseidonExperiments.FIG16_SAMPLE_PS)[0];
        assertTrue(swiftLater <= 0.10, "Swift from 6 ms: a flow's mean is " + 100 * swiftLater + "% from its share");
        assertTrue(s[1] >= 3 * p[1], () -> String.format("mean std-dev over 50 us: Poseidon %.2f, Swift %.2f Gb/s",
                p[1], s[1]));
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
            assertEquals(rec.bytes().sent(), rec.bytes().delivered(), "flow " + f + ": no loss on this hop");
        }
        assertTrue(!r.flows().get(0).finished(), "flow 0 never closes");
    }
}
