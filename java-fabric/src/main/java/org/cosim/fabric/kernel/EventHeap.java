package org.cosim.fabric.kernel;

import java.util.Arrays;

/**
 * A 4-ary min-heap of events keyed by (time, order), each entry four longs side by
 * side in one array (time, order, handler and kind, argument): the far-future part
 * of {@link CalendarQueue}. A sift step compares children in one or two cache lines
 * and moves one contiguous entry.
 */
final class EventHeap {
    /** Longs per entry: time, order, handler << 32 | kind, argument. */
    private static final int W = 4;
    private static final int ARITY = 4;

    private long[] heap = new long[256 * W];
    private int size;

    int size() {
        return size;
    }

    /** The first entry's time and order; valid when the heap is not empty. */
    long topTime() {
        return heap[0];
    }

    long topOrder() {
        return heap[1];
    }

    long topHk() {
        return heap[2];
    }

    long topArg() {
        return heap[3];
    }

    void push(long t, long o, long hk, long a) {
        if ((size + 1) * W > heap.length) {
            heap = Arrays.copyOf(heap, heap.length * 2);
        }
        long[] q = heap;
        int i = size++;
        while (i > 0) {
            int parent = (i - 1) / ARITY;
            int p = parent * W;
            if (CalendarQueue.before(q[p], q[p + 1], t, o)) {
                break;
            }
            copy(q, p, i * W);
            i = parent;
        }
        put(q, i * W, t, o, hk, a);
    }

    /** Removes the first entry (read it with the top* accessors before). */
    void removeTop() {
        long[] q = heap;
        int n = --size;
        if (n == 0) {
            return;
        }
        int end = n * W;  // the last entry sifts down from the root
        long t = q[end];
        long o = q[end + 1];
        long hk = q[end + 2];
        long a = q[end + 3];
        int i = 0;
        while (true) {
            int first = ARITY * i + 1;
            if (first >= n) {
                break;
            }
            int best = first * W;
            int stop = Math.min(first + ARITY, n) * W;
            for (int c = best + W; c < stop; c += W) {
                if (CalendarQueue.before(q[c], q[c + 1], q[best], q[best + 1])) {
                    best = c;
                }
            }
            if (!CalendarQueue.before(q[best], q[best + 1], t, o)) {
                break;
            }
            copy(q, best, i * W);
            i = best / W;
        }
        put(q, i * W, t, o, hk, a);
    }

    private static void copy(long[] q, int from, int to) {
        q[to] = q[from];
        q[to + 1] = q[from + 1];
        q[to + 2] = q[from + 2];
        q[to + 3] = q[from + 3];
    }

    private static void put(long[] q, int at, long t, long o, long hk, long a) {
        q[at] = t;
        q[at + 1] = o;
        q[at + 2] = hk;
        q[at + 3] = a;
    }
}
