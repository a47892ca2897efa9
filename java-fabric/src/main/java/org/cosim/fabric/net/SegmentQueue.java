package org.cosim.fabric.net;

import org.cosim.setup.hardware.NicScheduling;

import org.cosim.fabric.packet.PacketFifo;

/**
 * The segments handed to a NIC and not yet fully cut into packets, and the order
 * in which the NIC serves them ({@link NicScheduling}).
 *
 * <p>{@link NicScheduling#PER_FLOW}: each flow has its own send queue; the flows
 * with data wait in a ring and are served in turn, one packet each: the flow at
 * the ring's head gives one packet, and when the next packet is chosen it goes
 * to the ring's tail if it still has data, behind every flow waiting then (a
 * flow that got data while the packet was on the wire included). A flow that
 * gets data while it has none joins the ring's tail.
 * {@link NicScheduling#FIFO}: one queue; the oldest segment is cut to the end
 * before the next one starts.
 *
 * <p>Segments are nodes of a per-NIC pool (struct of arrays, reused through a
 * free list); a flow's own queue is a linked list whose head, tail and cut
 * offset live in {@link NicFlowState}, shared by every NIC of a run (only a
 * flow's source NIC sends its data).
 */
final class SegmentQueue {
    private static final int NONE = -1;

    private final NicScheduling scheduling;
    private final int[] flowHead;    // per flow: its oldest segment here, NONE when it has none
    private final int[] flowTail;
    private final int[] flowOffset;  // per flow: bytes of its head segment already cut into packets
    private final PacketFifo ring = new PacketFifo();  // PER_FLOW: flows with data, in service order
    private boolean served;          // PER_FLOW: the ring's head gave the last packet and still has data
    private int fifoHead = NONE;     // FIFO: the oldest segment, linked through next
    private int fifoTail = NONE;
    private int fifoOffset;

    private int[] flow = new int[16];
    private long[] seq = new long[16];
    private int[] bytes = new int[16];
    private int[] path = new int[16];
    private long[] postTime = new long[16];
    private long[] txStart = new long[16];
    private int[] options = new int[16];
    private int[] next = new int[16];
    private int free = NONE;
    private int used;   // nodes ever taken from the arrays
    private int size;   // segments queued

    SegmentQueue(NicScheduling scheduling, NicFlowState perFlow) {
        this.scheduling = scheduling;
        this.flowHead = perFlow.sendHead;
        this.flowTail = perFlow.sendTail;
        this.flowOffset = perFlow.sendOffset;
    }

    boolean isEmpty() {
        return size == 0;
    }

    /** Segments queued, the partly sent ones included. */
    int size() {
        return size;
    }

    void add(int f, long s, int b, int p, long t, int opts) {
        int n = node();
        flow[n] = f;
        seq[n] = s;
        bytes[n] = b;
        path[n] = p;
        postTime[n] = t;
        options[n] = opts;
        next[n] = NONE;
        size++;
        if (scheduling == NicScheduling.FIFO) {
            if (fifoHead == NONE) {
                fifoHead = n;
                fifoOffset = 0;
            } else {
                next[fifoTail] = n;
            }
            fifoTail = n;
            return;
        }
        if (flowHead[f] == NONE) {
            flowHead[f] = n;
            flowOffset[f] = 0;
            ring.add(f);
        } else {
            next[flowTail[f]] = n;
        }
        flowTail[f] = n;
    }

    /**
     * Chooses the segment the next packet is cut from (the flow served last goes
     * behind the others first) and returns it. Call when not empty.
     */
    int select() {
        if (scheduling == NicScheduling.FIFO) {
            return fifoHead;
        }
        if (served) {
            ring.add(ring.poll());
            served = false;
        }
        return flowHead[ring.peek()];
    }

    /** Bytes of the selected segment already cut into packets. */
    int currentOffset() {
        return scheduling == NicScheduling.FIFO ? fifoOffset : flowOffset[ring.peek()];
    }

    int flow(int n) { return flow[n]; }
    long seq(int n) { return seq[n]; }
    int bytes(int n) { return bytes[n]; }
    int path(int n) { return path[n]; }
    long postTime(int n) { return postTime[n]; }
    int options(int n) { return options[n]; }

    /**
     * When the selected segment's first packet starts onto the wire, for the packet
     * about to be cut from it and put on the wire at {@code now}: {@code now} when
     * none of the segment is cut yet, else the time kept from its first packet
     * (under PER_FLOW other flows' packets may have gone in between).
     */
    long txStart(long now) {
        int n = scheduling == NicScheduling.FIFO ? fifoHead : flowHead[ring.peek()];
        if (currentOffset() == 0) {
            txStart[n] = now;
        }
        return txStart[n];
    }

    /**
     * A packet of {@code cut} bytes was cut from the selected segment: the segment
     * leaves when it is all cut; under PER_FLOW a flow left without data leaves
     * the ring, and one with more gives way at the next {@link #select()}.
     * Returns whether the selected segment was finished.
     */
    boolean cut(int cut) {
        if (scheduling == NicScheduling.FIFO) {
            int n = fifoHead;
            fifoOffset += cut;
            if (fifoOffset < bytes[n]) {
                return false;
            }
            fifoHead = next[n];
            if (fifoHead == NONE) {
                fifoTail = NONE;
            }
            fifoOffset = 0;
            release(n);
            return true;
        }
        int f = ring.peek();
        int n = flowHead[f];
        flowOffset[f] += cut;
        boolean done = flowOffset[f] >= bytes[n];
        if (done) {
            flowHead[f] = next[n];
            flowOffset[f] = 0;
            release(n);
        }
        if (flowHead[f] != NONE) {
            served = true;
        } else {
            ring.poll();
            flowTail[f] = NONE;
        }
        return done;
    }

    private int node() {
        if (free != NONE) {
            int n = free;
            free = next[n];
            return n;
        }
        if (used == flow.length) {
            grow();
        }
        return used++;
    }

    private void release(int n) {
        next[n] = free;
        free = n;
        size--;
    }

    private void grow() {
        int n = flow.length * 2;
        flow = java.util.Arrays.copyOf(flow, n);
        seq = java.util.Arrays.copyOf(seq, n);
        bytes = java.util.Arrays.copyOf(bytes, n);
        path = java.util.Arrays.copyOf(path, n);
        postTime = java.util.Arrays.copyOf(postTime, n);
        txStart = java.util.Arrays.copyOf(txStart, n);
        options = java.util.Arrays.copyOf(options, n);
        next = java.util.Arrays.copyOf(next, n);
    }
}
