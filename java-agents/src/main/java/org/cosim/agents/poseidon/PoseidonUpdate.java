package org.cosim.agents.poseidon;

/**
 * Poseidon's update ratio (Eq. 4): U = exp((T - delay) / p * alpha * m), >= 1 at
 * or below the target and < 1 above it. The distance from the target sets the
 * step: 10 us below a target multiplies the window by 10^(10/40) = 1.78 per RTT
 * with the paper's p = 40, m = 0.25. Eq. 5: U = (r / x)^m for a flow at rate x
 * whose target-rate for this delay is r.
 *
 * <p>Algorithm 1 names min_md and max_mi (minimum MD and maximum MI ratio) but
 * gives no values or uses; we read them as bounds on U: {@link #ratio} clamps it
 * into [min_md, max_mi].
 */
public final class PoseidonUpdate {
    private final double perUs;
    private final double minMd;
    private final double maxMi;

    /** {@code alpha}: ln max_rate - ln min_rate, as in {@link PoseidonTarget#alpha()}. */
    public PoseidonUpdate(double pUs, double alpha, double m, double minMd, double maxMi) {
        this.perUs = alpha * m / pUs;
        this.minMd = minMd;
        this.maxMi = maxMi;
    }

    /** Eq. 4 as written. */
    public double raw(double targetUs, double delayUs) {
        return Math.exp((targetUs - delayUs) * perUs);
    }

    /** Eq. 4 clamped into [min_md, max_mi]. */
    public double ratio(double targetUs, double delayUs) {
        return Math.min(maxMi, Math.max(minMd, raw(targetUs, delayUs)));
    }
}
