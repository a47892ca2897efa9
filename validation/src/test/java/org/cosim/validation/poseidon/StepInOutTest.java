package org.cosim.validation.poseidon;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.cosim.runner.results.FlowRecord;
import org.cosim.runner.results.RunResults;
import org.cosim.validation.experiments.SharedRuns;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * Fig 16: four long-lived flows step onto one 200 Gb/s hop every 2 ms and off it
 * again (three close at 10, 12 and 14 ms: workload stop_us;
 * scenarios/poseidon/fig16-step.textproto, full size: 16 ms). The experiment
 * poseidon-fig16 checks the paper's fair shares and variation (PaperChecksTest);
 * here, that a flow given a stop time closes on time with either protocol, in the experiment's runs
 * (SharedRuns).
 */
@ExtendWith(SharedRuns.Extension.class)
class StepInOutTest {
    private static final long MS = 1_000_000_000L;
    private static final long[] STOPS = {0, 14 * MS, 12 * MS, 10 * MS};

    @Test
    void theFlowsCloseAtTheirStopTimes(SharedRuns runs) {
        assertClosedOnTime(PaperRuns.runWith(runs, "fig16-step.textproto", PaperRuns.POSEIDON, ""));
        assertClosedOnTime(PaperRuns.runWith(runs, "fig16-step.textproto", PaperRuns.SWIFT, ""));
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
