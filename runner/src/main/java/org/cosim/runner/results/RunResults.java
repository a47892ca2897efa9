package org.cosim.runner.results;

import java.io.Serializable;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import org.cosim.agents.host.FlowStates;
import org.cosim.setup.report.PacketTrace;
import org.cosim.proto.Scenario;
import org.cosim.runner.Backend;

/**
 * The outcome of one run, in the one results format both back ends produce
 * (ARCHITECTURE.md, Scenarios and results): what ran ({@link Setup}), where it got
 * ({@code reachedPs}), what it measured ({@link Measured}), why it failed (null when
 * it completed) and its wall time ({@link Wall}). Everything here except the wall
 * time is deterministic for a given scenario and seed; the wall breakdown names
 * where a back end's time went (e.g. the OMNeT++ back end's time waiting for
 * the agents). {@code incastOptimumPs}: for an incast (two or more finite flows, one
 * destination, one start time), the earliest possible completion of the last
 * flow, as a duration from the start (Routing.incastOptimumPs); -1 otherwise.
 * {@code flowStates} (output.agent_state) and {@code packetTrace}
 * (output.packet_trace): null when the scenario does not ask for them.
 * Serializable, with all it holds: a validation's SLURM task hands a run's results
 * to the command that judges the experiments (ValidationRunner.StoredRun).
 */
public record RunResults(Setup setup, long reachedPs, Measured measured, String failure, Wall wall)
        implements Serializable {
    /**
     * What ran: the back end, the scenario as run (overrides applied) with its digest and protocol, and the
     * simulated span it asked for.
     */
    public record Setup(Backend backend, Scenario scenario, String scenarioDigest, String protocol, long durationPs,
                        long warmupPs) implements Serializable { }

    /** What the run measured, in the same form from both back ends. */
    public record Measured(List<FlowRecord> flows, RttSamples rtts, List<QueueRecord> queues, Counters counters,
                           TimeSeries series, long incastOptimumPs, FlowStates flowStates, PacketTrace packetTrace)
            implements Serializable { }

    /** The wall time the run took, and where it went by name, in seconds (both go to run.json only). */
    public record Wall(long nanos, Map<String, Double> breakdown) implements Serializable { }

    public Backend backend() {
        return setup.backend();
    }

    public Scenario scenario() {
        return setup.scenario();
    }

    public String scenarioName() {
        return setup.scenario().getName();
    }

    public String scenarioDigest() {
        return setup.scenarioDigest();
    }

    public String protocol() {
        return setup.protocol();
    }

    public long seed() {
        return setup.scenario().getSeed();
    }

    public long durationPs() {
        return setup.durationPs();
    }

    public long warmupPs() {
        return setup.warmupPs();
    }

    public List<FlowRecord> flows() {
        return measured.flows();
    }

    public RttSamples rtts() {
        return measured.rtts();
    }

    public List<QueueRecord> queues() {
        return measured.queues();
    }

    public Counters counters() {
        return measured.counters();
    }

    public TimeSeries series() {
        return measured.series();
    }

    public long incastOptimumPs() {
        return measured.incastOptimumPs();
    }

    public FlowStates flowStates() {
        return measured.flowStates();
    }

    public PacketTrace packetTrace() {
        return measured.packetTrace();
    }

    public long wallNanos() {
        return wall.nanos();
    }

    public Map<String, Double> wallBreakdown() {
        return wall.breakdown();
    }

    public boolean complete() {
        return failure == null;
    }

    /** The workload kind of each part of a mixed workload (workload.mix), e.g. "poisson"; empty for one kind. */
    public List<String> partKinds() {
        return scenario().getWorkload().getMix().getPartsList().stream()
                .map(w -> w.getKindCase().name().toLowerCase(Locale.ROOT)).toList();
    }

    /** The flows output.agent_state_flows names, in its order; empty when it names none. */
    public int[] chosenStateFlows() {
        return scenario().getOutput().getAgentStateFlowsList().stream().mapToInt(Integer::intValue).toArray();
    }

    /** The measured interval: from the end of the warm-up to where the run got. */
    public long measuredPs() {
        return reachedPs - warmupPs();
    }
}
