package org.cosim.runner.results;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.util.List;
import org.junit.jupiter.api.Test;

/** The rate metrics on hand-made time series: 10 us samples, bytes chosen so rates are round numbers. */
class FlowRatesTest {
    private static final long US = 1_000_000L;
    private static final long INTERVAL = 10 * US;
    /** Bytes in 10 us at 8 Gb/s... 1 Gb/s = 1250 bytes per 10 us. */
    private static final long GBPS = 1250;

    /** One flow whose rate in Gb/s is given per 10 us sample; sample s ends at (s + 1) * 10 us. */
    private static TimeSeries series(double... gbps) {
        long[] times = new long[gbps.length];
        long[][] bytes = new long[gbps.length][1];
        for (int s = 0; s < gbps.length; s++) {
            times[s] = (s + 1) * INTERVAL;
            bytes[s][0] = Math.round(gbps[s] * GBPS);
        }
        return new TimeSeries(INTERVAL, times, bytes, List.of(), new long[gbps.length][0]);
    }

    @Test
    void ratesAndMeanComeFromBytesPerInterval() {
        TimeSeries ts = series(4, 8, 12, 16);
        assertEquals(8.0, FlowRates.gbps(ts, 0)[1], 1e-9);
        // samples ending at 20 and 30 us: (8 + 12) / 2
        assertEquals(10.0, FlowRates.meanGbps(ts, 0, 10 * US, 30 * US), 1e-9);
    }

    @Test
    void stdDevIsOverWindowAverages() {
        TimeSeries ts = series(0, 10, 0, 10, 4, 6, 4, 6);
        // Per sample: mean 5, deviations 5,5,5,5,1,1,1,1 -> sqrt(13)
        assertEquals(Math.sqrt(13), FlowRates.stdDevGbps(ts, 0, 0, 80 * US, INTERVAL), 1e-9);
        // Windows of two samples: 5, 5, 5, 5 -> 0
        assertEquals(0.0, FlowRates.stdDevGbps(ts, 0, 0, 80 * US, 2 * INTERVAL), 1e-9);
        // Only the last four samples (after 40 us): 4, 6, 4, 6 -> 1
        assertEquals(1.0, FlowRates.stdDevGbps(ts, 0, 40 * US, 80 * US, INTERVAL), 1e-9);
        assertThrows(IllegalArgumentException.class, () -> FlowRates.stdDevGbps(ts, 0, 0, 80 * US, 15 * US));
    }

    @Test
    void convergenceIsTheStartOfTheFirstStayInTheBand() {
        // Fair share 100, +-10%: the flow passes through the band at 30 us (overshoots to 130 after),
        // then enters it for good at 70 us.
        TimeSeries ts = series(20, 60, 95, 130, 130, 80, 95, 105, 100, 98, 102, 100);
        assertEquals(70 * US, FlowRates.convergencePs(ts, 0, 0, 100, 0.1, INTERVAL, 50 * US));
        // Hold longer than the series has left after 70 us: never converged.
        assertEquals(-1, FlowRates.convergencePs(ts, 0, 0, 100, 0.1, INTERVAL, 60 * US));
    }

    @Test
    void convergenceSmoothsOverTheGivenSpan() {
        // Alternating 80/120 averages to 100 over two samples: in the band from the second sample.
        TimeSeries ts = series(80, 120, 80, 120, 80, 120, 80, 120);
        assertEquals(-1, FlowRates.convergencePs(ts, 0, 0, 100, 0.1, INTERVAL, 30 * US));
        assertEquals(20 * US, FlowRates.convergencePs(ts, 0, 0, 100, 0.1, 2 * INTERVAL, 30 * US));
        // Measured from the flow's start: a start at 20 us leaves the first samples out of the average.
        assertEquals(20 * US, FlowRates.convergencePs(ts, 0, 20 * US, 100, 0.1, 2 * INTERVAL, 30 * US));
    }
}
