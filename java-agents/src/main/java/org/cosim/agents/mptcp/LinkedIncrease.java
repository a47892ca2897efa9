package org.cosim.agents.mptcp;

/**
 * The congestion-avoidance increase of one subflow per ACKed packet, in packets.
 * Coupled (RFC 6356, "linked increases"): min(alpha / cwnd_total, 1 / cwnd_r)
 * with alpha = cwnd_total * max_i(cwnd_i / rtt_i^2) / (sum_i cwnd_i / rtt_i)^2,
 * so that the connection as a whole takes no more than one TCP would on its best
 * path, and moves its traffic off congested paths. Uncoupled: 1 / cwnd_r, every
 * subflow an independent TCP (htsim's UNCOUPLED).
 */
final class LinkedIncrease {
    private LinkedIncrease() {}

    /**
     * @param cwnd the subflows' windows (packets)
     * @param rttPs their smoothed RTTs (ps, > 0)
     * @param r the subflow whose packet was ACKed
     */
    static double perAck(boolean coupled, double[] cwnd, long[] rttPs, int n, int r) {
        double own = 1 / cwnd[r];
        if (!coupled) {
            return own;
        }
        return Math.min(alpha(cwnd, rttPs, n) / total(cwnd, n), own);
    }

    /** RFC 6356's alpha. RTTs in microseconds keep the squares well inside a double's range. */
    static double alpha(double[] cwnd, long[] rttPs, int n) {
        double best = 0;
        double sum = 0;
        for (int i = 0; i < n; i++) {
            double rtt = rttPs[i] / 1e6;
            best = Math.max(best, cwnd[i] / (rtt * rtt));
            sum += cwnd[i] / rtt;
        }
        return total(cwnd, n) * best / (sum * sum);
    }

    static double total(double[] cwnd, int n) {
        double t = 0;
        for (int i = 0; i < n; i++) {
            t += cwnd[i];
        }
        return t;
    }
}
