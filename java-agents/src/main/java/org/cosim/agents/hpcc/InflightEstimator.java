package org.cosim.agents.hpcc;

import org.cosim.agents.api.IntHops;
import org.cosim.scenario.Units;

/**
 * HPCC's MeasureInflight (SIGCOMM'19, Algorithm 1) for one flow: the normalized
 * in-flight bytes of the most loaded hop, smoothed. For each hop i of the ACK's
 * INT stack, against the same hop of the previous ACK:
 * txRate = (txBytes - txBytes') / (ts - ts'),
 * u_i = min(qlen, qlen') / (B_i T) + txRate / B_i; u is the largest u_i and tau
 * the time between that hop's two records; then U = (1 - tau/T) U + (tau/T) u
 * with tau at most T. The min of two queue samples filters a queue that is only
 * passing (the paper's choice).
 *
 * <p>Where the paper is silent: an ACK whose stack has a different number of
 * hops than the previous one (the first ACK, or a path change) only records it
 * and gives no sample; a hop whose records are not later than the previous ones
 * is skipped; U starts at 0.
 */
public final class InflightEstimator {
    private final long tPs;
    private int hops;
    private final long[] queueBytes = new long[org.cosim.agents.api.CompletionEvent.MAX_INT_HOPS];
    private final long[] txBytes = new long[queueBytes.length];
    private final long[] timePs = new long[queueBytes.length];
    private double u;

    /** {@code tPs}: HPCC's T, the base RTT. */
    public InflightEstimator(long tPs) {
        this.tPs = tPs;
    }

    /** The smoothed utilization U. */
    public double utilization() {
        return u;
    }

    /**
     * Folds in one ACK's hop stack. Returns false when it gave no sample (no
     * previous records of the same path): U is unchanged and the stack is kept.
     */
    public boolean measure(IntHops ack) {
        int n = Math.min(ack.intHopCount(), queueBytes.length);
        boolean comparable = n > 0 && n == hops;
        double best = 0;
        long tau = 0;
        boolean any = false;
        for (int i = 0; comparable && i < n; i++) {
            long dt = ack.intHopTimePs(i) - timePs[i];
            if (dt <= 0) {
                continue;
            }
            double rateBps = ack.intHopRateBps(i);
            double txRateBps = (ack.intHopTxBytes(i) - txBytes[i]) * 8.0 * Units.PS_PER_S / dt;
            double bdpBytes = rateBps * tPs / (8.0 * Units.PS_PER_S);
            double ui = Math.min(ack.intHopQueueBytes(i), queueBytes[i]) / bdpBytes + txRateBps / rateBps;
            if (!any || ui > best) {
                best = ui;
                tau = dt;
                any = true;
            }
        }
        for (int i = 0; i < n; i++) {
            queueBytes[i] = ack.intHopQueueBytes(i);
            txBytes[i] = ack.intHopTxBytes(i);
            timePs[i] = ack.intHopTimePs(i);
        }
        hops = n;
        if (!any) {
            return false;
        }
        double w = Math.min(tau, tPs) / (double) tPs;
        u = (1 - w) * u + w * best;
        return true;
    }
}
