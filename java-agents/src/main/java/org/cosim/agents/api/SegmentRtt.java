package org.cosim.agents.api;

import org.cosim.scenario.Units;

/**
 * The RTT of a completed segment, as TIMELY defines it (SIGCOMM'15 §3.1):
 * completion time - send time - the segment's serialization at NIC line rate.
 * NIC queueing stays inside the RTT on purpose. Agents and the fabric's statistics
 * both use this one definition.
 */
public final class SegmentRtt {
    private SegmentRtt() {}

    public static long rttPs(long sendTimePs, long completionTimePs, int segmentBytes, long nicRateBps) {
        return completionTimePs - sendTimePs - Units.serializationPs(segmentBytes, nicRateBps);
    }

    /**
     * The fabric RTT of the ACKed packet from NIC timestamps, as Swift and Poseidon
     * measure it: from when it started onto the wire to when its ACK arrived. The
     * sender's NIC queue and host stack are outside it; propagation, switching,
     * store-and-forward and queueing on both paths are inside.
     */
    public static long fabricRttPs(CompletionEvent e) {
        return e.completionTimePs() - e.txTimePs();
    }
}
