package org.cosim.agents.api;

/**
 * An agent whose senders keep a congestion state per flow, a window or a rate,
 * which the scenario's output.agent_state samples into agent_state.csv. Reading
 * the state must not change it: the samples are taken between events, and a run
 * with them must be the run without them.
 */
public interface FlowStateReporter {
    /** What the values are, as a column suffix: "cwnd_packets" or "rate_gbps". */
    String flowStateName();

    /** Hands {@code sink} the state of every flow this host sends and has not finished. */
    void reportFlowStates(FlowStateSink sink);

    /** Where the states go. */
    @FunctionalInterface
    interface FlowStateSink {
        void report(int flow, double value);
    }
}
