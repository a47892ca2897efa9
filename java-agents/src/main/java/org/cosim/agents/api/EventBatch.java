package org.cosim.agents.api;

import java.util.Arrays;

/**
 * The agent-bound events of one window [W, W+L), in the order the fabric produced
 * them: (time, fabric priority, insertion sequence). Columnar and reusable, so a
 * window costs no allocation once the arrays have grown to the busiest window.
 * This is the in-memory form of {@code cosim.EventBatch} in cosim.proto.
 */
public final class EventBatch extends ColumnarBatch {
    public static final byte FLOW_ARRIVAL = 1;
    public static final byte COMPLETION = 2;
    public static final byte PFC_CHANGE = 3;
    public static final byte TIMER = 4;
    public static final byte PACKET_ARRIVAL = 5;
    public static final byte CONTROL_ARRIVAL = 6;
    public static final byte TRANSMITTED = 7;

    /** Flag bits of a packet arrival. */
    public static final int TRIMMED = 1;
    public static final int RETURNED = 2;
    public static final int LAST_OF_FLOW = 4;
    public static final int ECN = 8;
    /** Flag bit of a completion: it is a SYN-ACK. */
    public static final int SYN = 16;

    private long[] a = new long[64];
    private long[] b = new long[64];
    private long[] c = new long[64];
    private long[] d = new long[64];
    private long[] e = new long[64];
    private long[] g = new long[64];
    private int[] i1 = new int[64];
    private int[] flags = new int[64];
    // INT hop records (cosim.proto IntHop) of completions: event i owns hops
    // [hopStart[i], hopStart[i] + hopCount[i]) of the flat columns below.
    private int[] hopStart = new int[64];
    private int[] hopCount = new int[64];
    private int hopSize;
    long[] hopQueueBytes = new long[64];
    long[] hopTxBytes = new long[64];
    long[] hopTimePs = new long[64];
    long[] hopRateBps = new long[64];

    @Override
    public void reset(long windowStartPs) {
        super.reset(windowStartPs);
        this.hopSize = 0;
    }

    public void addFlowArrival(long t, int h, int f, int dst, long sizeBytes) {
        int i = append(FLOW_ARRIVAL, t, h, f);
        a[i] = dst;
        b[i] = sizeBytes;
    }

    public void addCompletion(long t, int h, int f, long seq, int bytes, long sendTimePs,
                              long intMaxHopDelayPs, boolean ecnEcho) {
        addCompletion(t, h, f, seq, bytes, sendTimePs, intMaxHopDelayPs, 0, ecnEcho);
    }

    public void addCompletion(long t, int h, int f, long seq, int bytes, long sendTimePs,
                              long intMaxHopDelayPs, long intReverseMaxHopDelayPs, boolean ecnEcho) {
        addCompletion(t, h, f, seq, bytes, sendTimePs, sendTimePs, intMaxHopDelayPs, intReverseMaxHopDelayPs, ecnEcho);
    }

    /** {@code txTimePs}: when the ACKed packet started onto the wire (the NIC's hardware TX timestamp). */
    public void addCompletion(long t, int h, int f, long seq, int bytes, long sendTimePs, long txTimePs,
                              long intMaxHopDelayPs, long intReverseMaxHopDelayPs, boolean ecnEcho) {
        addCompletion(t, h, f, seq, bytes, sendTimePs, txTimePs, intMaxHopDelayPs, intReverseMaxHopDelayPs, ecnEcho,
                false);
    }

    /** {@code syn}: the ACK answers a SYN (0 bytes at {@code seq}, the SYN's). */
    public void addCompletion(long t, int h, int f, long seq, int bytes, long sendTimePs, long txTimePs,
                              long intMaxHopDelayPs, long intReverseMaxHopDelayPs, boolean ecnEcho, boolean syn) {
        int i = append(COMPLETION, t, h, f);
        g[i] = txTimePs;
        a[i] = seq;
        b[i] = bytes;
        c[i] = sendTimePs;
        d[i] = intMaxHopDelayPs;
        e[i] = intReverseMaxHopDelayPs;
        flags[i] = (ecnEcho ? ECN : 0) | (syn ? SYN : 0);
    }

    /** Appends an INT hop record to the last event, which must be a completion (records in path order). */
    public void addIntHop(long queueBytes, long txBytes, long timePs, long rateBps) {
        if (size() == 0 || kind(size() - 1) != COMPLETION) {
            throw new IllegalStateException("an INT hop record must follow a completion");
        }
        if (hopSize == hopQueueBytes.length) {
            int n = hopSize * 2;
            hopQueueBytes = Arrays.copyOf(hopQueueBytes, n);
            hopTxBytes = Arrays.copyOf(hopTxBytes, n);
            hopTimePs = Arrays.copyOf(hopTimePs, n);
            hopRateBps = Arrays.copyOf(hopRateBps, n);
        }
        hopQueueBytes[hopSize] = queueBytes;
        hopTxBytes[hopSize] = txBytes;
        hopTimePs[hopSize] = timePs;
        hopRateBps[hopSize] = rateBps;
        hopSize++;
        hopCount[size() - 1]++;
    }

    /** INT hop records of event i (0 for every kind but completions carrying them). */
    public int intHopCount(int i) { return hopCount[i]; }

    public void addPfcChange(long t, int h, int trafficClass, boolean paused) {
        int i = append(PFC_CHANGE, t, h, -1);
        a[i] = trafficClass;
        flags[i] = paused ? 1 : 0;
    }

    public void addTimer(long t, int h, long timerId) {
        int i = append(TIMER, t, h, -1);
        a[i] = timerId;
    }

    /** {@code packetFlags}: {@link #TRIMMED}, {@link #RETURNED}, {@link #LAST_OF_FLOW}, {@link #ECN}. */
    public void addPacketArrival(long t, int h, int f, long seq, int bytes, int path, int packetFlags,
                                 long intMaxHopDelayPs, long sendTimePs) {
        addPacketArrival(t, h, f, seq, bytes, path, packetFlags, intMaxHopDelayPs, sendTimePs, sendTimePs);
    }

    /** With the packet's TX time at its sender NIC ({@code txTimePs}). */
    public void addPacketArrival(long t, int h, int f, long seq, int bytes, int path, int packetFlags,
                                 long intMaxHopDelayPs, long sendTimePs, long txTimePs) {
        int i = append(PACKET_ARRIVAL, t, h, f);
        a[i] = seq;
        b[i] = bytes;
        c[i] = intMaxHopDelayPs;
        d[i] = sendTimePs;
        e[i] = txTimePs;
        i1[i] = path;
        flags[i] = packetFlags;
    }

    /** {@code controlKind}: one of {@link ControlArrivalEvent#ACK}, NACK, PULL. */
    public void addControlArrival(long t, int h, int f, int controlKind, long seq, long pullNumber, int path,
                                  long echoTimePs) {
        addControlArrival(t, h, f, controlKind, seq, pullNumber, path, echoTimePs, 0);
    }

    /** With a second echoed time ({@code echoTxTimePs}, 0: none). */
    public void addControlArrival(long t, int h, int f, int controlKind, long seq, long pullNumber, int path,
                                  long echoTimePs, long echoTxTimePs) {
        int i = append(CONTROL_ARRIVAL, t, h, f);
        a[i] = seq;
        b[i] = pullNumber;
        d[i] = echoTimePs;
        e[i] = echoTxTimePs;
        i1[i] = path;
        flags[i] = controlKind;
    }

    /** Segment [seq, seq + bytes) of flow {@code f}, handed over at {@code sendTimePs}, left the NIC at {@code t}. */
    public void addTransmitted(long t, int h, int f, long seq, int bytes, long sendTimePs) {
        int i = append(TRANSMITTED, t, h, f);
        a[i] = seq;
        b[i] = bytes;
        c[i] = sendTimePs;
    }

    public void read(int i, TransmittedEvent v) {
        v.timePs = time(i);
        v.host = host(i);
        v.flow = flow(i);
        v.seq = a[i];
        v.bytes = (int) b[i];
        v.sendTimePs = c[i];
    }

    public void read(int i, FlowArrivalEvent v) {
        v.timePs = time(i);
        v.host = host(i);
        v.flow = flow(i);
        v.dst = (int) a[i];
        v.sizeBytes = b[i];
        v.describePath(1, 0, 0);
        v.closeAt(0);
    }

    public void read(int i, CompletionEvent v) {
        v.timePs = time(i);
        v.host = host(i);
        v.flow = flow(i);
        v.seq = a[i];
        v.bytes = (int) b[i];
        v.sendTimePs = c[i];
        v.intMaxHopDelayPs = d[i];
        v.intReverseMaxHopDelayPs = e[i];
        v.txTimePs = g[i];
        v.ecnEcho = (flags[i] & ECN) != 0;
        v.syn = (flags[i] & SYN) != 0;
        v.hops = this;
        v.hopStart = hopStart[i];
        v.hopCount = hopCount[i];
    }

    public void read(int i, PfcChangeEvent v) {
        v.timePs = time(i);
        v.host = host(i);
        v.trafficClass = (int) a[i];
        v.paused = flags[i] != 0;
    }

    public void read(int i, TimerEvent v) {
        v.timePs = time(i);
        v.host = host(i);
        v.timerId = a[i];
    }

    public void read(int i, PacketArrivalEvent v) {
        v.timePs = time(i);
        v.host = host(i);
        v.flow = flow(i);
        v.seq = a[i];
        v.bytes = (int) b[i];
        v.intMaxHopDelayPs = c[i];
        v.sendTimePs = d[i];
        v.txTimePs = e[i];
        v.path = i1[i];
        v.flags = flags[i];
    }

    public void read(int i, ControlArrivalEvent v) {
        v.timePs = time(i);
        v.host = host(i);
        v.flow = flow(i);
        v.seq = a[i];
        v.pullNumber = b[i];
        v.echoTimePs = d[i];
        v.echoTxTimePs = e[i];
        v.path = i1[i];
        v.kind = flags[i];
    }

    private int append(byte k, long t, int h, int f) {
        return appendRow(k, t, h, f);
    }

    @Override
    void clearColumns(int i) {
        a[i] = 0;
        b[i] = 0;
        c[i] = 0;
        d[i] = 0;
        e[i] = 0;
        g[i] = 0;
        i1[i] = 0;
        flags[i] = 0;
        hopStart[i] = hopSize;
        hopCount[i] = 0;
    }

    @Override
    void growColumns(int n) {
        a = Arrays.copyOf(a, n);
        b = Arrays.copyOf(b, n);
        c = Arrays.copyOf(c, n);
        d = Arrays.copyOf(d, n);
        e = Arrays.copyOf(e, n);
        g = Arrays.copyOf(g, n);
        i1 = Arrays.copyOf(i1, n);
        flags = Arrays.copyOf(flags, n);
        hopStart = Arrays.copyOf(hopStart, n);
        hopCount = Arrays.copyOf(hopCount, n);
    }
}
