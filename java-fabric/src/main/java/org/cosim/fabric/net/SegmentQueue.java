package org.cosim.fabric.net;

/** The segments handed to a NIC and not yet fully sent, oldest first (struct-of-arrays ring). */
final class SegmentQueue {
    private int[] flow = new int[16];
    private long[] seq = new long[16];
    private int[] bytes = new int[16];
    private int[] path = new int[16];
    private long[] postTime = new long[16];
    private int[] options = new int[16];
    private int head;
    private int size;

    boolean isEmpty() {
        return size == 0;
    }

    int size() {
        return size;
    }

    void add(int f, long s, int b, int p, long t, int opts) {
        if (size == flow.length) {
            grow();
        }
        int i = (head + size) & (flow.length - 1);
        flow[i] = f;
        seq[i] = s;
        bytes[i] = b;
        path[i] = p;
        postTime[i] = t;
        options[i] = opts;
        size++;
    }

    int headFlow() { return flow[head]; }
    long headSeq() { return seq[head]; }
    int headBytes() { return bytes[head]; }
    int headPath() { return path[head]; }
    long headPostTime() { return postTime[head]; }
    int headOptions() { return options[head]; }

    void removeHead() {
        head = (head + 1) & (flow.length - 1);
        size--;
    }

    private void grow() {
        int n = flow.length * 2;
        int[] f = new int[n];
        long[] s = new long[n];
        int[] b = new int[n];
        int[] p = new int[n];
        long[] t = new long[n];
        int[] o = new int[n];
        for (int k = 0; k < size; k++) {
            int i = (head + k) & (flow.length - 1);
            f[k] = flow[i];
            s[k] = seq[i];
            b[k] = bytes[i];
            p[k] = path[i];
            t[k] = postTime[i];
            o[k] = options[i];
        }
        flow = f;
        seq = s;
        bytes = b;
        path = p;
        postTime = t;
        options = o;
        head = 0;
    }

}
