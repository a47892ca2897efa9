package org.cosim.fabric;

import org.cosim.setup.FabricConfig;

import java.util.List;
import org.cosim.agents.host.FlowStates;
import org.cosim.fabric.net.Nic;
import org.cosim.fabric.net.Switch;
import org.cosim.fabric.stats.FlowStats;
import org.cosim.fabric.stats.QueueMonitor;
import org.cosim.fabric.stats.RttRecorder;
import org.cosim.fabric.stats.TimeSeriesSampler;
import org.cosim.setup.topology.Routing;
import org.cosim.setup.topology.TopologyGraph;
import org.cosim.setup.report.PacketTrace;
import org.cosim.setup.workload.FlowTable;

/**
 * Everything a Java-fabric run measured, up to where it got: complete when
 * {@code failure} is null, otherwise the state at the moment it failed.
 */
public record FabricResult(FabricConfig config, TopologyGraph graph, Routing routing, FlowTable flows,
                           FlowStats flowStats, RttRecorder rtts, List<QueueMonitor> monitors,
                           TimeSeriesSampler series, List<Switch> switches, List<Nic> nics,
                           long eventsProcessed, long agentWindows, long agentEvents, long reachedPs,
                           long packetsInNetwork, long wallNanos, Throwable failure, FlowStates flowStates,
                           PacketTrace packetTrace) {
    public boolean complete() {
        return failure == null;
    }
}
