package org.cosim.validation.results;

import java.util.List;

/**
 * Network-wide event counts of a run, and the switch ports that dropped packets.
 * Trimmed packets and headers returned to their sender come from NDP switch ports.
 */
public record Counters(long pfcPauseFramesSent, long pfcPauseFramesSentMeasured, long pfcPauseFramesReceivedByHosts, long dropPackets,
                       long dropBytes, long ecnMarks, long trimmedPackets, long returnedToSender, long eventsProcessed,
                       long agentWindows, long agentEvents, long packetsInNetwork, List<PortDrops> dropsByPort) {
    /** The share of trimmed headers that were returned to their sender (NaN without trimming). */
    public double returnedShare() {
        return trimmedPackets == 0 ? Double.NaN : returnedToSender / (double) trimmedPackets;
    }

    /** Drops at one switch egress port. */
    public record PortDrops(String port, long packets, long bytes) {}
}
