package org.cosim.agents.api;

import java.util.List;

/**
 * An agent that keeps a congestion state per flow, which the scenario's
 * output.agent_state samples into agent_state.csv: its senders' window or rate
 * (NDP: its receivers' queued pulls) first, then the law's own signals (a target
 * delay, the delay it compares with it, an alpha). Reading the state must not
 * change it: the samples are taken between events, and a run with them must be
 * the run without them.
 */
public interface FlowStateReporter {
    /**
     * What the values are, as column suffixes, the same for every host of a run: the first is the
     * window or rate ("cwnd_packets", "rate_gbps", "pulls_queued"), the rest the law's signals.
     */
    List<String> flowStateNames();

    /** Hands {@code sink} the state of every unfinished flow whose state this host keeps. */
    void reportFlowStates(FlowStateSink sink);

    /** Where the states go: {@code variable} indexes {@link #flowStateNames()}. */
    @FunctionalInterface
    interface FlowStateSink {
        void report(int flow, int variable, double value);
    }
}
