package org.cosim.runner.results;

import java.io.Serializable;
import java.util.List;

/**
 * Per-interval samples: bytes each flow delivered in the interval ending at
 * times[s], and each monitored queue's length at that time.
 */
public record TimeSeries(long intervalPs, long[] times, long[][] flowBytes, List<String> queueNames,
                         long[][] queueBytes) implements Serializable {
    public int samples() {
        return times.length;
    }
}
