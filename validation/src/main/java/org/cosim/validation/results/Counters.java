package org.cosim.validation.results;

import java.util.List;

/** Network-wide event counts of a run, and the switch ports that dropped packets. */
public record Counters(long pfcPauseFramesSent, long pfcPauseFramesSentMeasured, long pfcPauseFramesReceivedByHosts, long dropPackets,
                       long dropBytes, long ecnMarks, long eventsProcessed, long agentWindows,
                       long agentEvents, long packetsInNetwork, List<PortDrops> dropsByPort) {
    /** Drops at one switch egress port. */
    public record PortDrops(String port, long packets, long bytes) {}
}
