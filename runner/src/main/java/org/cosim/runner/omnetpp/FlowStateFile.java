package org.cosim.runner.omnetpp;

import com.google.protobuf.InvalidProtocolBufferException;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.cosim.agents.host.ContractViolation;
import org.cosim.agents.host.FlowStates;
import org.cosim.agents.wire.WireFormat;

/**
 * Reads the flow-state file an OMNeT++ run leaves when its scenario asks for
 * output.agent_state: the FlowStates message (proto/cosim.proto) the agent server
 * sent in its AgentResults, written unchanged by the bridge (AgentBridge.cc,
 * writeFlowStates), so both back ends' agent_state.csv come from the agents' own
 * samples.
 */
public final class FlowStateFile {
    /** The file's name in the folder of a run the runner starts (OmnetppIni.forRun sets it). */
    public static final String RUNNER_FILE = "cosim.states";

    private FlowStateFile() {}

    /** The states in {@code file}, or null when the run left none (it did not reach its end). */
    public static FlowStates read(Path file) {
        if (!Files.exists(file)) {
            return null;
        }
        try {
            return WireFormat.fromProto(org.cosim.proto.FlowStates.parseFrom(Files.readAllBytes(file)));
        } catch (InvalidProtocolBufferException | ContractViolation e) {
            throw new OmnetppException(file + " is not a flow-state file: " + e.getMessage(), e);
        } catch (IOException e) {
            throw new OmnetppException("cannot read " + file + ": " + e.getMessage(), e);
        }
    }
}
