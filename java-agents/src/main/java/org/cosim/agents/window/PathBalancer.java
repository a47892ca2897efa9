package org.cosim.agents.window;

import org.cosim.scenario.KeyedHash;

/**
 * Protective Load Balancing (Qureshi et al., SIGCOMM'22) for one connection: it
 * counts congested rounds and moves the connection to another path when the
 * congestion persists, as Linux's tcp_plb does. A round runs from its first ACK
 * to the first ACK of a segment sent after that (one RTT); it is congested when
 * at least the configured fraction of its ACKs carried the law's congestion
 * signal. A move draws a new source route uniformly among the flow's paths (it
 * may draw the same one, as a new flow label may hash to the same port), keyed
 * on (seed, host, connection, move number) so that runs repeat exactly.
 */
final class PathBalancer {
    /** ASCII "plb": keys the path draws. */
    private static final long PLB_TAG = 0x706c62L;
    /** ASCII "plbs": keys the suspension length after a timeout. */
    private static final long SUSPEND_TAG = 0x706c6273L;

    private final PlbConfig cfg;
    private final long seed;
    private final int host;
    private final int key;
    private final int pathCount;
    private int path;
    private int moves;
    private long roundStartPs = Long.MIN_VALUE;
    private int acks;
    private int congestedAcks;
    private int congestedRounds;
    private long suspendedUntilPs = Long.MIN_VALUE;

    /** {@code key}: the connection (its destination, or the flow when each flow is its own); path 0 is ECMP. */
    PathBalancer(PlbConfig cfg, long seed, int host, int key, int pathCount, int initialPath) {
        this.cfg = cfg;
        this.seed = seed;
        this.host = host;
        this.key = key;
        this.pathCount = pathCount;
        this.path = initialPath;
    }

    int path() {
        return path;
    }

    int moves() {
        return moves;
    }

    int congestedRounds() {
        return congestedRounds;
    }

    /** The ACK of a segment sent at {@code sendTimePs} arrived at {@code nowPs}. */
    void onAck(long sendTimePs, long nowPs, boolean congested) {
        if (sendTimePs >= roundStartPs) {
            if (acks > 0) {
                endRound();
            }
            roundStartPs = nowPs;
        }
        acks++;
        if (congested) {
            congestedAcks++;
        }
    }

    private void endRound() {
        boolean congestedRound = congestedAcks >= cfg.congestedFraction() * acks;
        congestedRounds = congestedRound ? Math.min(congestedRounds + 1, cfg.rehashRounds()) : 0;
        acks = 0;
        congestedAcks = 0;
    }

    /**
     * After an ACK: moves when the congestion has lasted idle_rehash_rounds with
     * nothing in flight (a move between bursts reorders nothing) or rehash_rounds
     * regardless, unless a recent timeout suspended such moves. Returns whether it moved.
     */
    boolean maybeMove(long nowPs, boolean idle) {
        boolean due = congestedRounds >= cfg.rehashRounds() || (idle && congestedRounds >= cfg.idleRehashRounds());
        if (!due || nowPs < suspendedUntilPs) {
            return false;
        }
        move();
        return true;
    }

    /** A retransmission timeout: move at once, and no congestion-triggered move for one to two suspension periods. */
    void onTimeout(long nowPs) {
        move();
        long s = cfg.suspendAfterRtoPs();
        double extra = (KeyedHash.hash(seed, SUSPEND_TAG, host, key, moves) >>> 11) * 0x1.0p-53;
        suspendedUntilPs = nowPs + s + (long) (extra * s);
    }

    private void move() {
        moves++;
        congestedRounds = 0;
        if (pathCount > 1) {
            path = 1 + KeyedHash.below(KeyedHash.hash(seed, PLB_TAG, host, key, moves), pathCount);
        }
    }
}
