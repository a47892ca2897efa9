package org.cosim.fabric.agent;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.grpc.Server;
import io.grpc.netty.shaded.io.grpc.netty.NettyServerBuilder;
import io.grpc.stub.StreamObserver;
import java.io.IOException;
import java.net.InetSocketAddress;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import org.cosim.agents.api.ActionBatch;
import org.cosim.agents.api.EventBatch;
import org.cosim.agents.wire.AgentClient;
import org.cosim.agents.wire.AgentServer;
import org.cosim.agents.wire.AgentServerOptions;
import org.cosim.fabric.FabricResult;
import org.cosim.fabric.FabricSimulation;
import org.cosim.fabric.TestScenarios;
import org.cosim.proto.Action;
import org.cosim.proto.AgentMessage;
import org.cosim.proto.AgentServiceGrpc;
import org.cosim.proto.FabricMessage;
import org.cosim.proto.HelloAck;
import org.cosim.proto.SetTimer;
import org.junit.jupiter.api.Test;

/** The Java fabric driving agents over a real gRPC session on loopback, and what it does when the other end fails. */
class GrpcTransportTest {
    private static FabricSimulation incast() {
        return FabricSimulation.of(TestScenarios.incast(4, 2, 200_000, 4_000_000, 100_000, 2000));
    }

    private static FabricResult overGrpc(FabricSimulation sim, int port, Duration deadline) {
        AgentClient client = AgentClient.connect("127.0.0.1", port, deadline);
        return sim.run(GrpcTransport.open(client, sim.session(), sim.scenario()));
    }

    private static long[] finishTimes(FabricResult r) {
        long[] t = new long[r.flows().size()];
        for (int f = 0; f < t.length; f++) {
            t[f] = r.flowStats().finishPs(f);
        }
        return t;
    }

    @Test
    void concurrentSessionsAreIsolatedAndMatchTheDirectRun() throws Exception {
        FabricSimulation sim = incast();
        FabricResult direct = sim.run(new DirectTransport(sim.session()));
        try (AgentServer server = AgentServer.start("127.0.0.1", 0, AgentServerOptions.DEFAULTS)) {
            ExecutorService pool = Executors.newFixedThreadPool(3);
            try {
                List<Future<FabricResult>> runs = new ArrayList<>();
                for (int i = 0; i < 3; i++) {
                    runs.add(pool.submit(() -> overGrpc(incast(), server.port(), Duration.ofSeconds(30))));
                }
                for (Future<FabricResult> f : runs) {
                    FabricResult r = f.get();
                    assertNull(r.failure());
                    assertEquals(direct.eventsProcessed(), r.eventsProcessed());
                    assertEquals(java.util.Arrays.toString(finishTimes(direct)),
                            java.util.Arrays.toString(finishTimes(r)));
                }
            } finally {
                pool.shutdownNow();
            }
            assertEquals(0, server.service().activeSessions(), "every session ended");
        }
    }

    /** HPCC reads the per-hop INT records: they cross the wire with their completions and give the same run. */
    @Test
    void intHopRecordsTravelTheWireAndMatchTheDirectRun() throws Exception {
        org.cosim.proto.Scenario.Builder b = TestScenarios.incast(4, 2, 200_000, 4_000_000, 100_000, 2000).toBuilder();
        b.getProtocolBuilder().setHpcc(org.cosim.proto.Hpcc.getDefaultInstance());
        b.getTopologyBuilder().getSwitchesBuilder().getIntTelemetryBuilder().setEnabled(true);
        FabricSimulation sim = FabricSimulation.of(b.build());
        FabricResult direct = sim.run(new DirectTransport(sim.session()));
        try (AgentServer server = AgentServer.start("127.0.0.1", 0, AgentServerOptions.DEFAULTS)) {
            FabricResult r = overGrpc(FabricSimulation.of(b.build()), server.port(), Duration.ofSeconds(30));
            assertNull(r.failure());
            assertEquals(direct.eventsProcessed(), r.eventsProcessed());
            assertEquals(java.util.Arrays.toString(finishTimes(direct)), java.util.Arrays.toString(finishTimes(r)));
        }
    }

    @Test
    void anAgentServerThatDiesMidRunEndsTheRunWithWhatItHad() {
        FabricSimulation sim = incast();
        AgentServer server = AgentServer.start("127.0.0.1", 0, AgentServerOptions.DEFAULTS);
        GrpcTransport grpc = GrpcTransport.open(AgentClient.connect("127.0.0.1", server.port(), Duration.ofSeconds(30)),
                sim.session(), sim.scenario());
        AgentTransport dying = new AgentTransport() {
            private int windows;

            @Override
            public void exchange(EventBatch events, ActionBatch actions) {
                if (++windows == 100) {
                    server.close();
                }
                grpc.exchange(events, actions);
            }

            @Override
            public void close() {
                grpc.close();
            }
        };
        FabricResult r = sim.run(dying);
        assertNotNull(r.failure());
        assertTrue(r.failure().getMessage().contains("agent server"), r.failure().getMessage());
        assertTrue(r.reachedPs() < sim.config().durationPs());
        long delivered = 0;
        for (int f = 0; f < r.flows().size(); f++) {
            delivered += r.flowStats().deliveredBytes(f);
        }
        assertTrue(delivered > 0, "what happened before the failure is kept");
    }

    /** A fake agent server: answers the Hello, then every window with {@code answer}. */
    private static Server fake(java.util.function.Function<FabricMessage, AgentMessage> answer) throws IOException {
        return NettyServerBuilder.forAddress(new InetSocketAddress("127.0.0.1", 0)).addService(
                new AgentServiceGrpc.AgentServiceImplBase() {
                    @Override
                    public StreamObserver<FabricMessage> session(StreamObserver<AgentMessage> out) {
                        return new StreamObserver<>() {
                            @Override
                            public void onNext(FabricMessage m) {
                                if (m.hasHello()) {
                                    out.onNext(AgentMessage.newBuilder().setHelloAck(HelloAck.getDefaultInstance())
                                            .build());
                                    return;
                                }
                                AgentMessage a = answer.apply(m);
                                if (a != null) {
                                    out.onNext(a);
                                }
                            }

                            @Override
                            public void onError(Throwable t) {}

                            @Override
                            public void onCompleted() {}
                        };
                    }
                }).build().start();
    }

    @Test
    void anAgentServerThatAnswersTooEarlyIsCaught() throws IOException {
        Server lying = fake(m -> {
            long w = m.getEvents().getWindowStartPs();
            return AgentMessage.newBuilder().setActions(org.cosim.proto.ActionBatch.newBuilder().setWindowStartPs(w)
                    .addActions(Action.newBuilder().setTimePs(w + 1).setHost(1)
                            .setSetTimer(SetTimer.newBuilder().setTimerId(1)))).build();
        });
        try {
            FabricResult r = overGrpc(incast(), lying.getPort(), Duration.ofSeconds(30));
            assertNotNull(r.failure());
            assertTrue(r.failure() instanceof BadActionException, r.failure().toString());
            assertTrue(r.failure().getMessage().contains("before the window's end"), r.failure().getMessage());
        } finally {
            lying.shutdownNow();
        }
    }

    @Test
    void anAgentServerThatNeverAnswersHitsTheDeadline() throws IOException {
        Server silent = fake(m -> null);
        try {
            FabricResult r = overGrpc(incast(), silent.getPort(), Duration.ofMillis(300));
            assertNotNull(r.failure());
            assertTrue(r.failure().getMessage().contains("within 300 ms"), r.failure().getMessage());
        } finally {
            silent.shutdownNow();
        }
    }
}
