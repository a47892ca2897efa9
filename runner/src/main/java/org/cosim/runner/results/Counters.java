package org.cosim.runner.results;

import java.io.Serializable;
import java.util.List;

/**
 * Network-wide event counts of a run, in three named parts, and the switch ports
 * that dropped or trimmed packets ({@code byPort}: in switch id order, then port).
 * Trimmed packets and headers returned to their sender come from NDP switch ports.
 */
public record Counters(Pfc pfc, PortActions ports, Work work, List<PortCounts> byPort) implements Serializable {
    /**
     * PFC pause frames the switches sent (in all, and after the warm-up) and pause frames the hosts' NICs
     * received.
     */
    public record Pfc(long framesSent, long framesSentMeasured, long framesReceivedByHosts) implements Serializable { }

    /** What the switch ports did to packets: dropped (packets, bytes), marked ECN-CE, trimmed, returned. */
    public record PortActions(long dropPackets, long dropBytes, long ecnMarks, long trimmedPackets,
                              long returnedToSender) implements Serializable { }

    /** The simulation's work: events processed, agent windows and their events, packets still in the network. */
    public record Work(long eventsProcessed, long agentWindows, long agentEvents, long packetsInNetwork)
            implements Serializable { }

    public Counters {
        byPort = List.copyOf(byPort);
    }

    public long pfcPauseFramesSent() {
        return pfc.framesSent();
    }

    public long pfcPauseFramesSentMeasured() {
        return pfc.framesSentMeasured();
    }

    public long pfcPauseFramesReceivedByHosts() {
        return pfc.framesReceivedByHosts();
    }

    public long dropPackets() {
        return ports.dropPackets();
    }

    public long dropBytes() {
        return ports.dropBytes();
    }

    public long ecnMarks() {
        return ports.ecnMarks();
    }

    public long trimmedPackets() {
        return ports.trimmedPackets();
    }

    public long returnedToSender() {
        return ports.returnedToSender();
    }

    public long eventsProcessed() {
        return work.eventsProcessed();
    }

    public long agentWindows() {
        return work.agentWindows();
    }

    public long agentEvents() {
        return work.agentEvents();
    }

    public long packetsInNetwork() {
        return work.packetsInNetwork();
    }

    /** The share of trimmed headers that were returned to their sender (NaN without trimming). */
    public double returnedShare() {
        return trimmedPackets() == 0 ? Double.NaN : returnedToSender() / (double) trimmedPackets();
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
    public record PortCounts(String port, long dropPackets, long dropBytes, long trimmed, long returned)
            implements Serializable {
        public boolean keeps() {
            return dropPackets > 0 || trimmed > 0 || returned > 0;
        }
    }
}
