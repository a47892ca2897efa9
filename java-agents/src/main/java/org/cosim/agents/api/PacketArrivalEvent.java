package org.cosim.agents.api;

/**
 * A data packet, or the header left of a trimmed one, reached this host's NIC
 * (sent without hardware ACK). A reused view: copy what you keep.
 */
public final class PacketArrivalEvent {
    long timePs;
    int host;
    int flow;
    long seq;
    int bytes;
    int path;
    int flags;
    long intMaxHopDelayPs;
    long sendTimePs;
    long txTimePs;

    public long timePs() { return timePs; }
    public int host() { return host; }
    public int flow() { return flow; }
    /** Byte offset of the packet's payload in the flow. */
    public long seq() { return seq; }
    /** Payload bytes the packet was sent with (a trimmed header carries none of them). */
    public int bytes() { return bytes; }
    public int path() { return path; }
    public boolean trimmed() { return (flags & EventBatch.TRIMMED) != 0; }
    /** A header that came back to its sender (NDP return-to-sender). */
    public boolean returned() { return (flags & EventBatch.RETURNED) != 0; }
    public boolean lastOfFlow() { return (flags & EventBatch.LAST_OF_FLOW) != 0; }
    public boolean ecn() { return (flags & EventBatch.ECN) != 0; }
    public long intMaxHopDelayPs() { return intMaxHopDelayPs; }
    /** When the packet's segment was handed to the sender NIC. */
    public long sendTimePs() { return sendTimePs; }
    /** When the packet started onto the wire at the sender NIC. */
    public long txTimePs() { return txTimePs; }
}
