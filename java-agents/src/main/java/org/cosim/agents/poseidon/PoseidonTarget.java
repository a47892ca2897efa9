package org.cosim.agents.poseidon;

/**
 * Poseidon's target for the max per-hop delay (Eq. 3): T(rate) = p (ln max_rate -
 * ln rate) / (ln max_rate - ln min_rate) + k, in microseconds. Faster flows get a
 * lower target, so on a shared hop the flows above their fair share back off
 * first. The rate is clamped into [min_rate, max_rate], where T runs from p + k
 * down to k. With the paper's values (p = 40, k = 2, 0.02..200 Gb/s) this is
 * T = 2 + 10 log10(200 Gb/s / rate) us.
 */
public final class PoseidonTarget {
    private final double pUs;
    private final double kUs;
    private final double minRateBps;
    private final double maxRateBps;
    private final double lnMax;
    private final double alpha;

    public PoseidonTarget(double pUs, double kUs, double minRateBps, double maxRateBps) {
        this.pUs = pUs;
        this.kUs = kUs;
        this.minRateBps = minRateBps;
        this.maxRateBps = maxRateBps;
        this.lnMax = Math.log(maxRateBps);
        this.alpha = lnMax - Math.log(minRateBps);
    }

    /** alpha = ln max_rate - ln min_rate (Eq. 4 uses it too). */
    public double alpha() {
        return alpha;
    }

    public double targetUs(double rateBps) {
        double r = Math.min(maxRateBps, Math.max(minRateBps, rateBps));
        return pUs * (lnMax - Math.log(r)) / alpha + kUs;
    }

    /** The rate whose target is {@code delayUs} (Eq. 5's r), clamped into [min_rate, max_rate]. */
    public double rateForTargetBps(double delayUs) {
        double r = Math.exp(lnMax - (delayUs - kUs) * alpha / pUs);
        return Math.min(maxRateBps, Math.max(minRateBps, r));
    }
}
