package org.cosim.setup.workload;

import java.util.Arrays;
import org.cosim.scenario.ScenarioException;

/**
 * The flows of a run, by dense flow id: endpoints, size (0 = long-lived), start
 * time, and for long-lived flows that close, the close time (-1: never).
 */
public final class FlowTable {
    private int size;
    private int[] src = new int[16];
    private int[] dst = new int[16];
    private long[] bytes = new long[16];
    private long[] start = new long[16];
    private long[] stop = new long[16];
    private boolean anyStop;
    private int[] partFirst = new int[0];  // a mix's parts: the first flow id of each (WorkloadMix)

    /** A scenario field naming flow {@code id} (a uint32, read unsigned) must name one of this run's flows. */
    public static void requireId(String field, int id, int flowCount) {
        long f = Integer.toUnsignedLong(id);
        if (f >= flowCount) {
            throw new ScenarioException(field, f + ": this run has " + flowCount + " flows (ids 0.." + (flowCount - 1)
                    + ", as in flows.csv)");
        }
    }

    public int add(int s, int d, long sizeBytes, long startPs) {
        return add(s, d, sizeBytes, startPs, -1);
    }

    public int add(int s, int d, long sizeBytes, long startPs, long stopPs) {
        if (size == src.length) {
            int n = size * 2;
            src = Arrays.copyOf(src, n);
            dst = Arrays.copyOf(dst, n);
            bytes = Arrays.copyOf(bytes, n);
            start = Arrays.copyOf(start, n);
            stop = Arrays.copyOf(stop, n);
        }
        src[size] = s;
        dst[size] = d;
        bytes[size] = sizeBytes;
        start[size] = startPs;
        stop[size] = stopPs;
        anyStop |= stopPs >= 0;
        return size++;
    }

    /** The flows added from now on make the next part of a mix (WorkloadMix: part 0's flows first). */
    void beginPart() {
        partFirst = Arrays.copyOf(partFirst, partFirst.length + 1);
        partFirst[partFirst.length - 1] = size;
    }

    /** How many parts the workload has: a mix's, or 0 for a workload of one kind. */
    public int parts() { return partFirst.length; }

    /** The part of a mix flow {@code f} belongs to (0-based, in the mix's order); -1 when there are no parts. */
    public int part(int f) {
        int p = partFirst.length - 1;
        while (p >= 0 && partFirst[p] > f) {
            p--;
        }
        return p;
    }

    /** When a long-lived flow closes, or -1 (never). */
    public long stopPs(int f) { return stop[f]; }

    /** Whether any flow closes. */
    public boolean hasStops() { return anyStop; }

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
