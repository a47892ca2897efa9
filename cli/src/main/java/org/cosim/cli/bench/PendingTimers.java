package org.cosim.cli.bench;

import org.cosim.agents.api.ActionBatch;

/**
 * The wire bench's memory of the timers the agents have set and that have not fired yet, per host, oldest
 * first (an agent may fire a timer only once after setting it: the agent host refuses any other). A timer set
 * again while pending stays one timer. Primitive rings, so the bench's own cost stays small.
 */
final class PendingTimers {
    private long[][] ids;
    private final int[] head;
    private final int[] size;

    PendingTimers(int hosts) {
        ids = new long[hosts][4];
        head = new int[hosts];
        size = new int[hosts];
    }

    /** Remembers every timer set in {@code actions}. */
    void record(ActionBatch actions) {
        for (int i = 0; i < actions.size(); i++) {
            if (actions.kind(i) == ActionBatch.SET_TIMER) {
                add(actions.host(i), actions.timerId(i));
            }
        }
    }

    boolean any(int h) {
        return size[h] > 0;
    }

    /** Host {@code h}'s oldest pending timer, which fires now: it is pending no more. */
    long fire(int h) {
        long id = ids[h][head[h]];
        head[h] = (head[h] + 1) % ids[h].length;
        size[h]--;
        return id;
    }

    private void add(int h, long id) {
        for (int k = 0; k < size[h]; k++) {
            if (ids[h][(head[h] + k) % ids[h].length] == id) {
                return;
            }
        }
        if (size[h] == ids[h].length) {
            long[] grown = new long[2 * size[h]];
            for (int k = 0; k < size[h]; k++) {
                grown[k] = ids[h][(head[h] + k) % ids[h].length];
            }
            ids[h] = grown;
            head[h] = 0;
        }
        ids[h][(head[h] + size[h]) % ids[h].length] = id;
        size[h]++;
    }
}
