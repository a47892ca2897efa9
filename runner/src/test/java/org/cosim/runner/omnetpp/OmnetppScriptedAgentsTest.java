package org.cosim.runner.omnetpp;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.grpc.Server;
import io.grpc.netty.shaded.io.grpc.netty.NettyServerBuilder;
import io.grpc.stub.StreamObserver;
import java.io.IOException;
import java.net.InetSocketAddress;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.cosim.agents.api.ActionBatch;
import org.cosim.agents.api.ActionSink;
import org.cosim.agents.api.CompletionEvent;
import org.cosim.agents.api.ControlArrivalEvent;
import org.cosim.agents.api.EventBatch;
import org.cosim.agents.api.FlowArrivalEvent;
import org.cosim.agents.api.PacketArrivalEvent;
import org.cosim.agents.api.TimerEvent;
import org.cosim.agents.wire.WireFormat;
import org.cosim.fabric.agent.AgentTransport;
import org.cosim.proto.AgentMessage;
import org.cosim.proto.AgentResults;
import org.cosim.proto.AgentServiceGrpc;
import org.cosim.proto.FabricMessage;
import org.cosim.proto.HelloAck;
import org.cosim.proto.ResolveRequest;
import org.cosim.proto.RunSpec;
import org.cosim.proto.Scenario;
import org.cosim.runner.Backend;
import org.cosim.runner.JavaBackend;
import org.cosim.runner.RunControl;
import org.cosim.runner.RunSettings;
import org.cosim.runner.results.RunResults;
import org.cosim.scenario.ScenarioFiles;
import org.cosim.setup.RunSetup;
import org.cosim.setup.RunSpecs;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * What TIMELY never asks of the fabric, through both back ends: segments without
 * hardware ACK (a PacketArrival per packet at the receiver, with the sender's flags,
 * ECN, INT and send time), the agents' own ACK, NACK and PULL packets in both
 * directions, timers, a source route, flows finished by either end. One scripted
 * agent answers both fabrics (in-process for Java, as a gRPC agent server for
 * OMNeT++); every window's events must be the same, field for field.
 */
class OmnetppScriptedAgentsTest {
    private static final long US = 1_000_000;

    @TempDir
    Path tmp;

    @BeforeAll
    static void needsOmnetpp() {
        OmnetppTests.assumeInstalled("scripted agents on both back ends");
    }

    /**
     * Even flows: 4000-byte hardware-ACKed segments on source route 1, two outstanding,
     * each reported when the NIC has sent it (report_tx: a SegmentTransmitted event),
     * finished by the sender when all are acknowledged. Odd flows: the whole flow as one
     * segment without hardware ACK; the receiver answers every packet with an ACK carrying
     * a pull number and finishes the flow at its last packet; the sender answers every
     * third ACK with a NACK and every fifth with a PULL. Every flow sets a chain of three
     * timers. A pure function of the events it is given (and its own counters).
     */
    static final class Script {
        private final Map<Integer, long[]> ackFlow = new HashMap<>();  // flow -> {total, sent, acked}
        private final Map<Integer, Long> pulls = new HashMap<>();
        private final FlowArrivalEvent fa = new FlowArrivalEvent();
        private final CompletionEvent c = new CompletionEvent();
        private final PacketArrivalEvent pa = new PacketArrivalEvent();
        private final ControlArrivalEvent ca = new ControlArrivalEvent();
        private final TimerEvent te = new TimerEvent();
        private final long l;

        Script(long reactionDelayPs) {
            this.l = reactionDelayPs;
        }

        void answer(EventBatch in, ActionBatch out) {
            out.reset(in.windowStartPs());
            long next = in.windowStartPs() + l;
            for (int i = 0; i < in.size(); i++) {
                switch (in.kind(i)) {
                    case EventBatch.FLOW_ARRIVAL -> {
                        in.read(i, fa);
                        long size = fa.sizeBytes() > 0 ? fa.sizeBytes() : 24_000;
                        if (fa.flow() % 2 == 0) {
                            long[] st = {size, 0, 0};
                            ackFlow.put(fa.flow(), st);
                            for (int k = 0; k < 2 && st[1] < size; k++) {
                                sendNext(out, next, fa.host(), fa.flow(), st);
                            }
                        } else {
                            out.sendSegment(next, fa.host(), fa.flow(), 0, (int) size, 0,
                                    ActionSink.NO_ACK | ActionSink.LAST_OF_FLOW);
                        }
                        out.setTimer(next + 7 * US, fa.host(), fa.flow() * 10L + 1);
                    }
                    case EventBatch.COMPLETION -> {
                        in.read(i, c);
                        long[] st = ackFlow.get(c.flow());
                        st[2] += c.bytes();
                        if (st[2] == st[0]) {
                            out.flowFinished(c.timePs(), c.host(), c.flow());
                        } else if (st[1] < st[0]) {
                            sendNext(out, next, c.host(), c.flow(), st);
                        }
                    }
                    case EventBatch.PACKET_ARRIVAL -> {
                        in.read(i, pa);
                        long pull = pulls.merge(pa.flow(), 1L, Long::sum);
                        out.sendControl(next, pa.host(), pa.flow(), ControlArrivalEvent.ACK, pa.seq(), pull, pa.path(),
                                pa.sendTimePs());
                        if (pa.lastOfFlow()) {
                            out.flowFinished(pa.timePs(), pa.host(), pa.flow());
                        }
                    }
                    case EventBatch.CONTROL_ARRIVAL -> {
                        in.read(i, ca);
                        if (ca.kind() == ControlArrivalEvent.ACK && ca.pullNumber() % 3 == 0) {
                            out.sendControl(next, ca.host(), ca.flow(), ControlArrivalEvent.NACK, ca.seq(),
                                    0, ca.path(), ca.echoTimePs());
                        } else if (ca.kind() == ControlArrivalEvent.ACK && ca.pullNumber() % 5 == 0) {
                            out.sendControl(next + 3 * US, ca.host(), ca.flow(), ControlArrivalEvent.PULL, 0,
                                    ca.pullNumber(), 0, ca.timePs());
                        }
                    }
                    case EventBatch.TIMER -> {
                        in.read(i, te);
                        if (te.timerId() % 10 < 3) {
                            out.setTimer(next + 13 * US, te.host(), te.timerId() + 1);
                        }
                    }
                    default -> { }
                }
            }
        }

        private static void sendNext(ActionBatch out, long t, int host, int flow, long[] st) {
            int bytes = (int) Math.min(4000, st[0] - st[1]);
            out.sendSegment(t, host, flow, st[1], bytes, 1, ActionSink.REPORT_TX);
            st[1] += bytes;
        }
    }

    /** The Java fabric's side: the script in-process, every window recorded in its wire form. */
    static final class ScriptedTransport implements AgentTransport {
        final List<org.cosim.proto.EventBatch> windows = new ArrayList<>();
        private final Script script;

        ScriptedTransport(long l) {
            this.script = new Script(l);
        }

        @Override
        public void exchange(EventBatch events, ActionBatch actions) {
            windows.add(WireFormat.toProto(events));
            script.answer(events, actions);
        }
    }

    /** The OMNeT++ fabric's side: the same script behind cosim.proto's AgentService, recording every window. */
    static final class ScriptedAgentServer implements AutoCloseable {
        final List<org.cosim.proto.EventBatch> windows = Collections.synchronizedList(new ArrayList<>());
        private final Server server;

        ScriptedAgentServer() throws IOException {
            server = NettyServerBuilder.forAddress(new InetSocketAddress("127.0.0.1", 0)).directExecutor()
                    .addService(new AgentServiceGrpc.AgentServiceImplBase() {
                        @Override
                        public void resolve(ResolveRequest request, StreamObserver<RunSpec> response) {
                            response.onNext(RunSpecs.resolve(request));
                            response.onCompleted();
                        }

                        @Override
                        public StreamObserver<FabricMessage> session(StreamObserver<AgentMessage> out) {
                            return new StreamObserver<>() {
                                private Script script;
                                private final EventBatch in = new EventBatch();
                                private final ActionBatch actions = new ActionBatch();

                                @Override
                                public void onNext(FabricMessage m) {
                                    switch (m.getKindCase()) {
                                        case HELLO -> {
                                            script = new Script(m.getHello().getReactionDelayPs());
                                            out.onNext(AgentMessage.newBuilder().setHelloAck(HelloAck.newBuilder()
                                                    .setVersion(WireFormat.VERSION).setSessionId("scripted")
                                                    .setMaxBatchEvents(1 << 20)).build());
                                        }
                                        case EVENTS -> {
                                            windows.add(m.getEvents());
                                            WireFormat.fromProto(m.getEvents(), in);
                                            script.answer(in, actions);
                                            out.onNext(AgentMessage.newBuilder()
                                                    .setActions(WireFormat.toProto(actions)).build());
                                        }
                                        case DONE -> {
                                            out.onNext(AgentMessage.newBuilder()
                                                    .setResults(AgentResults.getDefaultInstance()).build());
                                            out.onCompleted();
                                        }
                                        default -> out.onError(new IllegalStateException("empty message"));
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

        String target() {
            return "127.0.0.1:" + server.getPort();
        }

        @Override
        public void close() {
            server.shutdownNow();
        }
    }

    private static final String SCENARIO = """
            name: "scripted-agents"
            seed: 5
            duration_us: 3000
            reaction_delay_us: 1
            topology {
              dumbbell { hosts_per_side: 3 host_rate_gbps: 10 bottleneck_rate_gbps: 4 link_delay_us: 1
                         bottleneck_delay_us: 2.5 }
              switches {
                buffer_bytes: 400000
                ecn_threshold_bytes: 6000
                latency_us: 0.3
                pfc { enabled: true xoff_bytes: 20000 }
                int_telemetry { %s }
              }
              nic { mtu_bytes: 1000 ack_bytes: 80 }
            }
            protocol { pfc_only {} }
            workload { flow_list {
              flows { src: 0 dst: 3 size_bytes: 60000 start_us: 0 }
              flows { src: 1 dst: 4 size_bytes: 50000 start_us: 0.5 }
              flows { src: 2 dst: 3 size_bytes: 0 start_us: 2 }
              flows { src: 4 dst: 0 size_bytes: 30000 start_us: 3 }
              flows { src: 5 dst: 1 size_bytes: 0 start_us: 4 }
              flows { src: 3 dst: 2 size_bytes: 17000 start_us: 40 }
            } }
            output { warmup_us: 100 sample_interval_us: 50 }
            """;

    /** INT exact at every switch, or like the hardware (256 ns units, 16 bits) at one switch only. */
    @ParameterizedTest
    @ValueSource(strings = {"enabled: true", "enabled: true quantize: true switches: \"right_switch\""})
    void everyEventIsTheSameFieldForField(String intTelemetry) throws IOException {
        Scenario scenario = ScenarioFiles.parse(SCENARIO.formatted(intTelemetry), "scripted-agents");
        RunSetup sim = RunSetup.of(scenario);
        ScriptedTransport javaSide = new ScriptedTransport(sim.config().reactionDelayPs());
        RunResults java = JavaBackend.run(sim, javaSide, t -> { });
        RunResults omnetpp;
        List<org.cosim.proto.EventBatch> omnetppWindows;
        try (ScriptedAgentServer server = new ScriptedAgentServer()) {
            omnetpp = Backend.OMNETPP.run(sim, RunSettings.in(tmp, System.out).withAgents(server.target()),
                    RunControl.NONE);
            omnetppWindows = List.copyOf(server.windows);
        }
        assertTrue(java.complete(), java.failure());
        assertTrue(omnetpp.complete(), omnetpp.failure());

        // The script must have exercised what it is for, or this test proves nothing.
        Map<org.cosim.proto.Event.KindCase, Integer> kinds = new HashMap<>();
        javaSide.windows.forEach(w -> w.getEventsList().forEach(e -> kinds.merge(e.getKindCase(), 1, Integer::sum)));
        for (var k : org.cosim.proto.Event.KindCase.values()) {
            if (k != org.cosim.proto.Event.KindCase.KIND_NOT_SET) {
                assertTrue(kinds.getOrDefault(k, 0) > 0, "no " + k + " event: " + kinds);
            }
        }
        assertTrue(javaSide.windows.stream().anyMatch(w -> w.getEventsList().stream().anyMatch(e ->
                e.hasPacketArrival() && e.getPacketArrival().getEcn() && e.getPacketArrival().getIntMaxHopDelayPs() > 0)),
                "a packet arrival with ECN and INT");
        assertTrue(javaSide.windows.stream().anyMatch(w -> w.getEventsList().stream().anyMatch(e ->
                e.hasCompletion() && e.getCompletion().getIntReverseMaxHopDelayPs() > 0)), "a reverse INT echo");

        if (intTelemetry.contains("quantize")) {
            assertTrue(javaSide.windows.stream().allMatch(w -> w.getEventsList().stream().allMatch(e ->
                    !e.hasPacketArrival() || e.getPacketArrival().getIntMaxHopDelayPs() % 256_000 == 0)),
                    "quantized INT: whole 256 ns units");
        }
        assertEquals(javaSide.windows.size(), omnetppWindows.size(), "windows");
        for (int w = 0; w < javaSide.windows.size(); w++) {
            assertEquals(javaSide.windows.get(w), omnetppWindows.get(w), "window " + w);
        }
        assertEquals(java.flows(), omnetpp.flows());
        assertEquals(java.counters(), omnetpp.counters());
    }
}
