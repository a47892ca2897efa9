package org.cosim.agents.api;

import java.util.Arrays;

/**
 * What {@link EventBatch} and {@link ActionBatch} share: one window's rows, each
 * with a kind, a time, a host and a flow, in columns that double when full and are
 * reused from window to window, so a batch allocates nothing once its columns have
 * grown to the busiest window. Each subclass adds the columns of its own kinds.
 */
abstract class ColumnarBatch {
    private static final int FIRST_CAPACITY = 64;

    private long windowStartPs;
    private int size;
    private byte[] kind = new byte[FIRST_CAPACITY];
    private long[] time = new long[FIRST_CAPACITY];
    private int[] host = new int[FIRST_CAPACITY];
    private int[] flow = new int[FIRST_CAPACITY];

    /** Empties the batch for the window starting at {@code windowStartPs}. */
    public void reset(long windowStartPs) {
        this.windowStartPs = windowStartPs;
        this.size = 0;
    }

    public long windowStartPs() { return windowStartPs; }
    public int size() { return size; }
    public byte kind(int i) { return kind[i]; }
    public long time(int i) { return time[i]; }
    public int host(int i) { return host[i]; }
    /** The flow of row i, or -1 for kinds without one. */
    public int flow(int i) { return flow[i]; }

    /** Appends a row and returns its index; the subclass's columns of that row are cleared. */
    final int appendRow(byte k, long t, int h, int f) {
        if (size == kind.length) {
            int n = size * 2;
            kind = Arrays.copyOf(kind, n);
            time = Arrays.copyOf(time, n);
            host = Arrays.copyOf(host, n);
            flow = Arrays.copyOf(flow, n);
            growColumns(n);
        }
        int i = size++;
        kind[i] = k;
        time[i] = t;
        host[i] = h;
        flow[i] = f;
        clearColumns(i);
        return i;
    }

    /** The subclass's columns grow to {@code capacity} rows. */
    abstract void growColumns(int capacity);

    /** The subclass's columns of a new row i start from zero (the columns are reused). */
    abstract void clearColumns(int i);
}
