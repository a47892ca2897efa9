package org.cosim.agents.api;

/**
 * An agent that keeps a congestion state per flow (its senders' window or rate;
 * NDP's receivers' queued pulls), which the scenario's output.agent_state samples
 * into agent_state.csv. Reading
 * the state must not change it: the samples are taken between events, and a run
 * with them must be the run without them.
 */
public interface FlowStateReporter {
    /** What the values are, as a column suffix: "cwnd_packets", "rate_gbps" or "pulls_queued". */
    String flowStateName();

    /** Hands {@code sink} the state of every unfinished flow whose state this host keeps. */
    void reportFlowStates(FlowStateSink sink);

    /** Where the states go. */
    @FunctionalInterface
    interface FlowStateSink {
        void report(int flow, double value);
    }
}
