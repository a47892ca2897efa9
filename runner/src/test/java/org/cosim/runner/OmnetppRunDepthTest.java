package org.cosim.runner;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;

import org.cosim.proto.Scenario;
import org.junit.jupiter.api.Test;

/**
 * The pipeline depth an OMNeT++ run uses: the scenario's own, or the runner's
 * default, cut down until it divides L into whole picoseconds (FabricConfig
 * refuses any other).
 */
class OmnetppRunDepthTest {
    private static final Scenario UNSET = Scenario.newBuilder().setName("s").build();

    @Test
    void aScenarioWithoutADepthRunsAtTheDefault() {
        assertEquals(4, OmnetppBackend.DEFAULT_PIPELINE_DEPTH);
        Scenario run = OmnetppBackend.asRun(UNSET, 1_000_000);
        assertEquals(4, run.getPipelineDepth());
        assertEquals(UNSET.toBuilder().clearPipelineDepth().build(), run.toBuilder().clearPipelineDepth().build(),
                "only the depth changes");
    }

    @Test
    void theDefaultIsCutDownToADivisorOfL() {
        assertEquals(3, OmnetppBackend.asRun(UNSET, 999_999).getPipelineDepth());
        assertEquals(2, OmnetppBackend.asRun(UNSET, 1_000_006).getPipelineDepth());
        assertEquals(1, OmnetppBackend.asRun(UNSET, 1_000_001).getPipelineDepth());
    }

    @Test
    void theScenariosOwnDepthIsKept() {
        Scenario one = UNSET.toBuilder().setPipelineDepth(1).build();
        assertSame(one, OmnetppBackend.asRun(one, 1_000_000));
        Scenario five = UNSET.toBuilder().setPipelineDepth(5).build();
        assertSame(five, OmnetppBackend.asRun(five, 1_000_000));
    }
}
