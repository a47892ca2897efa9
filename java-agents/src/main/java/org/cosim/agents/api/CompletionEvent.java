package org.cosim.agents.api;

/**
 * The sender NIC saw the hardware ACK of a whole segment. Its time is the NIC's
 * completion timestamp. A reused view: copy what you keep.
 */
public final class CompletionEvent implements IntHops {
    /** The most INT hop records a completion carries (the fabric's bound on a packet's hop stack). */
    public static final int MAX_INT_HOPS = 5;

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
    boolean syn;
    EventBatch hops;
    int hopStart;
    int hopCount;

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
    /** The ACK of a SYN ({@link ActionSink#sendSyn}): the connection is set up; {@link #bytes()} is 0. */
    public boolean syn() { return syn; }

    /**
     * INT hop records of the ACKed packet (HPCC), in path order: one per INT switch
     * egress its data crossed; 0 unless the scenario collects them.
     */
    @Override public int intHopCount() { return hopCount; }
    @Override public long intHopQueueBytes(int k) { return hops.hopQueueBytes[at(k)]; }
    @Override public long intHopTxBytes(int k) { return hops.hopTxBytes[at(k)]; }
    @Override public long intHopTimePs(int k) { return hops.hopTimePs[at(k)]; }
    @Override public long intHopRateBps(int k) { return hops.hopRateBps[at(k)]; }

    private int at(int k) {
        if (k < 0 || k >= hopCount) {
            throw new IndexOutOfBoundsException("INT hop " + k + " of " + hopCount);
        }
        return hopStart + k;
    }
}
