package org.cosim.runner.omnetpp;

import com.google.protobuf.InvalidProtocolBufferException;
import org.cosim.agents.wire.InProcessSession;
import org.cosim.proto.ResolveRequest;
import org.cosim.scenario.ScenarioException;
import org.cosim.setup.RunSpecs;

/**
 * The Java side of the OMNeT++ bridge's in-process agents ({@code agents = "in-process"}): the entry points
 * its JNI code calls in the JVM it starts inside opp_run (omnetpp-bridge/src/agentlink/InProcessAgents.cc).
 * They do what an agent server does for a session, through the same code: the Resolve RPC's
 * {@link RunSpecs#resolve}, and a session's agents ({@link InProcessSession}).
 */
public final class InProcessAgents {
    private InProcessAgents() {}

    /** The Resolve RPC in process: a serialized ResolveRequest in, the serialized RunSpec out. */
    public static byte[] resolve(byte[] request) throws InvalidProtocolBufferException {
        return RunSpecs.resolve(ResolveRequest.parseFrom(request)).toByteArray();
    }

    /** Opens the session from a serialized Hello. */
    public static InProcessSession open(byte[] hello) {
        return InProcessSession.open(hello);
    }

    /** What a failed call says, as a gRPC session's status would ("INVALID_ARGUMENT: ..."). */
    public static String describe(Throwable t) {
        if (t instanceof ScenarioException) {
            return "INVALID_ARGUMENT: bad scenario: " + t.getMessage();
        }
        return InProcessSession.describe(t);
    }
}
