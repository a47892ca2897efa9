package org.cosim.agents.api;

/**
 * The sender NIC saw the hardware ACK of a whole segment. Its time is the NIC's
 * completion timestamp. A reused view: copy what you keep.
 */
public final class CompletionEvent {
    long timePs;
    int host;
    int flow;
    long seq;
    int bytes;
    long sendTimePs;
    long intMaxHopDelayPs;
    long intReverseMaxHopDelayPs;
    long txTimePs;
    boolean ecnEcho;

    public long timePs() { return timePs; }
    public long completionTimePs() { return timePs; }
    public int host() { return host; }
    public int flow() { return flow; }
    public long seq() { return seq; }
    public int bytes() { return bytes; }
    /** When the segment was handed to the NIC. */
    public long sendTimePs() { return sendTimePs; }
    /**
     * When the ACKed packet (the segment's last) started onto the wire at the
     * sender NIC: the hardware TX timestamp. The NIC's queue lies between
     * {@link #sendTimePs()} and this.
     */
    public long txTimePs() { return txTimePs; }
    /** INT max-hop queueing delay on the data's path (the forward path). */
    public long intMaxHopDelayPs() { return intMaxHopDelayPs; }
    /** INT max-hop queueing delay on the ACK's own path (the reverse path). */
    public long intReverseMaxHopDelayPs() { return intReverseMaxHopDelayPs; }
    public boolean ecnEcho() { return ecnEcho; }
}
