package org.cosim.fabric.stats;

import java.util.Arrays;

/**
 * RTT samples after the warm-up, in the order they are taken: time, flow and two
 * RTTs of the same segment (or, for agent ACKs, packet). The host RTT runs from
 * the hand-over of the segment to the sender NIC, so the NIC's own queue counts;
 * the network RTT from its first packet's start onto the wire. For hardware-ACKed
 * segments both are TIMELY's definition ({@code SegmentRtt}: completion minus
 * start minus the segment's serialization at the NIC's rate), from the two
 * starts; for agent ACKs both are the ACK's arrival minus the echoed time. All
 * samples feed the percentiles.
 */
public final class RttRecorder {
    private final long measureFromPs;
    private long[] time = new long[1024];
    private int[] flow = new int[1024];
    private long[] network = new long[1024];
    private long[] host = new long[1024];
    private int size;

    public RttRecorder(long measureFromPs) {
        this.measureFromPs = measureFromPs;
    }

    public void record(long completionPs, int f, long networkRttPs, long hostRttPs) {
        if (completionPs < measureFromPs) {
            return;
        }
        if (size == time.length) {
            time = Arrays.copyOf(time, size * 2);
            flow = Arrays.copyOf(flow, size * 2);
            network = Arrays.copyOf(network, size * 2);
            host = Arrays.copyOf(host, size * 2);
        }
        time[size] = completionPs;
        flow[size] = f;
        network[size] = networkRttPs;
        host[size] = hostRttPs;
        size++;
    }

    public int size() { return size; }
    public long time(int i) { return time[i]; }
    public int flow(int i) { return flow[i]; }
    public long networkRtt(int i) { return network[i]; }
    public long hostRtt(int i) { return host[i]; }
}
