package org.cosim.agents.host;

/**
 * The flows' congestion states sampled on the agent side (output.agent_state):
 * at each time (s + 1) * intervalPs, the value of every flow, NaN where its
 * sender had none (not started, or finished). {@code values[s * flows + f]}.
 */
public record FlowStates(String name, long intervalPs, int flows, double[] values) {
    public FlowStates {
        if (intervalPs <= 0 || flows < 0 || values.length % Math.max(1, flows) != 0) {
            throw new IllegalArgumentException("flow states of " + flows + " flows every " + intervalPs
                    + " ps cannot hold " + values.length + " values");
        }
    }

    public int samples() {
        return flows == 0 ? 0 : values.length / flows;
    }

    public long timePs(int sample) {
        return (sample + 1) * intervalPs;
    }

    public double value(int sample, int flow) {
        return values[sample * flows + flow];
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
