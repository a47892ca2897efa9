package org.cosim.runner;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;

import org.cosim.proto.Scenario;
import org.junit.jupiter.api.Test;

/**
 * The pipeline depth an OMNeT++ run uses: the scenario's own; with the agents over
 * gRPC, the runner's default, cut down until it divides L into whole picoseconds
 * (FabricConfig refuses any other); with them in-process, depth 1.
 */
class OmnetppRunDepthTest {
    private static final Scenario UNSET = Scenario.newBuilder().setName("s").build();

    @Test
    void aScenarioWithoutADepthRunsAtTheDefault() {
        assertEquals(4, OmnetppBackend.DEFAULT_PIPELINE_DEPTH);
        Scenario run = OmnetppBackend.asRun(UNSET, 1_000_000, true);
        assertEquals(4, run.getPipelineDepth());
        assertEquals(UNSET.toBuilder().clearPipelineDepth().build(), run.toBuilder().clearPipelineDepth().build(),
                "only the depth changes");
    }

    @Test
    void inProcessAgentsRunAScenarioWithoutADepthAtDepthOne() {
        assertSame(UNSET, OmnetppBackend.asRun(UNSET, 1_000_000, false));
        RunSettings settings = RunSettings.in(java.nio.file.Path.of("out"), System.err);
        assertEquals(false, OmnetppBackend.overGrpc(settings), "the runner's default: in-process");
        assertEquals(true, OmnetppBackend.overGrpc(settings.withTransport(AgentTransports.Kind.GRPC, null)));
        assertEquals(true, OmnetppBackend.overGrpc(settings.withAgents("10.0.0.2:50051")));
    }

    @Test
    void theDefaultIsCutDownToADivisorOfL() {
        assertEquals(3, OmnetppBackend.asRun(UNSET, 999_999, true).getPipelineDepth());
        assertEquals(2, OmnetppBackend.asRun(UNSET, 1_000_006, true).getPipelineDepth());
        assertEquals(1, OmnetppBackend.asRun(UNSET, 1_000_001, true).getPipelineDepth());
    }

    @Test
    void theScenariosOwnDepthIsKept() {
        Scenario one = UNSET.toBuilder().setPipelineDepth(1).build();
        assertSame(one, OmnetppBackend.asRun(one, 1_000_000, true));
        Scenario five = UNSET.toBuilder().setPipelineDepth(5).build();
        assertSame(five, OmnetppBackend.asRun(five, 1_000_000, false));
    }
}
