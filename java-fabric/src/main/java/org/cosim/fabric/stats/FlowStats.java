package org.cosim.fabric.stats;

import java.util.Arrays;

/**
 * Per-flow byte counters kept by the hardware models: data bytes put on the wire
 * by the sender NIC, delivered to the receiver NIC, dropped in switches; and the
 * finish time the flow's agent declared. Delivered bytes are also counted from the
 * end of the warm-up, for throughput.
 */
public final class FlowStats {
    private final long measureFromPs;
    private final long[] sent;
    private final long[] delivered;
    private final long[] deliveredMeasured;
    private final long[] dropped;
    private final long[] finish;

    public FlowStats(int flows, long measureFromPs) {
        this.measureFromPs = measureFromPs;
        sent = new long[flows];
        delivered = new long[flows];
        deliveredMeasured = new long[flows];
        dropped = new long[flows];
        finish = new long[flows];
        Arrays.fill(finish, -1);
    }

    public int flows() {
        return sent.length;
    }

    public void sent(int flow, int bytes) {
        sent[flow] += bytes;
    }

    public void delivered(int flow, int bytes, long nowPs) {
        delivered[flow] += bytes;
        if (nowPs >= measureFromPs) {
            deliveredMeasured[flow] += bytes;
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
    public long deliveredBytes(int flow) { return delivered[flow]; }
    public long deliveredMeasuredBytes(int flow) { return deliveredMeasured[flow]; }
    public long droppedBytes(int flow) { return dropped[flow]; }
    public long finishPs(int flow) { return finish[flow]; }
    public long measureFromPs() { return measureFromPs; }
}
