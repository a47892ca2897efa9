package org.cosim.agents.host;

import java.util.Arrays;
import java.util.List;
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
    /**
     * At most this many values (240 MB of doubles): they go back in one message, which must fit the 256 MB the
     * gRPC clients accept, with room for the flows' results; and a fabric that jumps far ahead cannot make the
     * agents sample without end.
     */
    static final long MAX_VALUES = 30_000_000L;
    private final FlowStateReporter[] reporters;
    private final List<String> names;
    private final int vars;
    private final long intervalPs;
    private final int flows;
    private long nextPs;
    private double[] values = new double[0];
    private int samples;

    /** {@code durationPs}: the run's, when known (else 0), to refuse at the start what would not fit. */
    FlowStateSampler(Agent[] agents, long intervalPs, int flows, long durationPs) {
        this.reporters = new FlowStateReporter[agents.length];
        List<String> first = null;
        for (int h = 0; h < agents.length; h++) {
            if (!(agents[h] instanceof FlowStateReporter r)) {
                throw new ContractViolation("output.agent_state: host " + h + "'s agent ("
                        + agents[h].getClass().getSimpleName() + ") keeps no per-flow state to sample");
            }
            reporters[h] = r;
            List<String> mine = r.flowStateNames();
            if (first == null) {
                first = mine;
            } else if (!first.equals(mine)) {
                throw new ContractViolation("output.agent_state: host " + h + "'s agent samples " + mine
                        + ", host 0's " + first + ": one agent_state.csv needs the same variables everywhere");
            }
        }
        this.names = first == null || first.isEmpty() ? List.of("state") : List.copyOf(first);
        this.vars = names.size();
        this.intervalPs = intervalPs;
        this.flows = flows;
        this.nextPs = intervalPs;
        long width = (long) flows * vars;
        if (durationPs > 0 && width > 0 && (durationPs - 1) / intervalPs > MAX_VALUES / width) {
            throw new ContractViolation("output.agent_state: the run's " + (durationPs - 1) / intervalPs
                    + " samples (every " + intervalPs + " ps for " + durationPs + " ps) of " + flows + " flows x "
                    + vars + " variables would be more than " + MAX_VALUES + " state values; sample less often "
                    + "(output.sample_interval_us) or for a shorter run");
        }
    }

    /** Takes the samples due before an event at {@code timePs}. */
    void before(long timePs) {
        takeThrough(timePs);
    }

    /** Takes the samples due before the run's end (times before {@code endPs}). */
    void finish(long endPs) {
        takeThrough(endPs - 1);
    }

    /**
     * Takes the samples due at or before {@code lastPs}. How many is known up front, so a
     * time too far ahead is refused before any is taken, not after filling memory up to the
     * bound; without flows there is nothing to take, however far.
     */
    private void takeThrough(long lastPs) {
        if (lastPs < nextPs || flows * vars == 0) {
            return;
        }
        long due = (lastPs - nextPs) / intervalPs + 1;
        if (due > MAX_VALUES / (flows * vars) - samples) {
            throw new ContractViolation("output.agent_state: sampling up to " + lastPs + " ps would make more than "
                    + MAX_VALUES + " state values (" + flows + " flows x " + vars + " variables every " + intervalPs
                    + " ps): sample less often (output.sample_interval_us)");
        }
        for (; due > 0; due--) {
            take();
        }
    }

    FlowStates states() {
        return new FlowStates(names, intervalPs, flows, Arrays.copyOf(values, samples * flows * vars));
    }

    private void take() {
        int width = flows * vars;
        int from = samples * width;
        if (from + width > values.length) {
            values = Arrays.copyOf(values, Math.max(2 * values.length, from + width));
        }
        Arrays.fill(values, from, from + width, Double.NaN);
        for (FlowStateReporter r : reporters) {
            r.reportFlowStates((flow, variable, value) -> values[from + flow * vars + variable] = value);
        }
        samples++;
        nextPs += intervalPs;
    }
}
