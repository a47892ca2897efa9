package org.cosim.agents.wire;

import static org.cosim.agents.wire.AgentServiceContractTest.arrival;
import static org.cosim.agents.wire.AgentServiceContractTest.goodHello;
import static org.cosim.agents.wire.AgentServiceContractTest.window;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.google.protobuf.InvalidProtocolBufferException;
import java.nio.ByteBuffer;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import org.cosim.agents.host.ContractViolation;
import org.cosim.proto.ActionBatch;
import org.cosim.proto.AgentResults;
import org.cosim.proto.EventBatch;
import org.cosim.proto.FabricDone;
import org.cosim.proto.Hello;
import org.junit.jupiter.api.Test;

/**
 * The session the OMNeT++ bridge's in-process agents run (through JNI): byte buffers in and out, the same
 * answers as a gRPC session's for the same batches, and the Java side's words when something is wrong.
 */
class InProcessSessionTest {
    private static final long L = 1_000_000;  // goodHello's reaction delay

    /** The batch as the bridge passes it: rows at the start of a direct buffer larger than the batch. */
    private static int put(ByteBuffer buffer, EventBatch batch) {
        org.cosim.agents.api.EventBatch columns = new org.cosim.agents.api.EventBatch();
        WireFormat.fromProto(batch, columns);
        WindowRows.writeEvents(columns, buffer);
        return WindowRows.eventsSize(columns);
    }

    /** The answer's rows as the proto ActionBatch a gRPC session sends. */
    private static ActionBatch answer(InProcessSession s) {
        org.cosim.agents.api.ActionBatch columns = new org.cosim.agents.api.ActionBatch();
        WindowRows.readActions(s.answer(), columns);
        return WireFormat.toProto(columns);
    }

    private static List<EventBatch> windows() {
        // Both flows arrive in window 0; nothing in window 1; one flow again (a repeated arrival is the agents'
        // business, not the transport's) would be refused, so later windows are empty.
        return List.of(window(0, arrival(10, 1, 0), arrival(20, 2, 1)), window(L), window(2 * L));
    }

    @Test
    void theAnswersAreAGrpcSessionsAndTheResultsToo() throws Exception {
        Hello hello = goodHello();
        List<ActionBatch> overGrpc = new ArrayList<>();
        AgentResults grpcResults;
        try (AgentServer server = AgentServer.start("127.0.0.1", 0, AgentServerOptions.DEFAULTS);
             AgentClient c = AgentClient.connect("127.0.0.1", server.port(), Duration.ofSeconds(10))) {
            c.open(hello);
            for (EventBatch w : windows()) {
                overGrpc.add(c.exchange(w));
            }
            grpcResults = c.finish(FabricDone.newBuilder().setEndTimePs(4 * L).build());
        }
        InProcessSession s = InProcessSession.open(hello.toByteArray());
        ByteBuffer in = ByteBuffer.allocateDirect(1 << 12);
        for (int i = 0; i < windows().size(); i++) {
            int size = s.window(in, put(in, windows().get(i)));
            assertEquals(size, s.answer().remaining(), "the answer is [0, size) of answer()");
            assertEquals(overGrpc.get(i), answer(s), "window " + i);
        }
        assertTrue(overGrpc.get(0).getActionsCount() > 0, "the flows' arrivals made TIMELY send");
        byte[] results = s.finish(FabricDone.newBuilder().setEndTimePs(4 * L).build().toByteArray());
        assertEquals(grpcResults, AgentResults.parseFrom(results));
    }

    @Test
    void anAnswerLargerThanItsBufferGetsALargerOne() throws Exception {
        // 4000 flows arriving in one window: TIMELY sends at least one segment for each, about 30 bytes per
        // action serialized, far more than the first 64 KiB buffer holds.
        Hello.Builder h = goodHello().toBuilder().clearFlows();
        EventBatch.Builder arrivals = EventBatch.newBuilder().setWindowStartPs(0);
        for (int f = 0; f < 4000; f++) {
            h.addFlows(org.cosim.proto.FlowSpec.newBuilder().setFlow(f).setSrc(1 + f % 2).setDst(0));
            arrivals.addEvents(arrival(f, 1 + f % 2, f));
        }
        InProcessSession s = InProcessSession.open(h.build().toByteArray());
        int first = s.answer().capacity();
        ByteBuffer in = ByteBuffer.allocateDirect(1 << 20);
        int size = s.window(in, put(in, arrivals.build()));
        assertTrue(size > first, size + " bytes of answer, a first buffer of " + first);
        ActionBatch a = answer(s);
        assertTrue(a.getActionsCount() >= 4000, "actions: " + a.getActionsCount());
        // 16 bytes of header, 64 per action.
        assertEquals(16 + 64 * a.getActionsCount(), size);
    }

    /**
     * Every event kind and field survives the rows: a batch of each kind, with INT hop records, written as the
     * bridge writes it and read back, equals the batch.
     */
    @Test
    void everyEventKindRoundTripsThroughTheRows() {
        EventBatch all = EventBatch.newBuilder().setWindowStartPs(7 * L)
                .addEvents(arrival(7 * L + 1, 1, 0))
                .addEvents(org.cosim.proto.Event.newBuilder().setTimePs(7 * L + 2).setHost(1)
                        .setCompletion(org.cosim.proto.SegmentCompletion.newBuilder().setFlow(0).setSeq(3000)
                                .setBytes(1000).setSendTimePs(5).setCompletionTimePs(7 * L + 2).setTxTimePs(6)
                                .setIntMaxHopDelayPs(70).setIntReverseMaxHopDelayPs(80).setEcnEcho(true).setSyn(true)
                                .addIntHops(org.cosim.proto.IntHop.newBuilder().setQueueBytes(1).setTxBytes(2)
                                        .setTimestampPs(3).setRateBps(4))
                                .addIntHops(org.cosim.proto.IntHop.newBuilder().setQueueBytes(5).setTxBytes(6)
                                        .setTimestampPs(7).setRateBps(8))))
                .addEvents(org.cosim.proto.Event.newBuilder().setTimePs(7 * L + 3).setHost(2)
                        .setPfcChange(org.cosim.proto.PfcChange.newBuilder().setTrafficClass(3).setPaused(true)))
                .addEvents(org.cosim.proto.Event.newBuilder().setTimePs(7 * L + 4).setHost(2)
                        .setTimer(org.cosim.proto.TimerFired.newBuilder().setTimerId(1L << 40)))
                .addEvents(org.cosim.proto.Event.newBuilder().setTimePs(7 * L + 5).setHost(0)
                        .setPacketArrival(org.cosim.proto.PacketArrival.newBuilder().setFlow(1).setSeq(9000)
                                .setBytes(64).setPath(3).setTrimmed(true).setLastOfFlow(true).setEcn(true)
                                .setIntMaxHopDelayPs(11).setSendTimePs(12).setTxTimePs(13)))
                .addEvents(org.cosim.proto.Event.newBuilder().setTimePs(7 * L + 6).setHost(1)
                        .setControlArrival(org.cosim.proto.ControlArrival.newBuilder()
                                .setKind(org.cosim.proto.ControlKind.CONTROL_PULL).setFlow(0).setSeq(4).setPullNumber(17)
                                .setPath(2).setEchoTimePs(21).setEchoTxTimePs(22)))
                .addEvents(org.cosim.proto.Event.newBuilder().setTimePs(7 * L + 7).setHost(2)
                        .setTransmitted(org.cosim.proto.SegmentTransmitted.newBuilder().setFlow(1).setSeq(5)
                                .setBytes(1500).setSendTimePs(31)))
                .build();
        org.cosim.agents.api.EventBatch columns = new org.cosim.agents.api.EventBatch();
        WireFormat.fromProto(all, columns);
        ByteBuffer rows = ByteBuffer.allocateDirect(WindowRows.eventsSize(columns));
        WindowRows.writeEvents(columns, rows);
        // 16 bytes of header, 80 per event, 32 per INT hop record.
        assertEquals(16 + 80 * 7 + 32 * 2, WindowRows.eventsSize(columns));
        org.cosim.agents.api.EventBatch back = new org.cosim.agents.api.EventBatch();
        WindowRows.readEvents(rows, rows.capacity(), back);
        assertEquals(all, WireFormat.toProto(back));
    }

    /** The rows go at [0, size) whatever the buffer's position and limit, which the previous window left. */
    @Test
    void rowsIgnoreTheBuffersPositionAndLimit() {
        org.cosim.agents.api.ActionBatch actions = new org.cosim.agents.api.ActionBatch();
        actions.reset(L);
        actions.setTimer(2 * L, 1, 42);
        actions.sendSegment(2 * L, 1, 0, 0, 1000, 0, 0);
        ByteBuffer out = ByteBuffer.allocateDirect(1024);
        out.position(8).limit(16);  // as a one-window-earlier answer of no actions leaves it
        WindowRows.writeActions(actions, out);
        out.position(3).limit(5);
        org.cosim.agents.api.ActionBatch back = new org.cosim.agents.api.ActionBatch();
        WindowRows.readActions(out, back);
        assertEquals(WireFormat.toProto(actions), WireFormat.toProto(back));
    }

    @Test
    void rowsThatRunPastTheBatchOrHaveNoKindAreRefused() {
        InProcessSession s = InProcessSession.open(goodHello().toByteArray());
        ByteBuffer in = ByteBuffer.allocateDirect(1024).order(java.nio.ByteOrder.nativeOrder());
        int size = put(in, window(0, arrival(10, 1, 0)));
        ContractViolation shortBatch = assertThrows(ContractViolation.class, () -> s.window(in, size - 1));
        assertTrue(shortBatch.getMessage().contains("need more than its"), shortBatch.getMessage());
        in.putInt(16, 99);  // the first row's kind
        ContractViolation noKind = assertThrows(ContractViolation.class, () -> s.window(in, size));
        assertTrue(noKind.getMessage().contains("has no kind (99)"), noKind.getMessage());
    }

    @Test
    void aBrokenBatchAndASecondFabricDoneAreRefusedInTheServersWords() throws Exception {
        InProcessSession s = InProcessSession.open(goodHello().toByteArray());
        ByteBuffer in = ByteBuffer.allocateDirect(64);
        ContractViolation broken = assertThrows(ContractViolation.class, () -> s.window(in, 3));
        assertEquals("INVALID_ARGUMENT: a batch of 3 bytes, shorter than its header", InProcessSession.describe(broken));
        assertTrue(InProcessSession.describe(new InvalidProtocolBufferException("x")).startsWith("INVALID_ARGUMENT: "));
        byte[] done = FabricDone.newBuilder().setEndTimePs(L).build().toByteArray();
        s.finish(done);
        ContractViolation again = assertThrows(ContractViolation.class, () -> s.finish(done));
        assertEquals("INVALID_ARGUMENT: a second FabricDone", InProcessSession.describe(again));
        assertThrows(ContractViolation.class, () -> s.window(in, 0), "no window after FabricDone");
        assertTrue(InProcessSession.describe(new IllegalStateException("x"))
                .startsWith("INTERNAL: agent side failed: java.lang.IllegalStateException: x"));
    }

    @Test
    void anUnreadableHelloIsAContractViolation() {
        ContractViolation e = assertThrows(ContractViolation.class,
                () -> InProcessSession.open(new byte[] {(byte) 0xff, 1}));
        assertTrue(e.getMessage().startsWith("an unreadable Hello"), e.getMessage());
    }
}
