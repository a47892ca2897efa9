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
import org.cosim.agents.wire.AgentLinkException;
import org.cosim.agents.wire.AgentServer;
import org.cosim.agents.wire.AgentServerOptions;
import org.cosim.fabric.FabricResult;
import org.cosim.fabric.FabricSimulation;
import org.cosim.fabric.TestScenarios;
import org.cosim.proto.Action;
import org.cosim.proto.AgentMessage;
import org.cosim.proto.AgentServiceGrpc;
import org.cosim.proto.ContractVersion;
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
        return sim.run(GrpcTransport.open(client, sim.setup().session(), sim.setup().scenario()));
    }

    private static long[] finishTimes(FabricResult r) {
        long[] t = new long[r.setup().flows().size()];
        for (int f = 0; f < t.length; f++) {
            t[f] = r.measured().flowStats().finishPs(f);
        }
        return t;
    }

    @Test
    void concurrentSessionsAreIsolatedAndMatchTheDirectRun() throws Exception {
        FabricSimulation sim = incast();
        FabricResult direct = sim.run(new DirectTransport(sim.setup().session()));
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
                    assertEquals(direct.work().eventsProcessed(), r.work().eventsProcessed());
                    assertEquals(java.util.Arrays.toString(finishTimes(direct)),
                            java.util.Arrays.toString(finishTimes(r)));
                }
            } finally {
                pool.shutdownNow();
            }
            // The server ends a session on its own thread once the client has closed its stream: wait for it.
            long deadline = System.nanoTime() + Duration.ofSeconds(10).toNanos();
            while (server.service().activeSessions() > 0 && System.nanoTime() < deadline) {
                Thread.sleep(10);
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
        FabricResult direct = sim.run(new DirectTransport(sim.setup().session()));
        try (AgentServer server = AgentServer.start("127.0.0.1", 0, AgentServerOptions.DEFAULTS)) {
            FabricResult r = overGrpc(FabricSimulation.of(b.build()), server.port(), Duration.ofSeconds(30));
            assertNull(r.failure());
            assertEquals(direct.work().eventsProcessed(), r.work().eventsProcessed());
            assertEquals(java.util.Arrays.toString(finishTimes(direct)), java.util.Arrays.toString(finishTimes(r)));
        }
    }

    @Test
    void anAgentServerThatDiesMidRunEndsTheRunWithWhatItHad() {
        FabricSimulation sim = incast();
        AgentServer server = AgentServer.start("127.0.0.1", 0, AgentServerOptions.DEFAULTS);
        GrpcTransport grpc = GrpcTransport.open(AgentClient.connect("127.0.0.1", server.port(), Duration.ofSeconds(30)),
                sim.setup().session(), sim.setup().scenario());
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
        assertTrue(r.reachedPs() < sim.setup().config().durationPs());
        long delivered = 0;
        for (int f = 0; f < r.setup().flows().size(); f++) {
            delivered += r.measured().flowStats().deliveredBytes(f);
        }
        assertTrue(delivered > 0, "what happened before the failure is kept");
    }

    /** What a good agent server acknowledges a Hello with. */
    private static final HelloAck GOOD_ACK = HelloAck.newBuilder().setVersion(ContractVersion.CONTRACT_VERSION_1)
            .setMaxBatchEvents(1 << 20).build();

    /** A fake agent server: answers the Hello, then every window with {@code answer}. */
    private static Server fake(java.util.function.Function<FabricMessage, AgentMessage> answer) throws IOException {
        return fake(GOOD_ACK, answer);
    }

    /**
     * A fake agent server: answers the Hello with {@code ack}, then every message with {@code answer};
     * null ends the stream without an answer (status OK).
     */
    private static Server fake(HelloAck ack, java.util.function.Function<FabricMessage, AgentMessage> answer)
            throws IOException {
        return NettyServerBuilder.forAddress(new InetSocketAddress("127.0.0.1", 0)).addService(
                new AgentServiceGrpc.AgentServiceImplBase() {
                    @Override
                    public StreamObserver<FabricMessage> session(StreamObserver<AgentMessage> out) {
                        return new StreamObserver<>() {
                            @Override
                            public void onNext(FabricMessage m) {
                                if (m.hasHello()) {
                                    out.onNext(AgentMessage.newBuilder().setHelloAck(ack).build());
                                    return;
                                }
                                AgentMessage a = answer.apply(m);
                                if (a == ENDS) {
                                    out.onCompleted();
                                } else if (a != null) {
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

    /** What a fake's {@code answer} returns to end the stream there, with status OK and no answer. */
    private static final AgentMessage ENDS = AgentMessage.getDefaultInstance();

    /** The run's failure with a fake agent server, which must come within 5 s (the client waits 60 s). */
    private static String failureWith(Server fake) {
        try {
            long start = System.nanoTime();
            FabricResult r = overGrpc(incast(), fake.getPort(), Duration.ofSeconds(60));
            assertTrue(System.nanoTime() - start < 5_000_000_000L, "failed at once, not at the deadline");
            return r.failure() == null ? "no failure" : r.failure().getMessage();
        } catch (AgentLinkException e) {
            return e.getMessage();
        } finally {
            fake.shutdownNow();
        }
    }

    /** The C++ client's rule: a HelloAck acknowledges the Hello's contract version (1), no other. */
    @Test
    void aHelloAckOfContractVersion0Or2Or99IsRefused() throws IOException {
        for (int v : new int[] {0, 2, 99}) {
            String f = failureWith(fake(GOOD_ACK.toBuilder().setVersionValue(v).build(), m -> null));
            assertTrue(f.contains("the agent server acknowledged contract version " + v + " for a Hello of version 1"),
                    f);
        }
    }

    @Test
    void aHelloAckThatTakesNoEventsIsRefused() throws IOException {
        String f = failureWith(fake(GOOD_ACK.toBuilder().setMaxBatchEvents(0).build(), m -> null));
        assertTrue(f.contains("max_batch_events must be >= 1"), f);
    }

    /** The incast's first window holds its 8 flow arrivals: more than a server taking 2 events a batch takes. */
    @Test
    void aWindowLargerThanTheServersMaxBatchEventsIsNotSent() throws IOException {
        String f = failureWith(fake(GOOD_ACK.toBuilder().setMaxBatchEvents(2).build(), m -> null));
        assertTrue(f.contains("events, more than the agent server takes (its HelloAck's max_batch_events: 2)"), f);
    }

    /** A server that ends the stream (status OK) instead of answering a window: the run fails at once, saying so. */
    @Test
    void anAgentServerThatEndsTheStreamWithoutAnsweringFailsTheRunAtOnce() throws IOException {
        String f = failureWith(fake(m -> ENDS));
        assertTrue(f.contains("agent server: OK: it ended the session without the actions of the window at 0 ps"), f);
    }

    /** AgentResults must hold one FlowResult per flow of the Hello (8 here: 4 senders, 2 flows each), in order, finished within the run. */
    @Test
    void malformedAgentResultsAreRefused() throws IOException {
        java.util.function.Function<org.cosim.proto.AgentResults, Server> serving = results -> {
            try {
                return fake(m -> m.hasDone() ? AgentMessage.newBuilder().setResults(results).build()
                        : AgentMessage.newBuilder().setActions(org.cosim.proto.ActionBatch.newBuilder()
                                .setWindowStartPs(m.getEvents().getWindowStartPs())).build());
            } catch (IOException e) {
                throw new java.io.UncheckedIOException(e);
            }
        };
        org.cosim.proto.AgentResults.Builder good = org.cosim.proto.AgentResults.newBuilder();
        for (int i = 0; i < 8; i++) {
            good.addFlows(org.cosim.proto.FlowResult.newBuilder().setFlow(i));
        }
        assertEquals("no failure", failureWith(serving.apply(good.build())), "the good results pass");
        String f = failureWith(serving.apply(good.clone().removeFlows(7).build()));
        assertTrue(f.contains("AgentResults has 7 flows for a Hello of 8"), f);
        f = failureWith(serving.apply(good.clone().setFlows(1, good.getFlows(0)).build()));
        assertTrue(f.contains("AgentResults.flows[1] is about flow 0"), f);
        f = failureWith(serving.apply(good.clone().setFlows(2, good.getFlows(2).toBuilder().setFinished(true)
                .setFinishTimePs(-5)).build()));
        assertTrue(f.contains("AgentResults.flows[2] has finish_time_ps -5, outside the run"), f);
        f = failureWith(serving.apply(good.clone().setFlows(2, good.getFlows(2).toBuilder().setFinishTimePs(7))
                .build()));
        assertTrue(f.contains("AgentResults.flows[2] has finish_time_ps 7 for a flow not finished"), f);
        f = failureWith(serving.apply(good.clone().setFlowStates(org.cosim.proto.FlowStates.newBuilder()
                .addNames("cwnd").setFlows(8).setIntervalPs(1000).addValues(1.0)).build()));
        assertTrue(f.contains("the agent server's AgentResults.flow_states"), f);
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
