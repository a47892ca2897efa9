package org.cosim.fabric.packet;

import java.util.Arrays;
import org.cosim.proto.PacketFlag;

/**
 * Every packet in flight, as a struct of arrays indexed by packet id. Ids are
 * recycled through a free list, so steady-state simulation allocates nothing per
 * packet; the arrays double when the network holds more packets than ever before.
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

    private int capacity = 0;
    private int[] free = new int[0];
    private int freeCount;
    private int live;

    public int[] type = new int[0];
    public int[] trafficClass = new int[0];
    public int[] flags = new int[0];
    public int[] flow = new int[0];
    public int[] src = new int[0];
    public int[] dst = new int[0];
    /** Bytes on the wire. */
    public int[] size = new int[0];
    /** Payload bytes the sender put in (kept when a switch trims the packet). */
    public int[] payload = new int[0];
    /** Byte offset of the packet's payload in its flow. */
    public long[] seq = new long[0];
    public long[] segmentSeq = new long[0];
    public int[] segmentBytes = new int[0];
    /** When the packet's segment was handed to the sender NIC. */
    public long[] segmentSendTime = new long[0];
    /**
     * When the packet started onto the wire at its sender NIC (the hardware TX
     * timestamp); a hardware ACK carries that of the packet it answers.
     */
    public long[] txTime = new long[0];
    /**
     * When the first packet of the packet's segment started onto the wire at the
     * sender NIC; a hardware ACK carries its data's (the network RTT's start).
     */
    public long[] segmentTxStart = new long[0];
    /** The path the sender named: 0 = ECMP, k >= 1 = source route k. */
    public int[] path = new int[0];
    /** What is left of the source route's mixed-radix digits (k - 1, divided at each choice). */
    public int[] routeCursor = new int[0];
    /** When the packet entered its current egress queue (INT). */
    public long[] enqueueTime = new long[0];
    /** A hardware ACK's copy of the INT max-hop delay its data saw (the forward path). */
    public long[] intEcho = new long[0];
    /** Control packets (agent ACK/NACK/PULL): kind, pull number, echoed time. */
    public int[] controlKind = new int[0];
    /** A control packet: the data path it answers (also its own route back, cosim.proto SendControl.path). */
    public int[] answeredPath = new int[0];
    public long[] pullNumber = new long[0];
    public long[] echoTime = new long[0];
    /** A control packet's second echoed time (NDP: the data packet's TX time). */
    public long[] echoTxTime = new long[0];
    /** The port the packet entered the current switch through (PFC accounting). */
    public int[] ingressPort = new int[0];
    public long[] intMaxHopDelay = new long[0];
    /** Identity for keyed randomness: (flow << 32) | n-th packet the sender NIC made for the flow. */
    public long[] uid = new long[0];
    /** Per-hop INT records (HPCC): how many the packet carries (a hardware ACK: its data's). */
    public int[] intHops = new int[0];
    /**
     * The records themselves, {@link #HOP_SLOTS} per packet, from the first record a
     * packet gets (runs without HPCC keep none): record k of packet p at
     * p * HOP_SLOTS + k. Queue bytes at dequeue, the port's cumulative tx bytes
     * before the packet, the dequeue timestamp, the link rate.
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
        type[id] = 0;
        trafficClass[id] = 0;
        flags[id] = 0;
        flow[id] = -1;
        src[id] = -1;
        dst[id] = -1;
        size[id] = 0;
        payload[id] = 0;
        seq[id] = 0;
        segmentSeq[id] = 0;
        segmentBytes[id] = 0;
        segmentSendTime[id] = 0;
        txTime[id] = 0;
        segmentTxStart[id] = 0;
        path[id] = 0;
        routeCursor[id] = 0;
        enqueueTime[id] = 0;
        intEcho[id] = 0;
        controlKind[id] = 0;
        answeredPath[id] = 0;
        pullNumber[id] = 0;
        echoTime[id] = 0;
        echoTxTime[id] = 0;
        ingressPort[id] = -1;
        intMaxHopDelay[id] = 0;
        uid[id] = 0;
        intHops[id] = 0;
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

    /** Appends a hop record to {@code id}'s stack; a full stack (HOP_SLOTS) keeps its first records. */
    public void pushHop(int id, long queueBytes, long txBytes, long timePs, long rateBps) {
        int k = intHops[id];
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
        intHops[id] = k + 1;
    }

    /** Gives {@code to} a copy of {@code from}'s hop stack (a hardware ACK reflecting its data's). */
    public void copyHops(int from, int to) {
        int n = intHops[from];
        if (n == 0) {
            intHops[to] = 0;
            return;
        }
        System.arraycopy(hopQueueBytes, from * HOP_SLOTS, hopQueueBytes, to * HOP_SLOTS, n);
        System.arraycopy(hopTxBytes, from * HOP_SLOTS, hopTxBytes, to * HOP_SLOTS, n);
        System.arraycopy(hopTimePs, from * HOP_SLOTS, hopTimePs, to * HOP_SLOTS, n);
        System.arraycopy(hopRateBps, from * HOP_SLOTS, hopRateBps, to * HOP_SLOTS, n);
        intHops[to] = n;
    }

    private void growHops(int n) {
        hopQueueBytes = Arrays.copyOf(hopQueueBytes, n * HOP_SLOTS);
        hopTxBytes = Arrays.copyOf(hopTxBytes, n * HOP_SLOTS);
        hopTimePs = Arrays.copyOf(hopTimePs, n * HOP_SLOTS);
        hopRateBps = Arrays.copyOf(hopRateBps, n * HOP_SLOTS);
    }

    public boolean has(int id, int flag) {
        return (flags[id] & flag) != 0;
    }

    private void grow(int n) {
        int old = capacity;
        type = Arrays.copyOf(type, n);
        trafficClass = Arrays.copyOf(trafficClass, n);
        flags = Arrays.copyOf(flags, n);
        flow = Arrays.copyOf(flow, n);
        src = Arrays.copyOf(src, n);
        dst = Arrays.copyOf(dst, n);
        size = Arrays.copyOf(size, n);
        payload = Arrays.copyOf(payload, n);
        seq = Arrays.copyOf(seq, n);
        segmentSeq = Arrays.copyOf(segmentSeq, n);
        segmentBytes = Arrays.copyOf(segmentBytes, n);
        segmentSendTime = Arrays.copyOf(segmentSendTime, n);
        txTime = Arrays.copyOf(txTime, n);
        segmentTxStart = Arrays.copyOf(segmentTxStart, n);
        path = Arrays.copyOf(path, n);
        routeCursor = Arrays.copyOf(routeCursor, n);
        enqueueTime = Arrays.copyOf(enqueueTime, n);
        intEcho = Arrays.copyOf(intEcho, n);
        controlKind = Arrays.copyOf(controlKind, n);
        answeredPath = Arrays.copyOf(answeredPath, n);
        pullNumber = Arrays.copyOf(pullNumber, n);
        echoTime = Arrays.copyOf(echoTime, n);
        echoTxTime = Arrays.copyOf(echoTxTime, n);
        ingressPort = Arrays.copyOf(ingressPort, n);
        intMaxHopDelay = Arrays.copyOf(intMaxHopDelay, n);
        uid = Arrays.copyOf(uid, n);
        intHops = Arrays.copyOf(intHops, n);
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
