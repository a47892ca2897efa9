package org.cosim.agents.util;

import java.util.Arrays;

/** A FIFO of longs in a growable power-of-two ring: allocates only when it grows. */
public final class LongRing {
    private long[] items = new long[16];
    private int head;
    private int size;

    public boolean isEmpty() { return size == 0; }
    public int size() { return size; }

    public void add(long v) {
        if (size == items.length) {
            long[] grown = new long[items.length * 2];
            for (int k = 0; k < size; k++) {
                grown[k] = items[(head + k) & (items.length - 1)];
            }
            items = grown;
            head = 0;
        }
        items[(head + size) & (items.length - 1)] = v;
        size++;
    }

    public long peek() {
        return items[head];
    }

    public long poll() {
        long v = items[head];
        head = (head + 1) & (items.length - 1);
        size--;
        return v;
    }

    public void clear() {
        head = 0;
        size = 0;
    }

    @Override
    public String toString() {
        long[] out = new long[size];
        for (int k = 0; k < size; k++) {
            out[k] = items[(head + k) & (items.length - 1)];
        }
        return Arrays.toString(out);
    }
}
