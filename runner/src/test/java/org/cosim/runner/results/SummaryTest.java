package org.cosim.runner.results;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

/** The flow-throughput statistics a Summary derives from its per-flow rates. */
class SummaryTest {
    private static Summary withFlowRates(double... gbps) {
        return Summaries.withRates(Stats.jain(gbps), gbps);
    }

    @Test
    void worstTenthIsTheMeanOfTheSlowestTenthRoundedUp() {
        // 12 flows: the slowest tenth rounds up to two flows, 1 and 3 Gb/s, whatever their order.
        Summary s = withFlowRates(9, 3, 8, 7, 1, 6, 5, 9, 8, 7, 6, 5);
        assertEquals(2.0, s.flowThroughputWorstTenthGbps(), 1e-12);
        assertEquals(1.0, s.flowThroughputMinGbps(), 1e-12);
        // 10 flows: exactly one; 3 flows: still one.
        assertEquals(1.0, withFlowRates(4, 4, 4, 4, 1, 4, 4, 4, 4, 4).flowThroughputWorstTenthGbps(), 1e-12);
        assertEquals(0.5, withFlowRates(2, 0.5, 7).flowThroughputWorstTenthGbps(), 1e-12);
        assertTrue(Double.isNaN(withFlowRates().flowThroughputWorstTenthGbps()), "no flows, no value");
    }
}
