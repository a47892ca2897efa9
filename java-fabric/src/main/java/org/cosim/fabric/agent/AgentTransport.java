package org.cosim.fabric.agent;

import org.cosim.agents.api.ActionBatch;
import org.cosim.agents.api.EventBatch;
import org.cosim.agents.host.FlowStates;

/**
 * How the fabric reaches the agents: one exchange per window that has events.
 * The direct transport calls an in-process {@code AgentHost}; the gRPC transport
 * sends the batch over the wire. Both carry the same batches, so results match.
 */
public interface AgentTransport extends AutoCloseable {
    /** Sends the window's events and fills {@code actions} with the agents' answer. */
    void exchange(EventBatch events, ActionBatch actions);

    /** The run reached its end: tell the agent side (over gRPC: FabricDone, answered by AgentResults). */
    default void finish(long endPs, long eventsProcessed) {}

    /**
     * The flows' states the agents sampled (output.agent_state): after {@link #finish}, or as far as
     * the run got if the transport can still tell; null when not asked for or not known.
     */
    default FlowStates flowStates() {
        return null;
    }

    /** Releases the transport; after a failure, without {@link #finish}. */
    @Override
    default void close() {}
}
