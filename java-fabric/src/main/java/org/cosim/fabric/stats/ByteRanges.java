package org.cosim.fabric.stats;

import java.util.Arrays;

/**
 * A set of byte offsets kept as sorted, disjoint, non-adjacent half-open ranges
 * [start, end): adding a range merges it with those it overlaps or touches and
 * says how many of its bytes were not in the set before. Data that arrives in
 * order stays one range; reordered arrivals (NDP sprays packets over paths) leave
 * a few gaps until the missing bytes come. The C++ twin is omnetpp-bridge's
 * ByteRanges.h, with the same semantics.
 */
public final class ByteRanges {
    private long[] starts = new long[2];
    private long[] ends = new long[2];
    private int n;

    /** Adds [start, end) and returns how many of those bytes were new; an empty range adds nothing. */
    public long add(long start, long end) {
        if (end <= start) {
            return 0;
        }
        if (n > 0 && start == ends[n - 1]) {  // in order: extend the last range
            ends[n - 1] = end;
            return end - start;
        }
        int first = firstEndingAtOrAfter(start);   // the first range that overlaps or touches [start, end)
        int last = first;                           // one past the last such range
        long covered = 0;
        while (last < n && starts[last] <= end) {
            covered += Math.min(end, ends[last]) - Math.max(start, starts[last]);
            last++;
        }
        long mergedStart = first < last ? Math.min(start, starts[first]) : start;
        long mergedEnd = first < last ? Math.max(end, ends[last - 1]) : end;
        replace(first, last, mergedStart, mergedEnd);
        return end - start - covered;
    }

    /** How many bytes the set holds. */
    public long bytes() {
        long sum = 0;
        for (int i = 0; i < n; i++) {
            sum += ends[i] - starts[i];
        }
        return sum;
    }

    /** How many disjoint ranges the set holds. */
    public int ranges() {
        return n;
    }

    /** The index of the first range whose end is at or after {@code at} (n if none). */
    private int firstEndingAtOrAfter(long at) {
        int lo = 0;
        int hi = n;
        while (lo < hi) {
            int mid = (lo + hi) >>> 1;
            if (ends[mid] < at) {
                lo = mid + 1;
            } else {
                hi = mid;
            }
        }
        return lo;
    }

    /** Replaces ranges [first, last) by the one range [start, end). */
    private void replace(int first, int last, long start, long end) {
        int removed = last - first;
        if (removed == 0) {
            if (n == starts.length) {
                starts = Arrays.copyOf(starts, 2 * n);
                ends = Arrays.copyOf(ends, 2 * n);
            }
            System.arraycopy(starts, first, starts, first + 1, n - first);
            System.arraycopy(ends, first, ends, first + 1, n - first);
            n++;
        } else if (removed > 1) {
            System.arraycopy(starts, last, starts, first + 1, n - last);
            System.arraycopy(ends, last, ends, first + 1, n - last);
            n -= removed - 1;
        }
        starts[first] = start;
        ends[first] = end;
    }
}
