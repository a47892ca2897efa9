package org.cosim.fabric;

import java.util.List;
import org.cosim.agents.host.FlowStates;
import org.cosim.fabric.net.Nic;
import org.cosim.fabric.net.Switch;
import org.cosim.fabric.stats.FlowStats;
import org.cosim.fabric.stats.QueueMonitor;
import org.cosim.fabric.stats.RttRecorder;
import org.cosim.fabric.stats.TimeSeriesSampler;
import org.cosim.setup.RunSetup;
import org.cosim.setup.report.PacketTrace;

/**
 * Everything a Java-fabric run measured, up to where it got ({@code reachedPs}): what ran ({@link RunSetup}), what it
 * measured ({@link Measured}), the switches and NICs with their own counters ({@link Hardware}) and the work it
 * took ({@link Work}). Complete when {@code failure} is null, otherwise the state at the moment it failed.
 */
public record FabricResult(RunSetup setup, long reachedPs, Measured measured, Hardware hardware, Work work,
                           Throwable failure) {
    /**
     * What the run measured: per-flow counts, RTT samples, the monitored queues, the time series, and the agents'
     * flow states (output.agent_state) and the packet trace (output.packet_trace), each null when not asked for.
     */
    public record Measured(FlowStats flowStats, RttRecorder rtts, List<QueueMonitor> monitors,
                           TimeSeriesSampler series, FlowStates flowStates, PacketTrace packetTrace) { }

    /** The switches (by switch id) and NICs (by host id), with the counters each keeps. */
    public record Hardware(List<Switch> switches, List<Nic> nics) { }

    /**
     * The simulation's work: events processed, agent windows and the events sent to the agents in them, packets
     * still in the network at the end, and the wall time the run took.
     */
    public record Work(long eventsProcessed, long agentWindows, long agentEvents, long packetsInNetwork,
                       long wallNanos) { }

    public boolean complete() {
        return failure == null;
    }
}
