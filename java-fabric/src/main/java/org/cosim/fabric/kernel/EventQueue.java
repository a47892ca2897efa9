package org.cosim.fabric.kernel;

import java.util.Arrays;

/**
 * A binary min-heap of events held in parallel primitive arrays, ordered by
 * (time, priority, insertion sequence): the order OMNeT++ uses, so both back ends
 * process simultaneous events alike. No object is allocated per event.
 */
final class EventQueue {
    private static final int SEQ_BITS = 55;  // priority (8 bits) above it stays clear of the sign bit
    static final int MAX_PRIORITY = 255;

    private long[] time = new long[1024];
    private long[] order = new long[1024];  // priority << 55 | sequence, never negative
    private int[] handler = new int[1024];
    private int[] kind = new int[1024];
    private long[] arg = new long[1024];
    private int size;
    private long nextSeq;

    int size() {
        return size;
    }

    boolean isEmpty() {
        return size == 0;
    }

    long peekTime() {
        return time[0];
    }

    void push(long t, int priority, int h, int k, long a) {
        if (size == time.length) {
            grow();
        }
        long o = ((long) priority << SEQ_BITS) | nextSeq++;
        int i = size++;
        while (i > 0) {
            int parent = (i - 1) >>> 1;
            if (!before(t, o, time[parent], order[parent])) {
                break;
            }
            move(parent, i);
            i = parent;
        }
        set(i, t, o, h, k, a);
    }

    /** Removes the first event; its fields are then read with the last* accessors. */
    void pop() {
        lastTime = time[0];
        lastHandler = handler[0];
        lastKind = kind[0];
        lastArg = arg[0];
        int n = --size;
        if (n == 0) {
            return;
        }
        long t = time[n];
        long o = order[n];
        int h = handler[n];
        int k = kind[n];
        long a = arg[n];
        int i = 0;
        while (true) {
            int child = 2 * i + 1;
            if (child >= n) {
                break;
            }
            if (child + 1 < n && before(time[child + 1], order[child + 1], time[child], order[child])) {
                child++;
            }
            if (!before(time[child], order[child], t, o)) {
                break;
            }
            move(child, i);
            i = child;
        }
        set(i, t, o, h, k, a);
    }

    long lastTime;
    int lastHandler;
    int lastKind;
    long lastArg;

    private static boolean before(long t1, long o1, long t2, long o2) {
        return t1 < t2 || (t1 == t2 && o1 < o2);
    }

    private void move(int from, int to) {
        time[to] = time[from];
        order[to] = order[from];
        handler[to] = handler[from];
        kind[to] = kind[from];
        arg[to] = arg[from];
    }

    private void set(int i, long t, long o, int h, int k, long a) {
        time[i] = t;
        order[i] = o;
        handler[i] = h;
        kind[i] = k;
        arg[i] = a;
    }

    private void grow() {
        int n = time.length * 2;
        time = Arrays.copyOf(time, n);
        order = Arrays.copyOf(order, n);
        handler = Arrays.copyOf(handler, n);
        kind = Arrays.copyOf(kind, n);
        arg = Arrays.copyOf(arg, n);
    }
}
