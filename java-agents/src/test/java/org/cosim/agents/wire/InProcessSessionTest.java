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

    /** The batch as the bridge passes it: serialized at the start of a direct buffer larger than the batch. */
    private static int put(ByteBuffer buffer, EventBatch batch) {
        byte[] bytes = batch.toByteArray();
        buffer.clear();
        buffer.put(bytes);
        return bytes.length;
    }

    private static ActionBatch answer(InProcessSession s) throws InvalidProtocolBufferException {
        return ActionBatch.parseFrom(s.answer().duplicate());
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
        assertEquals(size, a.getSerializedSize());
    }

    @Test
    void aBrokenBatchAndASecondFabricDoneAreRefusedInTheServersWords() throws Exception {
        InProcessSession s = InProcessSession.open(goodHello().toByteArray());
        ByteBuffer in = ByteBuffer.allocateDirect(64);
        in.put(new byte[] {(byte) 0xff, (byte) 0xff, (byte) 0xff});
        InvalidProtocolBufferException broken = assertThrows(InvalidProtocolBufferException.class,
                () -> s.window(in, 3));
        assertTrue(InProcessSession.describe(broken).startsWith("INVALID_ARGUMENT: "));
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
