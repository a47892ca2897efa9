package org.cosim.runner;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.cosim.runner.results.RunResults;
import org.cosim.runner.results.Summary;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * TIMELY's incast (SIGCOMM'15 Table 1 and Fig 13) on the Java fallback, against the
 * paper's testbed numbers with the tolerances of docs/timely.md (headline results): 19.4 Gb/s, mean
 * RTT 61 us (accept 0.5-2x), p99 116 us (accept 0.5-2x), Jain 0.953, no pauses.
 */
class TimelyIncastTest {
    private static RunResults run;
    private static Summary s;

    @BeforeAll
    static void runIncast() {
        run = JavaBackend.run(ShippedScenarios.read("timely-incast.textproto"), t -> { });
        s = Summary.of(run);
    }

    @Test
    void runsToTheEnd() {
        assertTrue(run.complete(), () -> "run failed: " + run.failure());
        assertEquals(40, run.flows().size());
    }

    @Test
    void fillsTheTwentyGigabitBottleneck() {
        assertTrue(s.goodputGbps() >= 18.5, "total " + s.goodputGbps() + " Gb/s < 18.5");
        assertTrue(s.goodputGbps() <= 20.0 + 1e-9, "more than the link: " + s.goodputGbps());
    }

    @Test
    void rttNearThePapers() {
        assertTrue(s.rttHost().meanUs() >= 30 && s.rttHost().meanUs() <= 122, "mean RTT " + s.rttHost().meanUs() + " us not in 30..122");
        assertTrue(s.rttHost().p99Us() >= 58 && s.rttHost().p99Us() <= 232, "p99 RTT " + s.rttHost().p99Us() + " us not in 58..232");
    }

    @Test
    void sharesFairly() {
        assertEquals(40, s.flowThroughputGbps().length);
        assertTrue(s.jainIndex() >= 0.95, "Jain's index " + s.jainIndex());
    }

    /**
     * The start (40 flows at C/(N+1) per client, 208 Gb/s offered into 20) pauses
     * the clients during the warm-up; once TIMELY has settled there are none.
     */
    @Test
    void noPausesOnceSettledAndNoLoss() {
        assertEquals(0, run.counters().pfcPauseFramesSentMeasured(), "pause frames after the warm-up");
        assertEquals(0, run.counters().dropPackets(), "drops with PFC on");
    }
}
