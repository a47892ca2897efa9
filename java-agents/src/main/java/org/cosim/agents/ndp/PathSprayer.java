package org.cosim.agents.ndp;

import org.cosim.scenario.KeyedHash;

/**
 * Per-packet path choice of one flow (SIGCOMM'17 §3.1.1): the sender takes the
 * list of paths (source routes 1..P), randomly permutes it, sends one packet on
 * each path in that order, then permutes again. Each pass leaves out the paths
 * the scoreboard penalises (all of them back in if it would leave none).
 *
 * <p>The permutation of pass n (n = 1, 2, ...) is a Fisher-Yates shuffle of the
 * pass's paths in ascending order: for i = len-1 down to 1, swap i with
 * j = hash(seed, SPRAY_TAG, flow, n, i) mod (i+1) (KeyedHash), so it depends only
 * on the seed, the flow and the pass, never on what other flows did.
 */
final class PathSprayer {
    /** ASCII "spry". */
    static final long SPRAY_TAG = 0x73707279L;

    private final int paths;
    private final long seed;
    private final int flow;
    private final PathScoreboard board;  // null: no penalties
    private final int[] order;
    private int len;
    private int pos;
    private long pass;

    PathSprayer(int paths, long seed, int flow, PathScoreboard board) {
        this.paths = paths;
        this.seed = seed;
        this.flow = flow;
        this.board = board;
        this.order = new int[paths];
    }

    int next() {
        if (pos == len) {
            newPass();
        }
        return order[pos++];
    }

    /**
     * The next path other than {@code avoid} (where a packet was lost or bounced):
     * skips it when it comes up, also at a pass boundary (at most two skips, since
     * a pass holds each path once); only a single usable path is returned anyway.
     */
    int nextOtherThan(int avoid) {
        int p = next();
        for (int skips = 0; p == avoid && paths > 1 && skips < 2; skips++) {
            p = next();
        }
        return p;
    }

    long pass() {
        return pass;
    }

    /** How many paths the scoreboard left out of the current pass (0 before the first, or when it left out all). */
    int excludedThisPass() {
        return pass == 0 ? 0 : paths - len;
    }

    private void newPass() {
        pass++;
        len = 0;
        for (int p = 1; p <= paths; p++) {
            if (board == null || !board.excluded(p, pass)) {
                order[len++] = p;
            }
        }
        if (len == 0) {
            for (int p = 1; p <= paths; p++) {
                order[len++] = p;
            }
        }
        for (int i = len - 1; i > 0; i--) {
            int j = KeyedHash.below(KeyedHash.hash4(seed, SPRAY_TAG, flow, pass, i), i + 1);
            int t = order[i];
            order[i] = order[j];
            order[j] = t;
        }
        pos = 0;
    }
}
