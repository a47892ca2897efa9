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
    /** Puts the samples in order; arrays given in time order are ordered in place. */
    public RttSamples {
        int n = timePs.length;
        if (flow.length != n || networkRttPs.length != n || hostRttPs.length != n) {
            throw new IllegalArgumentException("RTT sample columns of different lengths");
        }
        if (inTimeOrder(timePs)) {
            orderTiesByFlow(timePs, flow, networkRttPs, hostRttPs);  // in place: a run's samples come in time order
        } else {
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

    private static boolean inTimeOrder(long[] t) {
        for (int i = 1; i < t.length; i++) {
            if (t[i] < t[i - 1]) {
                return false;
            }
        }
        return true;
    }

    /**
     * Samples already in time order: each run of one time sorted by flow, stably, in place (an insertion sort: a
     * picosecond holds a few samples), so a long run's millions of samples are not copied.
     */
    private static void orderTiesByFlow(long[] t, int[] f, long[] network, long[] host) {
        for (int i = 1; i < t.length; i++) {
            if (t[i] != t[i - 1] || f[i] >= f[i - 1]) {
                continue;
            }
            int flow = f[i];
            long n = network[i];
            long h = host[i];
            int j = i;
            for (; j > 0 && t[j - 1] == t[i] && f[j - 1] > flow; j--) {
                f[j] = f[j - 1];
                network[j] = network[j - 1];
                host[j] = host[j - 1];
            }
            f[j] = flow;
            network[j] = n;
            host[j] = h;
        }
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
