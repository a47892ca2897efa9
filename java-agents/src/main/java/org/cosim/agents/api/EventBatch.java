package org.cosim.agents.api;

import java.util.Arrays;

/**
 * The agent-bound events of one window [W, W+L), in the order the fabric produced
 * them: (time, fabric priority, insertion sequence). Columnar and reusable, so a
 * window costs no allocation once the arrays have grown to the busiest window.
 * This is the in-memory form of {@code cosim.EventBatch} in cosim.proto.
 */
public final class EventBatch {
    public static final byte FLOW_ARRIVAL = 1;
    public static final byte COMPLETION = 2;
    public static final byte PFC_CHANGE = 3;
    public static final byte TIMER = 4;

    private long windowStartPs;
    private int size;
    private byte[] kind = new byte[64];
    private long[] time = new long[64];
    private int[] host = new int[64];
    private int[] flow = new int[64];
    private long[] a = new long[64];
    private long[] b = new long[64];
    private long[] c = new long[64];
    private long[] d = new long[64];
    private boolean[] flag = new boolean[64];

    public void reset(long windowStartPs) {
        this.windowStartPs = windowStartPs;
        this.size = 0;
    }

    public long windowStartPs() { return windowStartPs; }
    public int size() { return size; }
    public byte kind(int i) { return kind[i]; }
    public long time(int i) { return time[i]; }
    public int host(int i) { return host[i]; }
    /** The flow of the event, or -1 for kinds without one. */
    public int flow(int i) { return flow[i]; }

    public void addFlowArrival(long t, int h, int f, int dst, long sizeBytes) {
        int i = append(FLOW_ARRIVAL, t, h, f);
        a[i] = dst;
        b[i] = sizeBytes;
    }

    public void addCompletion(long t, int h, int f, long seq, int bytes, long sendTimePs,
                              long intMaxHopDelayPs, boolean ecnEcho) {
        int i = append(COMPLETION, t, h, f);
        a[i] = seq;
        b[i] = bytes;
        c[i] = sendTimePs;
        d[i] = intMaxHopDelayPs;
        flag[i] = ecnEcho;
    }

    public void addPfcChange(long t, int h, int priority, boolean paused) {
        int i = append(PFC_CHANGE, t, h, -1);
        a[i] = priority;
        flag[i] = paused;
    }

    public void addTimer(long t, int h, long timerId) {
        int i = append(TIMER, t, h, -1);
        a[i] = timerId;
    }

    public void read(int i, FlowArrivalEvent e) {
        e.timePs = time[i];
        e.host = host[i];
        e.flow = flow[i];
        e.dst = (int) a[i];
        e.sizeBytes = b[i];
    }

    public void read(int i, CompletionEvent e) {
        e.timePs = time[i];
        e.host = host[i];
        e.flow = flow[i];
        e.seq = a[i];
        e.bytes = (int) b[i];
        e.sendTimePs = c[i];
        e.intMaxHopDelayPs = d[i];
        e.ecnEcho = flag[i];
    }

    public void read(int i, PfcChangeEvent e) {
        e.timePs = time[i];
        e.host = host[i];
        e.priority = (int) a[i];
        e.paused = flag[i];
    }

    public void read(int i, TimerEvent e) {
        e.timePs = time[i];
        e.host = host[i];
        e.timerId = a[i];
    }

    private int append(byte k, long t, int h, int f) {
        if (size == kind.length) {
            grow();
        }
        int i = size++;
        kind[i] = k;
        time[i] = t;
        host[i] = h;
        flow[i] = f;
        a[i] = 0;
        b[i] = 0;
        c[i] = 0;
        d[i] = 0;
        flag[i] = false;
        return i;
    }

    private void grow() {
        int n = kind.length * 2;
        kind = Arrays.copyOf(kind, n);
        time = Arrays.copyOf(time, n);
        host = Arrays.copyOf(host, n);
        flow = Arrays.copyOf(flow, n);
        a = Arrays.copyOf(a, n);
        b = Arrays.copyOf(b, n);
        c = Arrays.copyOf(c, n);
        d = Arrays.copyOf(d, n);
        flag = Arrays.copyOf(flag, n);
    }
}
