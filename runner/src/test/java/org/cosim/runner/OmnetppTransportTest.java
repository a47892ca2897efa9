package org.cosim.runner;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import org.junit.jupiter.api.Test;

/** How opp_run reaches the agents: in-process unless a server is named or gRPC is asked for. */
class OmnetppTransportTest {
    private static final RunSettings DEFAULT = RunSettings.in(Path.of("out"), System.err);

    @Test
    void theRunnersDefaultIsInProcess() {
        assertFalse(OmnetppBackend.overGrpc(DEFAULT));
    }

    @Test
    void transportGrpcOrANamedServerGoOverGrpc() {
        assertTrue(OmnetppBackend.overGrpc(DEFAULT.withTransport(AgentTransports.Kind.GRPC, null)));
        assertTrue(OmnetppBackend.overGrpc(DEFAULT.withAgents("10.0.0.2:50051")));
    }
}
