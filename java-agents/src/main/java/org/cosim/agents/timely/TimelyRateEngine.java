package org.cosim.agents.timely;

import java.util.List;
import org.cosim.agents.sender.RateControl;

/**
 * TIMELY's rate computation engine for one flow: Algorithm 1 of the SIGCOMM'15
 * paper, run on every RTT sample.
 *
 * <p>Where the paper is silent we follow DIGEST.md 1.D: the first sample only
 * primes prev_rtt (rtt_diff stays 0); the HAI counter counts consecutive samples
 * with a negative gradient, is updated on every sample, and is reset by any rate
 * decrease; HAI applies only in the gradient branch; every multiplicative factor
 * is floored at min_decrease_factor; the rate stays within [min_rate, line rate].
 */
public final class TimelyRateEngine implements RateControl {
    /** Which branch of Algorithm 1 the last sample took. */
    public enum Branch { LOW, HIGH, ADDITIVE, HYPERACTIVE, GRADIENT_DECREASE }

    /** Sampled per flow (output.agent_state): the latest RTT sample and Algorithm 1's normalized gradient. */
    public static final List<String> SIGNALS = List.of("rtt_us", "gradient");

    private final TimelyConfig cfg;
    private final double lineRateBps;
    private double rate;
    private long prevRtt;
    private boolean primed;
    private double rttDiff;
    private int negativeGradients;
    private Branch lastBranch;

    public TimelyRateEngine(TimelyConfig cfg, double lineRateBps, double initialRateBps) {
        this.cfg = cfg;
        this.lineRateBps = lineRateBps;
        this.rate = clamp(initialRateBps);
    }

    @Override
    public double rateBps() {
        return rate;
    }

    @Override
    public void onRttSample(long newRtt) {
        update(newRtt);
    }

    /** Algorithm 1. Returns the branch taken. */
    public Branch update(long newRtt) {
        if (primed) {
            long newRttDiff = newRtt - prevRtt;
            rttDiff = (1 - cfg.alpha()) * rttDiff + cfg.alpha() * newRttDiff;
        }
        prevRtt = newRtt;
        primed = true;
        double gradient = rttDiff / cfg.minRttPs();
        negativeGradients = gradient < 0 ? negativeGradients + 1 : 0;

        if (newRtt < cfg.tLowPs()) {
            rate += cfg.deltaBps();
            lastBranch = Branch.LOW;
        } else if (newRtt > cfg.tHighPs()) {
            decrease(1 - cfg.beta() * (1 - (double) cfg.tHighPs() / newRtt));
            lastBranch = Branch.HIGH;
        } else if (gradient <= 0) {
            boolean hyper = cfg.hai() && negativeGradients >= cfg.haiThreshold();
            rate += (hyper ? cfg.haiMultiplier() : 1) * cfg.deltaBps();
            lastBranch = hyper ? Branch.HYPERACTIVE : Branch.ADDITIVE;
        } else {
            decrease(1 - cfg.beta() * gradient);
            lastBranch = Branch.GRADIENT_DECREASE;
        }
        rate = clamp(rate);
        return lastBranch;
    }

    private void decrease(double factor) {
        rate *= Math.max(cfg.minDecreaseFactor(), factor);
        negativeGradients = 0;
    }

    private double clamp(double r) {
        return Math.min(lineRateBps, Math.max(cfg.minRateBps(), r));
    }

    @Override
    public List<String> signalNames() {
        return SIGNALS;
    }

    @Override
    public double signal(int i) {
        if (!primed) {
            return Double.NaN;
        }
        return i == 0 ? prevRtt / 1e6 : rttDiff / cfg.minRttPs();
    }

    public double rttDiffPs() {
        return rttDiff;
    }

    public int negativeGradientCount() {
        return negativeGradients;
    }

    public Branch lastBranch() {
        return lastBranch;
    }
}
