package org.cosim.agents.host;

import java.io.Serializable;
import java.util.List;

/**
 * The flows' congestion states sampled on the agent side (output.agent_state):
 * at each time (s + 1) * intervalPs, for every flow, the value of every variable
 * ({@code names}: the window or rate first, then the law's signals), NaN where
 * the flow's sender had none (not started, or finished, or a signal not yet
 * measured). {@code values[(s * flows + f) * names.size() + v]}.
 */
public record FlowStates(List<String> names, long intervalPs, int flows, double[] values) implements Serializable {
    public FlowStates {
        names = List.copyOf(names);
        if (names.isEmpty() || intervalPs <= 0 || flows < 0
                || values.length % Math.max(1, flows * names.size()) != 0) {
            throw new IllegalArgumentException("flow states of " + flows + " flows x " + names.size()
                    + " variables every " + intervalPs + " ps cannot hold " + values.length + " values");
        }
    }

    public int variables() {
        return names.size();
    }

    public int samples() {
        return flows == 0 ? 0 : values.length / (flows * names.size());
    }

    public long timePs(int sample) {
        return (sample + 1) * intervalPs;
    }

    /** The first variable: the window, rate or queued pulls. */
    public double value(int sample, int flow) {
        return value(sample, flow, 0);
    }

    public double value(int sample, int flow, int variable) {
        return values[(sample * flows + flow) * names.size() + variable];
    }

    /**
     * These states, if they are what a session of {@code flows} flows sampled every {@code intervalPs}
     * can hold for a run that reached {@code endPs} (one sample per k * interval before it, or fewer
     * when the run stopped early); else a ContractViolation naming what does not fit.
     */
    public FlowStates requireShape(int flows, long intervalPs, long endPs, boolean complete) {
        long expected = Math.max(0, (endPs - 1) / intervalPs);
        if (this.flows != flows || this.intervalPs != intervalPs
                || (complete ? samples() != expected : samples() > expected)) {
            throw new ContractViolation("the agents' flow states hold " + samples() + " samples of " + this.flows
                    + " flows every " + this.intervalPs + " ps; this run has " + flows + " flows sampled every "
                    + intervalPs + " ps, " + expected + " samples before " + endPs + " ps");
        }
        return this;
    }
}
