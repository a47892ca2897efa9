package org.cosim.runner.results;

import java.util.List;

/** Summaries made by hand for tests of what reads them: given flow rates and Jain's index, no samples otherwise. */
public final class Summaries {
    private Summaries() {}

    public static Summary withRates(double jain, double... gbps) {
        RttStats none = RttStats.of(new long[0]);
        return new Summary(0, 0, gbps, jain, none, none, FctStats.of(List.of(), 0), 0, 0, Double.NaN, null, null,
                List.of(), List.of());
    }
}
