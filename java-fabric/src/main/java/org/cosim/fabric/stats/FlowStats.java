package org.cosim.fabric.stats;

import java.util.Arrays;

/**
 * Per-flow byte counters kept by the hardware models: payload bytes put on the
 * wire by the sender NIC, and of them the retransmitted ones (sent before: below
 * the flow's highest byte sent so far); payload bytes delivered to the receiver
 * NIC, duplicates included (the wire's count), and the unique ones (each byte of
 * the flow counted once, on its first arrival: goodput); bytes dropped in
 * switches; and the finish time the flow's agent declared. Delivered bytes, wire
 * and unique, are also counted from the end of the warm-up, for throughput. The
 * C++ twin is omnetpp-bridge's FlowStats.h.
 */
public final class FlowStats {
    private final long measureFromPs;
    private final long[] sent;
    private final long[] sentHigh;
    private final long[] retransmitted;
    private final long[] delivered;
    private final long[] deliveredMeasured;
    private final long[] unique;
    private final long[] uniqueMeasured;
    private final ByteRanges[] arrived;
    private final long[] dropped;
    private final long[] finish;
    private long deliveredPackets;

    public FlowStats(int flows, long measureFromPs) {
        this.measureFromPs = measureFromPs;
        sent = new long[flows];
        sentHigh = new long[flows];
        retransmitted = new long[flows];
        delivered = new long[flows];
        deliveredMeasured = new long[flows];
        unique = new long[flows];
        uniqueMeasured = new long[flows];
        arrived = new ByteRanges[flows];
        dropped = new long[flows];
        finish = new long[flows];
        Arrays.fill(finish, -1);
    }

    public int flows() {
        return sent.length;
    }

    /** The sender NIC put payload bytes [seq, seq + bytes) of the flow on the wire. */
    public void sent(int flow, long seq, int bytes) {
        sent[flow] += bytes;
        long end = seq + bytes;
        retransmitted[flow] += Math.max(0, Math.min(end, sentHigh[flow]) - seq);
        sentHigh[flow] = Math.max(sentHigh[flow], end);
    }

    /** Payload bytes [seq, seq + bytes) of the flow reached its receiver NIC at {@code nowPs}. */
    public void delivered(int flow, long seq, int bytes, long nowPs) {
        ByteRanges r = arrived[flow];
        if (r == null) {
            r = arrived[flow] = new ByteRanges();
        }
        long fresh = r.add(seq, seq + bytes);
        delivered[flow] += bytes;
        deliveredPackets++;
        unique[flow] += fresh;
        if (nowPs >= measureFromPs) {
            deliveredMeasured[flow] += bytes;
            uniqueMeasured[flow] += fresh;
        }
    }

    public void dropped(int flow, int bytes) {
        dropped[flow] += bytes;
    }

    public boolean finished(int flow) {
        return finish[flow] >= 0;
    }

    public void finish(int flow, long timePs) {
        finish[flow] = timePs;
    }

    public long sentBytes(int flow) { return sent[flow]; }
    public long retransmittedBytes(int flow) { return retransmitted[flow]; }
    public long deliveredBytes(int flow) { return delivered[flow]; }
    /** Data packets that reached their receiver NIC, every flow, duplicates included, warm-up included. */
    public long deliveredPackets() { return deliveredPackets; }
    public long deliveredMeasuredBytes(int flow) { return deliveredMeasured[flow]; }
    public long uniqueDeliveredBytes(int flow) { return unique[flow]; }
    public long uniqueDeliveredMeasuredBytes(int flow) { return uniqueMeasured[flow]; }
    public long droppedBytes(int flow) { return dropped[flow]; }
    public long finishPs(int flow) { return finish[flow]; }
    public long measureFromPs() { return measureFromPs; }
}
