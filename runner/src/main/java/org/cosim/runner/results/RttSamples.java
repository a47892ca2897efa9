package org.cosim.runner.results;

import java.io.Serializable;

/**
 * RTT samples after the warm-up, in the order they were taken, each with two RTTs
 * of the same segment (or, for agent ACKs, packet): the network RTT from its first
 * packet's start onto the wire at the sender NIC, and the host RTT from its
 * hand-over to that NIC, which adds the wait in the NIC's queue (the fabric's
 * RttRecorder says how each is taken).
 */
public record RttSamples(long[] timePs, int[] flow, long[] networkRttPs, long[] hostRttPs) implements Serializable {
    public int size() {
        return timePs.length;
    }
}
