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
}
