package org.cosim.fabric.packet;

import java.util.Arrays;
import org.cosim.proto.PacketFlag;

/**
 * Every packet in flight, by packet id. A packet's fields lie side by side, 20 longs from id x 20 in one
 * array (two int fields share a long), so a packet's hop touches one or two cache lines of it, not one per field: a
 * k = 32 fat tree's permutation keeps about 170,000 packets in flight, far more than a cache holds, and each hop
 * meets its packet cold.
 * The fields a switch reads at every hop come first. Ids are recycled through a free list, so steady-state
 * simulation allocates nothing per packet; the array doubles when the network holds more packets than ever before.
 *
 * <p>The longs of a packet:
 *
 * <pre>
 *    0: type (low half), flags (high half)
 *    1: trafficClass (low half), size (high half)
 *    2: src (low half), dst (high half)
 *    3: flow (low half), path (high half)
 *    4: routeCursor (low half), ingressPort (high half)
 *    5: enqueueTime
 *    6: payload (low half), controlKind (high half)
 *    7: uid
 *    8: seq
 *    9: segmentSeq
 *   10: segmentSendTime
 *   11: txTime
 *   12: segmentTxStart
 *   13: intEcho
 *   14: pullNumber
 *   15: echoTime
 *   16: echoTxTime
 *   17: intMaxHopDelay
 *   18: segmentBytes (low half), answeredPath (high half)
 *   19: intHops
 * </pre>
 */
public final class PacketPool {
    // The flag bits, as cosim.proto's PacketFlag defines them for both fabrics.
    public static final int FLAG_LAST_OF_SEGMENT = PacketFlag.PACKET_FLAG_LAST_OF_SEGMENT_VALUE;
    public static final int FLAG_ECN_CE = PacketFlag.PACKET_FLAG_ECN_CE_VALUE;
    public static final int FLAG_ECN_ECHO = PacketFlag.PACKET_FLAG_ECN_ECHO_VALUE;
    public static final int FLAG_PAUSE = PacketFlag.PACKET_FLAG_PAUSE_VALUE;
    public static final int FLAG_NO_ACK = PacketFlag.PACKET_FLAG_NO_ACK_VALUE;
    public static final int FLAG_LAST_OF_FLOW = PacketFlag.PACKET_FLAG_LAST_OF_FLOW_VALUE;
    public static final int FLAG_TRIMMED = PacketFlag.PACKET_FLAG_TRIMMED_VALUE;
    public static final int FLAG_RETURNED = PacketFlag.PACKET_FLAG_RETURNED_VALUE;
    public static final int FLAG_SYN = PacketFlag.PACKET_FLAG_SYN_VALUE;

    private static final int STRIDE = 20;
    private static final long LOW = 0xFFFF_FFFFL;
    private static final long HIGH = ~LOW;

    private int capacity = 0;
    private int[] free = new int[0];
    private int freeCount;
    private int live;
    private long[] w = new long[0];

    /**
     * The records themselves, {@link #HOP_SLOTS} per packet (empty until a packet
     * gets its first record): record k of packet p at p * HOP_SLOTS + k. Queue bytes
     * at dequeue, the port's cumulative tx bytes before the packet, the dequeue
     * timestamp, the link rate.
     */
    public long[] hopQueueBytes = new long[0];
    public long[] hopTxBytes = new long[0];
    public long[] hopTimePs = new long[0];
    public long[] hopRateBps = new long[0];
    /** Hop records per packet: the contract's bound (net.IntParams.MAX_HOPS). */
    public static final int HOP_SLOTS = org.cosim.setup.hardware.IntParams.MAX_HOPS;

    public PacketPool() {
        grow(1024);
    }

    public int alloc() {
        if (freeCount == 0) {
            grow(capacity * 2);
        }
        int id = free[--freeCount];
        int at = id * STRIDE;
        Arrays.fill(w, at, at + STRIDE, 0L);
        w[at + 2] = 0xFFFFFFFFFFFFFFFFL;  // src -1, dst -1
        w[at + 3] = 0xFFFFFFFFL;  // flow -1
        w[at + 4] = 0xFFFFFFFF00000000L;  // ingressPort -1
        live++;
        return id;
    }

    public void release(int id) {
        free[freeCount++] = id;
        live--;
    }

    /** Packets allocated and not yet released: the ones somewhere in the network. */
    public int live() {
        return live;
    }

    public int type(int p) {
        return (int) w[p * STRIDE + 0];
    }

    public void setType(int p, int v) {
        int i = p * STRIDE + 0;
        w[i] = (w[i] & HIGH) | (v & LOW);
    }

    public int flags(int p) {
        return (int) (w[p * STRIDE + 0] >>> 32);
    }

    public void setFlags(int p, int v) {
        int i = p * STRIDE + 0;
        w[i] = (w[i] & LOW) | ((long) v << 32);
    }

    public int trafficClass(int p) {
        return (int) w[p * STRIDE + 1];
    }

    public void setTrafficClass(int p, int v) {
        int i = p * STRIDE + 1;
        w[i] = (w[i] & HIGH) | (v & LOW);
    }

    /** Bytes on the wire. */
    public int size(int p) {
        return (int) (w[p * STRIDE + 1] >>> 32);
    }

    public void setSize(int p, int v) {
        int i = p * STRIDE + 1;
        w[i] = (w[i] & LOW) | ((long) v << 32);
    }

    public int src(int p) {
        return (int) w[p * STRIDE + 2];
    }

    public void setSrc(int p, int v) {
        int i = p * STRIDE + 2;
        w[i] = (w[i] & HIGH) | (v & LOW);
    }

    public int dst(int p) {
        return (int) (w[p * STRIDE + 2] >>> 32);
    }

    public void setDst(int p, int v) {
        int i = p * STRIDE + 2;
        w[i] = (w[i] & LOW) | ((long) v << 32);
    }

    public int flow(int p) {
        return (int) w[p * STRIDE + 3];
    }

    public void setFlow(int p, int v) {
        int i = p * STRIDE + 3;
        w[i] = (w[i] & HIGH) | (v & LOW);
    }

    /** The path the sender named: 0 = ECMP, k >= 1 = source route k. */
    public int path(int p) {
        return (int) (w[p * STRIDE + 3] >>> 32);
    }

    public void setPath(int p, int v) {
        int i = p * STRIDE + 3;
        w[i] = (w[i] & LOW) | ((long) v << 32);
    }

    /** What is left of the source route's mixed-radix digits (k - 1, divided at each choice). */
    public int routeCursor(int p) {
        return (int) w[p * STRIDE + 4];
    }

    public void setRouteCursor(int p, int v) {
        int i = p * STRIDE + 4;
        w[i] = (w[i] & HIGH) | (v & LOW);
    }

    /** The port the packet entered the current switch through (PFC accounting). */
    public int ingressPort(int p) {
        return (int) (w[p * STRIDE + 4] >>> 32);
    }

    public void setIngressPort(int p, int v) {
        int i = p * STRIDE + 4;
        w[i] = (w[i] & LOW) | ((long) v << 32);
    }

    /** When the packet entered its current egress queue (INT). */
    public long enqueueTime(int p) {
        return w[p * STRIDE + 5];
    }

    public void setEnqueueTime(int p, long v) {
        w[p * STRIDE + 5] = v;
    }

    /** Payload bytes the sender put in (kept when a switch trims the packet). */
    public int payload(int p) {
        return (int) w[p * STRIDE + 6];
    }

    public void setPayload(int p, int v) {
        int i = p * STRIDE + 6;
        w[i] = (w[i] & HIGH) | (v & LOW);
    }

    /** Control packets (agent ACK/NACK/PULL): kind, pull number, echoed time. */
    public int controlKind(int p) {
        return (int) (w[p * STRIDE + 6] >>> 32);
    }

    public void setControlKind(int p, int v) {
        int i = p * STRIDE + 6;
        w[i] = (w[i] & LOW) | ((long) v << 32);
    }

    /** Identity for keyed randomness: (flow << 32) | n-th packet the sender NIC made for the flow. */
    public long uid(int p) {
        return w[p * STRIDE + 7];
    }

    public void setUid(int p, long v) {
        w[p * STRIDE + 7] = v;
    }

    /** Byte offset of the packet's payload in its flow. */
    public long seq(int p) {
        return w[p * STRIDE + 8];
    }

    public void setSeq(int p, long v) {
        w[p * STRIDE + 8] = v;
    }

    public long segmentSeq(int p) {
        return w[p * STRIDE + 9];
    }

    public void setSegmentSeq(int p, long v) {
        w[p * STRIDE + 9] = v;
    }

    /** When the packet's segment was handed to the sender NIC. */
    public long segmentSendTime(int p) {
        return w[p * STRIDE + 10];
    }

    public void setSegmentSendTime(int p, long v) {
        w[p * STRIDE + 10] = v;
    }

    /**
     * When the packet started onto the wire at its sender NIC (the hardware TX
     * timestamp); a hardware ACK carries that of the packet it answers.
     */
    public long txTime(int p) {
        return w[p * STRIDE + 11];
    }

    public void setTxTime(int p, long v) {
        w[p * STRIDE + 11] = v;
    }

    /**
     * When the first packet of the packet's segment started onto the wire at the
     * sender NIC; a hardware ACK carries its data's (the network RTT's start).
     */
    public long segmentTxStart(int p) {
        return w[p * STRIDE + 12];
    }

    public void setSegmentTxStart(int p, long v) {
        w[p * STRIDE + 12] = v;
    }

    /** A hardware ACK's copy of the INT max-hop delay its data saw (the forward path). */
    public long intEcho(int p) {
        return w[p * STRIDE + 13];
    }

    public void setIntEcho(int p, long v) {
        w[p * STRIDE + 13] = v;
    }

    public long pullNumber(int p) {
        return w[p * STRIDE + 14];
    }

    public void setPullNumber(int p, long v) {
        w[p * STRIDE + 14] = v;
    }

    public long echoTime(int p) {
        return w[p * STRIDE + 15];
    }

    public void setEchoTime(int p, long v) {
        w[p * STRIDE + 15] = v;
    }

    /** A control packet's second echoed time (NDP: the data packet's TX time). */
    public long echoTxTime(int p) {
        return w[p * STRIDE + 16];
    }

    public void setEchoTxTime(int p, long v) {
        w[p * STRIDE + 16] = v;
    }

    public long intMaxHopDelay(int p) {
        return w[p * STRIDE + 17];
    }

    public void setIntMaxHopDelay(int p, long v) {
        w[p * STRIDE + 17] = v;
    }

    public int segmentBytes(int p) {
        return (int) w[p * STRIDE + 18];
    }

    public void setSegmentBytes(int p, int v) {
        int i = p * STRIDE + 18;
        w[i] = (w[i] & HIGH) | (v & LOW);
    }

    /** A control packet: the data path it answers (also its own route back, cosim.proto SendControl.path). */
    public int answeredPath(int p) {
        return (int) (w[p * STRIDE + 18] >>> 32);
    }

    public void setAnsweredPath(int p, int v) {
        int i = p * STRIDE + 18;
        w[i] = (w[i] & LOW) | ((long) v << 32);
    }

    /** Per-hop INT records (HPCC): how many the packet carries (a hardware ACK: its data's). */
    public int intHops(int p) {
        return (int) w[p * STRIDE + 19];
    }

    public void setIntHops(int p, int v) {
        int i = p * STRIDE + 19;
        w[i] = (w[i] & HIGH) | (v & LOW);
    }

    /** Sets {@code flag}'s bits in the packet's flags. */
    public void addFlags(int p, int flag) {
        setFlags(p, flags(p) | flag);
    }

    /** Appends a hop record to {@code id}'s stack; a full stack (HOP_SLOTS) keeps its first records. */
    public void pushHop(int id, long queueBytes, long txBytes, long timePs, long rateBps) {
        int k = intHops(id);
        if (k == HOP_SLOTS) {
            return;
        }
        if (hopQueueBytes.length == 0) {
            growHops(capacity);  // the first record of the run: only HPCC's runs keep any
        }
        int at = id * HOP_SLOTS + k;
        hopQueueBytes[at] = queueBytes;
        hopTxBytes[at] = txBytes;
        hopTimePs[at] = timePs;
        hopRateBps[at] = rateBps;
        setIntHops(id, k + 1);
    }

    /** Gives {@code to} a copy of {@code from}'s hop stack (a hardware ACK reflecting its data's). */
    public void copyHops(int from, int to) {
        int n = intHops(from);
        if (n == 0) {
            setIntHops(to, 0);
            return;
        }
        System.arraycopy(hopQueueBytes, from * HOP_SLOTS, hopQueueBytes, to * HOP_SLOTS, n);
        System.arraycopy(hopTxBytes, from * HOP_SLOTS, hopTxBytes, to * HOP_SLOTS, n);
        System.arraycopy(hopTimePs, from * HOP_SLOTS, hopTimePs, to * HOP_SLOTS, n);
        System.arraycopy(hopRateBps, from * HOP_SLOTS, hopRateBps, to * HOP_SLOTS, n);
        setIntHops(to, n);
    }

    private void growHops(int n) {
        hopQueueBytes = Arrays.copyOf(hopQueueBytes, n * HOP_SLOTS);
        hopTxBytes = Arrays.copyOf(hopTxBytes, n * HOP_SLOTS);
        hopTimePs = Arrays.copyOf(hopTimePs, n * HOP_SLOTS);
        hopRateBps = Arrays.copyOf(hopRateBps, n * HOP_SLOTS);
    }

    public boolean has(int id, int flag) {
        return (flags(id) & flag) != 0;
    }

    private void grow(int n) {
        int old = capacity;
        w = Arrays.copyOf(w, n * STRIDE);
        if (hopQueueBytes.length > 0) {
            growHops(n);
        }
        free = Arrays.copyOf(free, n);
        // hand out low ids first: push new ids in reverse
        for (int id = n - 1; id >= old; id--) {
            free[freeCount++] = id;
        }
        capacity = n;
    }
}
