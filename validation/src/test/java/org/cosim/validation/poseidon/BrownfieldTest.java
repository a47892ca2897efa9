package org.cosim.validation.poseidon;

import static org.cosim.validation.poseidon.PaperRuns.assertWithin;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

/**
 * Fig 20(b) (brownfield): INT only on tor[10]; Poseidon runs on max(MPD, the
 * delay the INT switches did not report). CI size: 5 ms with 2 ms warm-up.
 */
class BrownfieldTest {
    private static final String[] SHORT = {"duration_us=5000", "output.warmup_us=2000"};

    /** M = 2, N = 9: the shared bottleneck has INT; the victim and the blue flows reach 20 Gb/s within 15%. */
    @Test
    void theVictimAndTheBlueFlowsReachTheirShareWhenTheBottleneckHasInt() {
        double[] g = PaperRuns.gbps(PaperRuns.runWith("fig20b-brownfield-m2-n9.textproto", PaperRuns.POSEIDON,
                "brownfield: true", SHORT));
        assertWithin(20, 0.15, g[0], "victim");
        for (int j = 3; j < 12; j++) {
            assertWithin(20, 0.15, g[j], "blue flow " + (j - 2));
        }
    }

    /**
     * M = 9, N = 2: the victim's bottleneck (tor[0]'s uplink) has no INT; the paper:
     * the victim gets a little more than its 20 Gb/s and the unfairness is bounded.
     */
    @Test
    void withoutIntAtTheBottleneckTheUnfairnessIsBounded() {
        double[] g = PaperRuns.gbps(PaperRuns.runWith("fig20b-brownfield-m9-n2.textproto", PaperRuns.POSEIDON,
                "brownfield: true", SHORT));
        assertTrue(g[0] >= 0.85 * 20 && g[0] <= 1.5 * 20, () -> "victim " + g[0] + " Gb/s");
        for (int i = 1; i <= 9; i++) {
            assertWithin(20, 0.25, g[i], "green flow " + i);
        }
    }
}
