package org.cosim.fabric.agent;

import java.util.Arrays;

/**
 * Actions accepted from the agents and waiting for their time, as a struct of
 * arrays with a free list; a scheduled kernel event carries the slot index.
 */
final class PendingActions {
    int[] host = new int[256];
    int[] flow = new int[256];
    long[] seq = new long[256];
    int[] bytes = new int[256];
    int[] path = new int[256];
    long[] timerId = new long[256];   // a timer's id, or a control packet's pull number
    long[] echo = new long[256];
    long[] echoTx = new long[256];
    int[] options = new int[256];     // segment options, or a control packet's kind
    private int[] free = new int[256];
    private int freeCount;
    private int capacity;

    PendingActions() {
        grow(256);
    }

    int alloc() {
        if (freeCount == 0) {
            grow(capacity * 2);
        }
        return free[--freeCount];
    }

    void release(int slot) {
        free[freeCount++] = slot;
    }

    private void grow(int n) {
        int old = capacity;
        host = Arrays.copyOf(host, n);
        flow = Arrays.copyOf(flow, n);
        seq = Arrays.copyOf(seq, n);
        bytes = Arrays.copyOf(bytes, n);
        path = Arrays.copyOf(path, n);
        timerId = Arrays.copyOf(timerId, n);
        echo = Arrays.copyOf(echo, n);
        echoTx = Arrays.copyOf(echoTx, n);
        options = Arrays.copyOf(options, n);
        free = Arrays.copyOf(free, n);
        for (int s = n - 1; s >= old; s--) {
            free[freeCount++] = s;
        }
        capacity = n;
    }
}
