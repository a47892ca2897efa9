package org.cosim.agents.ndp;

/** A FIFO of longs on a growable ring (packet numbers waiting to be resent). */
final class LongFifo {
    private long[] ring = new long[16];
    private int head;
    private int size;

    boolean isEmpty() {
        return size == 0;
    }

    int size() {
        return size;
    }

    void add(long v) {
        if (size == ring.length) {
            long[] bigger = new long[ring.length * 2];
            for (int i = 0; i < size; i++) {
                bigger[i] = ring[(head + i) & (ring.length - 1)];
            }
            ring = bigger;
            head = 0;
        }
        ring[(head + size) & (ring.length - 1)] = v;
        size++;
    }

    long poll() {
        long v = ring[head];
        head = (head + 1) & (ring.length - 1);
        size--;
        return v;
    }
}
