package org.cosim.cli.bench;

import org.cosim.agents.api.ActionBatch;

/**
 * The wire bench's stand-in for a fabric's memory of what it was handed: per flow,
 * the segments the agents sent and that have not been completed yet, oldest first,
 * in growable primitive rings (the bench's own cost stays small next to the
 * exchange it measures).
 */
final class SentSegments {
    private long[][] seq;
    private int[][] bytes;
    private long[][] timePs;
    private final int[] head;
    private final int[] size;
    private int found = -1;

    SentSegments(int flows) {
        seq = new long[flows][16];
        bytes = new int[flows][16];
        timePs = new long[flows][16];
        head = new int[flows];
        size = new int[flows];
    }

    /** Remembers every segment sent in {@code actions}. */
    void record(ActionBatch actions) {
        for (int i = 0; i < actions.size(); i++) {
            if (actions.kind(i) == ActionBatch.SEND_SEGMENT) {
                add(actions.flow(i), actions.seq(i), actions.bytes(i), actions.time(i));
            }
        }
    }

    /** Whether flow {@code f}'s oldest outstanding segment was sent at or before {@code latestPs}; if so it is
     *  the one {@link #seq()}, {@link #bytes()} and {@link #timePs()} describe. */
    boolean oldestSentBy(int f, long latestPs) {
        found = size[f] > 0 && timePs[f][head[f]] <= latestPs ? f : -1;
        return found >= 0;
    }

    long seq() {
        return seq[found][head[found]];
    }

    int bytes() {
        return bytes[found][head[found]];
    }

    long timePs() {
        return timePs[found][head[found]];
    }

    /** Flow {@code f}'s oldest outstanding segment is completed. */
    void complete(int f) {
        head[f] = (head[f] + 1) % seq[f].length;
        size[f]--;
        found = -1;
    }

    private void add(int f, long s, int b, long t) {
        if (size[f] == seq[f].length) {
            grow(f);
        }
        int at = (head[f] + size[f]) % seq[f].length;
        seq[f][at] = s;
        bytes[f][at] = b;
        timePs[f][at] = t;
        size[f]++;
    }

    private void grow(int f) {
        int n = seq[f].length;
        long[] s = new long[2 * n];
        int[] b = new int[2 * n];
        long[] t = new long[2 * n];
        for (int i = 0; i < n; i++) {
            int from = (head[f] + i) % n;
            s[i] = seq[f][from];
            b[i] = bytes[f][from];
            t[i] = timePs[f][from];
        }
        seq[f] = s;
        bytes[f] = b;
        timePs[f] = t;
        head[f] = 0;
    }
}
