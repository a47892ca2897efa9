package org.cosim.fabric.packet;

import java.util.Arrays;

/** A FIFO of packet ids on a growable ring buffer. */
public final class PacketFifo {
    private int[] ring = new int[16];
    private int head;
    private int size;

    public boolean isEmpty() {
        return size == 0;
    }

    public int size() {
        return size;
    }

    public void add(int pkt) {
        if (size == ring.length) {
            int[] bigger = new int[ring.length * 2];
            for (int i = 0; i < size; i++) {
                bigger[i] = ring[(head + i) & (ring.length - 1)];
            }
            ring = bigger;
            head = 0;
        }
        ring[(head + size) & (ring.length - 1)] = pkt;
        size++;
    }

    public int peek() {
        return ring[head];
    }

    /** The most recently added packet (the tail). */
    public int peekLast() {
        return ring[(head + size - 1) & (ring.length - 1)];
    }

    /** Removes and returns the most recently added packet (the tail). */
    public int removeLast() {
        int pkt = ring[(head + size - 1) & (ring.length - 1)];
        size--;
        return pkt;
    }

    public int poll() {
        int pkt = ring[head];
        head = (head + 1) & (ring.length - 1);
        size--;
        return pkt;
    }

    @Override
    public String toString() {
        int[] items = new int[size];
        for (int i = 0; i < size; i++) {
            items[i] = ring[(head + i) & (ring.length - 1)];
        }
        return Arrays.toString(items);
    }
}
