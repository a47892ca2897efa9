package org.cosim.validation.poseidon;

import static org.junit.jupiter.api.Assertions.assertTrue;

import org.cosim.runner.results.RunResults;
import org.cosim.validation.experiments.PaperMetrics;
import org.junit.jupiter.api.Test;

/**
 * Fig 17(b): one flow among N on a 200 Gb/s hop (200 / N Gb/s each). The metric:
 * each flow's throughput standard deviation over time in 1 ms windows after the
 * warm-up (FlowRates.stdDevGbps), averaged over the N flows. CI size: 15 ms,
 * 5 ms warm-up.
 *
 * <p>At N = 50 (windows of two to three packets) Poseidon's rate varies about a
 * quarter as much as Swift's (3.9x full size), as the paper has it. At N = 200
 * Poseidon's windows straddle one packet and oscillate between a fifth of a
 * packet and two (0.40 Gb/s against Swift's 0.08): the law's own behaviour at
 * sub-packet windows, which N = 300 and 400 show with either window rule;
 * docs/poseidon-swift.md has the measurements, and the validation report shows
 * that row as a known deviation.
 */
class StabilityTest {
    private static final long MS = 1_000_000_000L;
    private static final String[] SHORT = {"duration_us=15000", "output.warmup_us=5000",
            "output.sample_interval_us=100"};

    static double meanStdDevGbps(RunResults r) {
        return PaperMetrics.meanStdDevGbps(r, MS);
    }

    private static double stdDevAmong(int n, String protocol) {
        String[] overrides = java.util.Arrays.copyOf(SHORT, SHORT.length + 1);
        overrides[SHORT.length] = "topology.parking_lot.hosts_per_switch=" + (n + 1);
        return meanStdDevGbps(PaperRuns.run("fig17b-stability.textproto", protocol, overrides));
    }

    @Test
    void poseidonsRateVariesLessThanSwiftsAmongFiftyFlows() {
        double poseidon = stdDevAmong(50, PaperRuns.POSEIDON);
        double swift = stdDevAmong(50, PaperRuns.SWIFT);
        assertTrue(swift >= 3 * poseidon,
                () -> String.format("std-dev Poseidon %.4f, Swift %.4f Gb/s: ratio %.2f < 3", poseidon, swift,
                        swift / poseidon));
    }
}
