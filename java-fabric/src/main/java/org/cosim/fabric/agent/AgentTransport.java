package org.cosim.fabric.agent;

import org.cosim.agents.api.ActionBatch;
import org.cosim.agents.api.EventBatch;

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

    /** Releases the transport; after a failure, without {@link #finish}. */
    @Override
    default void close() {}
}
