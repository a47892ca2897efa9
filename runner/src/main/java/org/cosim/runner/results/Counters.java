package org.cosim.runner.results;

import java.util.List;

/**
 * Network-wide event counts of a run, and the switch ports that dropped or trimmed
 * packets ({@code byPort}: in switch id order, then port). Trimmed packets and
 * headers returned to their sender come from NDP switch ports.
 */
public record Counters(long pfcPauseFramesSent, long pfcPauseFramesSentMeasured, long pfcPauseFramesReceivedByHosts, long dropPackets,
                       long dropBytes, long ecnMarks, long trimmedPackets, long returnedToSender, long eventsProcessed,
                       long agentWindows, long agentEvents, long packetsInNetwork, List<PortCounts> byPort) {
    public Counters {
        byPort = List.copyOf(byPort);
    }

    /** The share of trimmed headers that were returned to their sender (NaN without trimming). */
    public double returnedShare() {
        return trimmedPackets == 0 ? Double.NaN : returnedToSender / (double) trimmedPackets;
    }

    /** The ports that dropped packets. */
    public List<PortCounts> dropsByPort() {
        return byPort.stream().filter(p -> p.dropPackets() > 0).toList();
    }

    /** The ports that trimmed packets. */
    public List<PortCounts> trimsByPort() {
        return byPort.stream().filter(p -> p.trimmed() > 0).toList();
    }

    /**
     * One switch egress port's drops (packets, bytes), trims and headers it returned to their
     * sender; listed only when one of them is not zero ({@link #keeps}).
     */
    public record PortCounts(String port, long dropPackets, long dropBytes, long trimmed, long returned) {
        public boolean keeps() {
            return dropPackets > 0 || trimmed > 0 || returned > 0;
        }
    }
}
