package org.cosim.validation.experiments;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.List;
import org.cosim.runner.results.TimeSeries;
import org.junit.jupiter.api.Test;

/**
 * Fig 19's dip and kept share on hand-made 100 us samples: flow 0 is the long flow
 * at 10 Gb/s (125,000 bytes per sample), flow 1 an incast flow that delivers from
 * 10 ms (the incast's start) to the end of the sample at 15 ms.
 */
class NdpFig19ExperimentTest {
    private static final long SAMPLE_PS = 100_000_000L;
    private static final long BYTES_AT_10G = 125_000;
    private static final int SAMPLES = 200;  // 20 ms

    /** The long flow at 10 Gb/s except the given samples (index -> Gb/s). */
    private static TimeSeries series(int[] dipSamples, double dipGbps) {
        long[] times = new long[SAMPLES];
        long[][] bytes = new long[SAMPLES][2];
        for (int s = 0; s < SAMPLES; s++) {
            times[s] = (s + 1) * SAMPLE_PS;
            bytes[s][0] = BYTES_AT_10G;
            bytes[s][1] = times[s] > 10 * 1_000_000_000L && times[s] <= 15 * 1_000_000_000L ? 1000 : 0;
        }
        for (int s : dipSamples) {
            bytes[s][0] = Math.round(BYTES_AT_10G * dipGbps / 10);
        }
        return new TimeSeries(SAMPLE_PS, times, bytes, List.of(), new long[SAMPLES][0]);
    }

    @Test
    void theIncastEndsWithTheLastSampleAnIncastFlowDeliveredIn() {
        assertEquals(15_000_000_000L, NdpFig19Experiment.incastEndPs(series(new int[0], 10)));
    }

    @Test
    void theDipCountsSamplesBelowHalfTheRateBeforeWithinTheIncastOnly() {
        // Samples 100..103 end at 10.1..10.4 ms (in the incast), 170 at 17.1 ms (after it), 50 at 5.1 ms (before).
        TimeSeries ts = series(new int[] {100, 101, 102, 103, 170}, 2);
        assertEquals(0.4, NdpFig19Experiment.dipMs(ts), 1e-9);
        // At 6 Gb/s the long flow is above half its 10 Gb/s: no dip.
        assertEquals(0.0, NdpFig19Experiment.dipMs(series(new int[] {100, 101}, 6)), 1e-9);
    }

    @Test
    void theKeptShareIsTheMeanFromOneMillisecondIntoTheIncastOverTheRateBefore() {
        // The first millisecond of the incast does not count; of the 40 samples ending in (11, 15] ms, 10 at 5 Gb/s.
        int[] early = {100, 101, 102};
        int[] later = new int[10];
        for (int i = 0; i < later.length; i++) {
            later[i] = 120 + i;
        }
        assertEquals(1.0, NdpFig19Experiment.keptShare(series(early, 0)), 1e-9);
        assertEquals((30 * 10 + 10 * 5) / 40.0 / 10, NdpFig19Experiment.keptShare(series(later, 5)), 1e-9);
    }
}
