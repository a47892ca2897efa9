package org.cosim.agents.wire;

import com.google.protobuf.InvalidProtocolBufferException;
import java.nio.ByteBuffer;
import org.cosim.agents.api.ActionBatch;
import org.cosim.agents.api.EventBatch;
import org.cosim.agents.host.AgentHost;
import org.cosim.agents.host.ContractViolation;
import org.cosim.proto.AgentResults;
import org.cosim.proto.FabricDone;
import org.cosim.proto.Hello;

/**
 * One agent session for a fabric in this process that calls it directly: the
 * OMNeT++ bridge's in-process agents, a JVM inside opp_run reached through JNI.
 * The session's messages are those of cosim.proto, without gRPC or threads: the
 * Hello, FabricDone and AgentResults as protobuf bytes, once each, and every
 * window as rows of the batch classes' columns ({@link WindowRows}), not
 * protobuf: its EventBatch in a direct buffer the fabric owns, read in place, and
 * the ActionBatch written into {@link #answer()}, a direct buffer this session
 * owns. The calls come in the session's order from one thread; the agents are
 * those of a gRPC session ({@link AgentSession}), so results do not depend on
 * the transport.
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

    /**
     * One window: its EventBatch as rows ({@link WindowRows}) in {@code batch} [0, length), the agents'
     * ActionBatch as rows in {@link #answer()} [0, returned length).
     */
    public int window(ByteBuffer batch, int length) {
        if (finished) {
            throw new ContractViolation("an EventBatch after FabricDone");
        }
        WindowRows.readEvents(batch, length, events);
        agents.process(events, actions);
        int size = WindowRows.actionsSize(actions);
        if (size > answer.capacity()) {
            answer = ByteBuffer.allocateDirect(Math.max(size, 2 * answer.capacity()));
        }
        WindowRows.writeActions(actions, answer);
        answer.clear().limit(size);
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
