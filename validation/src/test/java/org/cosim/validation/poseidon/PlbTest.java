package org.cosim.validation.poseidon;

import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.cosim.fabric.FabricSimulation;
import org.cosim.scenario.ScenarioException;
import org.cosim.validation.ShippedScenarios;
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

    @Test
    void hpccRefusesPlb() {
        ScenarioException e = assertThrows(ScenarioException.class, () -> FabricSimulation.of(
                ShippedScenarios.read("poseidon/" + FILE, "protocol.hpcc={window {plb {}}}")));
        assertTrue(e.getMessage().contains("protocol.hpcc.window.plb"), e.getMessage());
    }
}
