package org.cosim.runner.results;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.junit.jupiter.api.Test;

/** FCT and slowdown count one set of flows: those that started at or after the warm-up's end. */
class FctStatsTest {
    private static final long US = 1_000_000;
    private static final long WARMUP = 100 * US;

    /** A finite flow of 10 KB with a 10 us ideal FCT; end -1 = unfinished. */
    private static FlowRecord flow(int id, long startUs, long endUs) {
        return new FlowRecord(id, 1, 0, 10_000, startUs * US, endUs < 0 ? -1 : endUs * US, 10 * US,
                new FlowBytes(10_000, 0, 10_000, 10_000, 10_000, 10_000, 0));
    }

    private static final List<FlowRecord> FLOWS = List.of(
            flow(0, 0, 500),      // started in the warm-up: FCT 500 us, slowdown 50, counted nowhere
            flow(1, 99, 199),     // started 1 us before the warm-up's end: left out too
            flow(2, 100, 120),    // FCT 20 us, slowdown 2 (starts exactly at the end: counted)
            flow(3, 150, 190),    // FCT 40 us, slowdown 4
            flow(4, 200, 260),    // FCT 60 us, slowdown 6
            flow(5, 300, -1),     // unfinished
            flow(6, 50, -1));     // unfinished, but in the warm-up: not counted

    @Test
    void theMeasuredFlowsAreThoseStartedAtOrAfterTheWarmup() {
        assertEquals(List.of(2, 3, 4, 5), FlowRecord.measured(FLOWS, WARMUP).stream().map(FlowRecord::id).toList());
    }

    @Test
    void fctAndSlowdownAreOverTheMeasuredFlowsOnlyWithTheirCounts() {
        FctStats s = FctStats.of(FLOWS, WARMUP);
        // Measured: flows 2..5; finished 2, 3, 4 (FCT 20, 40, 60 us); unfinished 5.
        assertEquals(4, s.flowsMeasured());
        assertEquals(3, s.flowsFinished());
        assertEquals(1, s.flowsUnfinished());
        assertEquals((20 + 40 + 60) / 3.0, s.meanUs(), 1e-9);
        assertEquals(40, s.p50Us(), 1e-9);     // nearest rank: ceil(0.5 x 3) = 2nd of 20, 40, 60
        assertEquals(60, s.p99Us(), 1e-9);     // ceil(0.99 x 3) = 3rd
        assertEquals(60, s.maxUs(), 1e-9);     // flow 0's 500 us would be the max with the warm-up counted
        assertEquals(20, s.minUs(), 1e-9);
        assertEquals((2 + 4 + 6) / 3.0, s.slowdownMean(), 1e-9);
        assertEquals(6, s.slowdownP99(), 1e-9);
        assertTrue(!s.allFinished(), "flow 5 has not finished");
    }

    @Test
    void slowdownBySizeCountsTheSameFlows() {
        Slowdowns.Bucket b = Slowdowns.bySize(FLOWS, WARMUP).get(0);  // all 10 KB: the 10-100 KB decade
        assertEquals("10-100 KB", b.name());
        assertEquals(4, b.flows());
        assertEquals(3, b.finished());
        assertEquals(4, b.p50(), 1e-9);
    }

    @Test
    void withoutAWarmupEveryFlowIsMeasured() {
        FctStats s = FctStats.of(FLOWS, 0);
        assertEquals(7, s.flowsMeasured());
        assertEquals(5, s.flowsFinished());
        assertEquals(500, s.maxUs(), 1e-9);
    }
}
