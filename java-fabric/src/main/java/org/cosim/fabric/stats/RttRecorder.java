package org.cosim.fabric.stats;

import java.util.Arrays;

/**
 * RTT samples from segment completions after the warm-up, in completion order:
 * completion time, flow and RTT (TIMELY's definition, {@code SegmentRtt}). All
 * samples feed the percentiles; that is one long triple per completed segment.
 */
public final class RttRecorder {
    private final long measureFromPs;
    private long[] time = new long[1024];
    private int[] flow = new int[1024];
    private long[] rtt = new long[1024];
    private int size;

    public RttRecorder(long measureFromPs) {
        this.measureFromPs = measureFromPs;
    }

    public void record(long completionPs, int f, long rttPs) {
        if (completionPs < measureFromPs) {
            return;
        }
        if (size == time.length) {
            time = Arrays.copyOf(time, size * 2);
            flow = Arrays.copyOf(flow, size * 2);
            rtt = Arrays.copyOf(rtt, size * 2);
        }
        time[size] = completionPs;
        flow[size] = f;
        rtt[size] = rttPs;
        size++;
    }

    public int size() { return size; }
    public long time(int i) { return time[i]; }
    public int flow(int i) { return flow[i]; }
    public long rtt(int i) { return rtt[i]; }
}
