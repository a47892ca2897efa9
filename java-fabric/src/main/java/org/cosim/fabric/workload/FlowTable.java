package org.cosim.fabric.workload;

import java.util.Arrays;

/** The flows of a run, by dense flow id: endpoints, size (0 = long-lived) and start time. */
public final class FlowTable {
    private int size;
    private int[] src = new int[16];
    private int[] dst = new int[16];
    private long[] bytes = new long[16];
    private long[] start = new long[16];

    public int add(int s, int d, long sizeBytes, long startPs) {
        if (size == src.length) {
            int n = size * 2;
            src = Arrays.copyOf(src, n);
            dst = Arrays.copyOf(dst, n);
            bytes = Arrays.copyOf(bytes, n);
            start = Arrays.copyOf(start, n);
        }
        src[size] = s;
        dst[size] = d;
        bytes[size] = sizeBytes;
        start[size] = startPs;
        return size++;
    }

    public int size() { return size; }
    public int src(int f) { return src[f]; }
    public int dst(int f) { return dst[f]; }
    public long sizeBytes(int f) { return bytes[f]; }
    public long startPs(int f) { return start[f]; }

    /** The destination of every flow, indexed by flow id (a NIC's connection table). */
    public int[] destinations() {
        return Arrays.copyOf(dst, size);
    }
}
