package org.cosim.agents.wire;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import io.grpc.ManagedChannel;
import io.grpc.Status;
import io.grpc.StatusRuntimeException;
import io.grpc.netty.shaded.io.grpc.netty.NettyChannelBuilder;
import java.util.concurrent.TimeUnit;
import org.cosim.proto.AgentServiceGrpc;
import org.cosim.proto.ResolveRequest;
import org.cosim.proto.RunSpec;
import org.cosim.scenario.ScenarioException;
import org.junit.jupiter.api.Test;

/** The Resolve RPC: answered by the resolver the server was started with, errors as gRPC statuses. */
class ResolveRpcTest {
    private static RunSpec call(ScenarioResolver resolver, String text) {
        try (AgentServer server = AgentServer.start("127.0.0.1", 0, AgentServerOptions.DEFAULTS, resolver)) {
            ManagedChannel ch = NettyChannelBuilder.forAddress("127.0.0.1", server.port()).usePlaintext().build();
            try {
                return AgentServiceGrpc.newBlockingStub(ch).withDeadlineAfter(10, TimeUnit.SECONDS)
                        .resolve(ResolveRequest.newBuilder().setScenarioText(text).setScenarioPath("/x.textproto").build());
            } finally {
                ch.shutdownNow();
            }
        }
    }

    @Test
    void answersWithTheResolversSpec() {
        RunSpec r = call(req -> RunSpec.newBuilder().setScenarioName(req.getScenarioText() + "@"
                + req.getScenarioPath()).build(), "abc");
        assertEquals("abc@/x.textproto", r.getScenarioName());
    }

    @Test
    void aBadScenarioIsInvalidArgumentNamingTheField() {
        StatusRuntimeException e = assertThrows(StatusRuntimeException.class, () -> call(req -> {
            throw new ScenarioException("topology.incast_star.clients", "0: need at least one client");
        }, "x"));
        assertEquals(Status.Code.INVALID_ARGUMENT, e.getStatus().getCode());
        assertEquals("bad scenario: topology.incast_star.clients: 0: need at least one client",
                e.getStatus().getDescription());
    }

    @Test
    void withoutAResolverItIsUnimplemented() {
        StatusRuntimeException e = assertThrows(StatusRuntimeException.class, () -> call(null, "x"));
        assertEquals(Status.Code.UNIMPLEMENTED, e.getStatus().getCode());
    }
}
