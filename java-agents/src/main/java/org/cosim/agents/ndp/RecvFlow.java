package org.cosim.agents.ndp;

/**
 * One flow at its receiver: what has arrived, how many packets the flow has
 * (known once its marked last packet, or that packet's header, arrived), its
 * queued pulls and pull counter, and its place in the host's pull queue.
 */
final class RecvFlow implements PullingFlow {
    final int flow;
    final boolean prioritized;
    final ReceivedSet got = new ReceivedSet();
    long received;        // distinct data packets
    long total = -1;      // packets in the flow, -1 until the last packet is seen
    int pending;          // pulls waiting in the pull queue
    long pullNumber;      // the last pull number sent (on a PULL or riding on an ACK/NACK)
    int lastPath = 0;     // the path of the latest arrival: PULLs go back on it
    boolean finished;
    long lastHeardPs;     // the latest arrival or pull of this flow: the stall watch measures silence from it
    long firstArrivalPs = -1;
    long lastArrivalPs;
    boolean stallWatched; // a stall timer is pending
    boolean queued;       // linked into the pull queue
    RecvFlow next;        // pull queue link

    RecvFlow(int flow, boolean prioritized) {
        this.flow = flow;
        this.prioritized = prioritized;
    }

    /** Records an arrival (a packet or a header) at {@code nowPs}. */
    void heard(long nowPs) {
        if (firstArrivalPs < 0) {
            firstArrivalPs = nowPs;
        }
        lastArrivalPs = nowPs;
        lastHeardPs = nowPs;
    }

    @Override
    public int flowId() {
        return flow;
    }

    @Override
    public boolean prioritized() {
        return prioritized;
    }

    @Override
    public int queuedPulls() {
        return pending;
    }

    @Override
    public long packetsReceived() {
        return received;
    }

    @Override
    public long packetsTotal() {
        return total;
    }

    @Override
    public long pullsSent() {
        return pullNumber;
    }

    @Override
    public long firstArrivalPs() {
        return firstArrivalPs;
    }

    @Override
    public long lastArrivalPs() {
        return lastArrivalPs;
    }

    boolean lastSeen() {
        return total >= 0;
    }

    long missing() {
        return total - received;
    }
}
