package org.cosim.validation.poseidon;

import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * Fig 15 (reverse-path congestion): N flows congest only the path of the
 * victim's ACKs. Poseidon's signal is the forward path's MPD, so the victim keeps
 * at least 90% of 200 Gb/s; Swift reacts to the RTT, which carries the reverse
 * queue, and falls to about the reverse flows' share 200 / N. CI size: 5 ms with
 * 2 ms warm-up.
 */
class ReversePathTest {
    private static final String[] SHORT = {"duration_us=5000", "output.warmup_us=2000"};

    @ParameterizedTest(name = "N = {0}")
    @ValueSource(ints = {1, 2, 3, 4, 5, 6, 7, 8})
    void poseidonKeepsTheForwardPathFull(int n) {
        double victim = PaperRuns.gbps(PaperRuns.run("fig15-n" + n + ".textproto", PaperRuns.POSEIDON, SHORT))[0];
        assertTrue(victim >= 180, () -> "Poseidon's victim got " + victim + " Gb/s with " + n + " reverse flows");
    }

    @ParameterizedTest(name = "N = {0}")
    @ValueSource(ints = {2, 4, 8})
    void swiftFallsToTheReverseShare(int n) {
        double victim = PaperRuns.gbps(PaperRuns.run("fig15-n" + n + ".textproto", PaperRuns.SWIFT, SHORT))[0];
        double share = 200.0 / n;
        assertTrue(victim <= 1.1 * share, () -> "Swift's victim got " + victim + " Gb/s, reverse share " + share);
    }
}
