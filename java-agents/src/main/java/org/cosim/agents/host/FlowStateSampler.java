package org.cosim.agents.host;

import java.util.Arrays;
import org.cosim.agents.api.Agent;
import org.cosim.agents.api.FlowStateReporter;

/**
 * Samples the agents' per-flow congestion state every interval (the scenario's
 * sample_interval_us, at the times the fabric samples its time series). State
 * changes only while an agent handles an event, so the sample at time T, taken
 * before the first event at or after T, is exactly the state after every event
 * before T: the same on every back end and transport.
 */
final class FlowStateSampler {
    /** At most this many values (512 MB): a fabric that jumps far ahead cannot make the agents sample without end. */
    static final long MAX_VALUES = 1L << 26;
    private final FlowStateReporter[] reporters;
    private final String name;
    private final long intervalPs;
    private final int flows;
    private long nextPs;
    private double[] values = new double[0];
    private int samples;

    FlowStateSampler(Agent[] agents, long intervalPs, int flows) {
        this.reporters = new FlowStateReporter[agents.length];
        String first = null;
        for (int h = 0; h < agents.length; h++) {
            if (!(agents[h] instanceof FlowStateReporter r)) {
                throw new ContractViolation("output.agent_state: host " + h + "'s agent ("
                        + agents[h].getClass().getSimpleName() + ") keeps no per-flow state to sample");
            }
            reporters[h] = r;
            first = first == null ? r.flowStateName() : first;
        }
        this.name = first == null ? "state" : first;
        this.intervalPs = intervalPs;
        this.flows = flows;
        this.nextPs = intervalPs;
    }

    /** Takes the samples due before an event at {@code timePs}. */
    void before(long timePs) {
        while (nextPs <= timePs) {
            take();
        }
    }

    /** Takes the samples due before the run's end (times before {@code endPs}). */
    void finish(long endPs) {
        while (nextPs < endPs) {
            take();
        }
    }

    FlowStates states() {
        return new FlowStates(name, intervalPs, flows, Arrays.copyOf(values, samples * flows));
    }

    private void take() {
        if ((long) (samples + 1) * flows > MAX_VALUES) {
            throw new ContractViolation("output.agent_state: a sample at " + nextPs + " ps would make more than "
                    + MAX_VALUES + " state values (" + flows + " flows every " + intervalPs
                    + " ps): sample less often (output.sample_interval_us)");
        }
        int from = samples * flows;
        if (from + flows > values.length) {
            values = Arrays.copyOf(values, Math.max(2 * values.length, from + flows));
        }
        Arrays.fill(values, from, from + flows, Double.NaN);
        for (FlowStateReporter r : reporters) {
            r.reportFlowStates((flow, value) -> values[from + flow] = value);
        }
        samples++;
        nextPs += intervalPs;
    }
}
