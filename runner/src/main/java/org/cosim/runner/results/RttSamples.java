package org.cosim.runner.results;

import java.io.Serializable;

/**
 * RTT samples after the warm-up, by the time they were taken, then by flow (a flow's
 * samples of the same picosecond in the order taken), each with two RTTs of the same
 * segment (or, for agent ACKs, packet): the network RTT from its first packet's start
 * onto the wire at the sender NIC, and the host RTT from its hand-over to that NIC,
 * which adds the wait in the NIC's queue (the fabric's RttRecorder says how each is
 * taken). The order is the same however the run was split: samples of different
 * flows at the same picosecond may be taken in different processes of a parallel
 * run.
 */
public record RttSamples(long[] timePs, int[] flow, long[] networkRttPs, long[] hostRttPs) implements Serializable {
    public RttSamples {
        int n = timePs.length;
        if (flow.length != n || networkRttPs.length != n || hostRttPs.length != n) {
            throw new IllegalArgumentException("RTT sample columns of different lengths");
        }
        if (!inOrder(timePs, flow)) {
            int[] order = stableOrder(timePs, flow);
            timePs = permute(timePs, order);
            flow = permute(flow, order);
            networkRttPs = permute(networkRttPs, order);
            hostRttPs = permute(hostRttPs, order);
        }
    }

    public int size() {
        return timePs.length;
    }

    private static boolean inOrder(long[] t, int[] f) {
        for (int i = 1; i < t.length; i++) {
            if (t[i] < t[i - 1] || t[i] == t[i - 1] && f[i] < f[i - 1]) {
                return false;
            }
        }
        return true;
    }

    /** The indices in (time, flow) order, equal keys in index order: a merge sort of primitive indices. */
    private static int[] stableOrder(long[] t, int[] f) {
        int n = t.length;
        int[] a = new int[n];
        for (int i = 0; i < n; i++) {
            a[i] = i;
        }
        int[] b = new int[n];
        for (int width = 1; width < n; width *= 2) {
            for (int lo = 0; lo < n; lo += 2 * width) {
                int mid = Math.min(lo + width, n);
                int hi = Math.min(lo + 2 * width, n);
                int i = lo;
                int j = mid;
                for (int k = lo; k < hi; k++) {
                    boolean right = j < hi && (i >= mid || t[a[j]] < t[a[i]] || t[a[j]] == t[a[i]] && f[a[j]] < f[a[i]]);
                    b[k] = right ? a[j++] : a[i++];
                }
            }
            int[] swap = a;
            a = b;
            b = swap;
        }
        return a;
    }

    private static long[] permute(long[] a, int[] order) {
        long[] out = new long[a.length];
        for (int i = 0; i < out.length; i++) {
            out[i] = a[order[i]];
        }
        return out;
    }

    private static int[] permute(int[] a, int[] order) {
        int[] out = new int[a.length];
        for (int i = 0; i < out.length; i++) {
            out[i] = a[order[i]];
        }
        return out;
    }
}
