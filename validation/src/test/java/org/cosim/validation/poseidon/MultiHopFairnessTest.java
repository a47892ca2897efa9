package org.cosim.validation.poseidon;

import static org.cosim.validation.poseidon.PaperRuns.assertWithin;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.cosim.runner.results.RunResults;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * Fig 14 (multi-hop congestion, 200 Gb/s Clos): the victim shares its first hop
 * with M flows and its last hop with N. Poseidon gives it, and every other flow,
 * its max-min share within 15%; Swift's victim gets at most half its share once
 * both hops are congested (the paper: it "cannot compete"). CI size: 5 ms, the
 * first 2 ms are warm-up (the shipped files run 10 ms).
 */
class MultiHopFairnessTest {
    private static final String[] SHORT = {"duration_us=5000", "output.warmup_us=2000"};

    @ParameterizedTest(name = "M = {0}, N = {1}")
    @CsvSource({"0, 2", "2, 2", "2, 5", "2, 9", "5, 2", "9, 2"})
    void poseidonGivesEveryFlowItsMaxMinShare(int m, int n) {
        double[] g = PaperRuns.gbps(PaperRuns.run(file(m, n), PaperRuns.POSEIDON, SHORT));
        double victim = 200.0 / Math.max(m + 1, n + 1);
        assertWithin(victim, 0.15, g[0], "victim");
        for (int i = 1; i <= m; i++) {
            assertWithin((200 - victim) / m, 0.15, g[i], "green flow " + i);
        }
        for (int j = 1; j <= n; j++) {
            assertWithin((200 - victim) / n, 0.15, g[m + j], "blue flow " + j);
        }
    }

    @ParameterizedTest(name = "M = {0}, N = {1}")
    @CsvSource({"2, 2", "2, 5", "2, 9", "5, 2", "9, 2"})
    void swiftStarvesTheVictimOfTwoCongestedHops(int m, int n) {
        RunResults r = PaperRuns.run(file(m, n), PaperRuns.SWIFT, SHORT);
        double share = 200.0 / Math.max(m + 1, n + 1);
        double victim = PaperRuns.gbps(r)[0];
        assertTrue(victim <= share / 2, () -> "Swift's victim got " + victim + " Gb/s of its " + share);
    }

    private static String file(int m, int n) {
        return "fig14-m" + m + "-n" + n + ".textproto";
    }
}
