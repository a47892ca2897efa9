package org.cosim.validation.poseidon;

import static org.cosim.validation.poseidon.PaperRuns.assertWithin;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

/** The three-switch parking lot: max-min gives every flow 100 Gb/s; Swift's two-hop flow sums two queues. */
class ParkingLotTest {
    private static final String[] SHORT = {"duration_us=5000", "output.warmup_us=2000"};

    @Test
    void poseidonIsMaxMinFairAcrossTwoBottlenecks() {
        double[] g = PaperRuns.gbps(PaperRuns.run("parking-lot.textproto", PaperRuns.POSEIDON, SHORT));
        for (int f = 0; f < 3; f++) {
            assertWithin(100, 0.15, g[f], "flow " + f);
        }
    }

    @Test
    void swiftShortChangesTheTwoHopFlow() {
        double[] g = PaperRuns.gbps(PaperRuns.run("parking-lot.textproto", PaperRuns.SWIFT, SHORT));
        assertTrue(g[0] <= 50, () -> "Swift's two-hop flow got " + g[0] + " Gb/s");
    }
}
