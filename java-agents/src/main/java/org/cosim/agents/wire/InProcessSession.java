package org.cosim.agents.wire;

import com.google.protobuf.CodedOutputStream;
import com.google.protobuf.InvalidProtocolBufferException;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.ByteBuffer;
import org.cosim.agents.api.ActionBatch;
import org.cosim.agents.api.EventBatch;
import org.cosim.agents.host.AgentHost;
import org.cosim.agents.host.ContractViolation;
import org.cosim.proto.AgentResults;
import org.cosim.proto.FabricDone;
import org.cosim.proto.Hello;
import org.cosim.proto.HelloAck;

/**
 * One agent session for a fabric in this process that calls it directly: the
 * OMNeT++ bridge's in-process agents, a JVM inside opp_run reached through JNI.
 * The session's messages are those of cosim.proto, passed as bytes without gRPC,
 * threads or copies of the batches: each window's EventBatch arrives in a direct
 * buffer the fabric owns, and the ActionBatch goes back in {@link #answer()}, a
 * direct buffer this session owns. The calls come in the session's order from
 * one thread; the agents are those of a gRPC session ({@link AgentSession}), so
 * results do not depend on the transport.
 */
public final class InProcessSession {
    private final AgentHost agents;
    private final EventBatch events = new EventBatch();
    private final ActionBatch actions = new ActionBatch();
    private ByteBuffer answer = ByteBuffer.allocateDirect(1 << 16);
    private boolean finished;

    private InProcessSession(AgentHost agents) {
        this.agents = agents;
    }

    /** Opens a session from a serialized Hello; custom laws in the scenario run, as in the Java fabric. */
    public static InProcessSession open(byte[] hello) {
        return new InProcessSession(new AgentHost(WireFormat.sessionSpec(parse(hello), true)));
    }

    /** The HelloAck of an in-process session (serialized): no batch-size limit beyond a buffer's. */
    public byte[] helloAck() {
        return HelloAck.newBuilder().setVersion(WireFormat.VERSION).setSessionId("in-process")
                .setMaxBatchEvents(Integer.MAX_VALUE).build().toByteArray();
    }

    /**
     * One window: the serialized EventBatch in {@code batch} [0, length), the
     * agents' serialized ActionBatch in {@link #answer()} [0, returned length).
     */
    public int window(ByteBuffer batch, int length) throws InvalidProtocolBufferException {
        if (finished) {
            throw new ContractViolation("an EventBatch after FabricDone");
        }
        ByteBuffer in = batch.duplicate();
        in.clear().limit(length);
        WireFormat.fromProto(org.cosim.proto.EventBatch.parseFrom(in), events);
        agents.process(events, actions);
        org.cosim.proto.ActionBatch out = WireFormat.toProto(actions);
        int size = out.getSerializedSize();
        if (size > answer.capacity()) {
            answer = ByteBuffer.allocateDirect(Math.max(size, 2 * answer.capacity()));
        }
        answer.clear();
        try {
            CodedOutputStream stream = CodedOutputStream.newInstance(answer);
            out.writeTo(stream);
            stream.flush();
        } catch (IOException e) {
            throw new UncheckedIOException(e);  // a direct buffer with room for the message does not fail
        }
        answer.flip();
        return size;
    }

    /**
     * The last window's answer: [0, its size) of a direct buffer, position 0 and limit the size. Valid until the
     * next call.
     */
    public ByteBuffer answer() {
        return answer;
    }

    /** Ends the session at a serialized FabricDone; the serialized AgentResults. */
    public byte[] finish(byte[] done) throws InvalidProtocolBufferException {
        if (finished) {
            throw new ContractViolation("a second FabricDone");
        }
        finished = true;
        AgentResults results = WireFormat.finish(agents, FabricDone.parseFrom(done));
        return results.toByteArray();
    }

    /**
     * What went wrong in a call, in the words a gRPC session's status would use
     * ("INVALID_ARGUMENT: ..." for a contract violation), for the fabric's error.
     */
    public static String describe(Throwable t) {
        if (t instanceof ContractViolation || t instanceof InvalidProtocolBufferException) {
            return "INVALID_ARGUMENT: " + t.getMessage();
        }
        if (t instanceof OutOfMemoryError) {
            return "RESOURCE_EXHAUSTED: the in-process agents ran out of memory (raise -Xmx in the bridge's "
                    + "jvmOptions)";
        }
        return "INTERNAL: agent side failed: " + t;
    }

    private static Hello parse(byte[] hello) {
        try {
            return Hello.parseFrom(hello);
        } catch (InvalidProtocolBufferException e) {
            throw new ContractViolation("an unreadable Hello: " + e.getMessage());
        }
    }
}
