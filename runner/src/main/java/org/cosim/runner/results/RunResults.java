package org.cosim.runner.results;

import java.util.List;
import java.util.Locale;
import java.util.Map;
import org.cosim.agents.host.FlowStates;
import org.cosim.fabric.trace.PacketTrace;
import org.cosim.proto.Scenario;

/**
 * The outcome of one run, in the one results format both back ends produce
 * (ARCHITECTURE.md, Scenarios and results). Everything here except
 * {@code wallNanos} and {@code wallBreakdown} is deterministic for a given
 * scenario and seed. {@code wallBreakdown}: where a back end's wall time went,
 * in seconds by name (e.g. the OMNeT++ back end's time in AgentLink::exchange);
 * it goes to run.json with the wall time.
 * {@code incastOptimumPs}: for an incast (two or more finite flows, one
 * destination, one start time), the earliest possible completion of the last
 * flow, as a duration from the start (Routing.incastOptimumPs); -1 otherwise.
 * {@code flowStates} (output.agent_state) and {@code packetTrace}
 * (output.packet_trace): null when the scenario does not ask for them.
 * {@code scenario}: the scenario as run (overrides applied), for what the files and plots say about it
 * (a mix's parts, output.agent_state_flows).
 */
public record RunResults(String backend, String scenarioName, String scenarioDigest, String protocol,
                         long seed, long durationPs, long warmupPs, long reachedPs, List<FlowRecord> flows,
                         RttSamples rtts, List<QueueRecord> queues, Counters counters, TimeSeries series,
                         long incastOptimumPs, String failure, long wallNanos, Map<String, Double> wallBreakdown,
                         FlowStates flowStates, PacketTrace packetTrace, Scenario scenario) {
    public boolean complete() {
        return failure == null;
    }

    /** The workload kind of each part of a mixed workload (workload.mix), e.g. "poisson"; empty for one kind. */
    public List<String> partKinds() {
        return scenario.getWorkload().getMix().getPartsList().stream()
                .map(w -> w.getKindCase().name().toLowerCase(Locale.ROOT)).toList();
    }

    /** The flows output.agent_state_flows names, in its order; empty when it names none. */
    public int[] chosenStateFlows() {
        return scenario.getOutput().getAgentStateFlowsList().stream().mapToInt(Integer::intValue).toArray();
    }

    /** The measured interval: from the end of the warm-up to where the run got. */
    public long measuredPs() {
        return reachedPs - warmupPs;
    }
}
