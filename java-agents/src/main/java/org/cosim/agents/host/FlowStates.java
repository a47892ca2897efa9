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
}
