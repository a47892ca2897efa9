package org.cosim.validation.poseidon;

import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.cosim.runner.ShippedScenarios;
import org.cosim.scenario.ScenarioException;
import org.cosim.setup.RunSetup;
import org.junit.jupiter.api.Test;

/**
 * Protective Load Balancing on the Java fabric (scenarios/poseidon/plb-leaf-spine):
 * two long Swift flows that ECMP puts on the same spine of a two-spine 200 Gb/s
 * leaf-spine get half an uplink each; with PLB they move until they take
 * different spines and each runs at line rate (the last 1.5 ms of 5).
 */
class PlbTest {
    private static final String FILE = "plb-leaf-spine.textproto";

    @Test
    void collidedSwiftFlowsShareOneSpineWithoutPlb() {
        for (double g : PaperRuns.gbps(PaperRuns.run(FILE, PaperRuns.SWIFT))) {
            assertTrue(g > 90 && g < 110, "half an uplink each: " + g + " Gb/s");
        }
    }

    @Test
    void plbMovesThemApart() {
        for (double g : PaperRuns.gbps(PaperRuns.runWith(FILE, PaperRuns.SWIFT, "window {plb {}}"))) {
            assertTrue(g > 190, "a spine each: " + g + " Gb/s");
        }
    }

    /**
     * A spine link dropping to 50 Gb/s at 2 ms (plb-link-degrades, four flows, four spines): Swift with
     * Linux's PLB settings parts the two flows ECMP collided but lands one of them on the slow spine, where
     * two flows at Swift's target are congested on about half their ACKs, under PLB's 50%, and stay (two
     * flows under 30 Gb/s). Poseidon with 3 congested rounds per move keeps moving: a flow alone on the slow
     * link sits at its target and is congested on more than half its ACKs, so every flow takes turns there
     * and none stays behind: 450 Gb/s without PLB (50 + 100 + 200 + 100), over 540 with it, every flow over
     * 100.
     */
    @Test
    void aDegradedLinkSeenByPlb() {
        String file = "plb-link-degrades.textproto";
        double[] swift = PaperRuns.gbps(PaperRuns.runWith(file, PaperRuns.SWIFT, "window {plb {}}"));
        double[] poseidon = PaperRuns.gbps(PaperRuns.runWith(file, PaperRuns.POSEIDON,
                "window {plb {rehash_rounds: 3}}"));
        assertTrue(java.util.Arrays.stream(swift).filter(g -> g < 30).count() == 2,
                "two Swift flows share the slow link: " + java.util.Arrays.toString(swift));
        assertTrue(java.util.Arrays.stream(poseidon).sum() > 540 && java.util.Arrays.stream(poseidon).min()
                .getAsDouble() > 100, "Poseidon: every flow takes turns on the slow spine: "
                + java.util.Arrays.toString(poseidon));
    }

    @Test
    void hpccRefusesPlb() {
        ScenarioException e = assertThrows(ScenarioException.class, () -> RunSetup.of(
                ShippedScenarios.read("poseidon/" + FILE, "protocol.hpcc={window {plb {}}}")));
        assertTrue(e.getMessage().contains("protocol.hpcc.window.plb"), e.getMessage());
    }
}
