package org.cosim.agents.timely;

import java.util.List;
import org.cosim.agents.sender.RateControl;

/**
 * TIMELY's rate computation engine for one flow: Algorithm 1 of the SIGCOMM'15
 * paper, run on every RTT sample.
 *
 * <p>Where the paper is silent (docs/timely.md, "Where the paper is silent"): the first sample only
 * primes prev_rtt (rtt_diff stays 0); the HAI counter counts consecutive samples
 * with a negative gradient, is updated on every sample, and is reset by any rate
 * decrease; HAI applies only in the gradient branch; every multiplicative factor
 * is floored at min_decrease_factor; the rate stays within [min_rate, line rate].
 *
 * <p>Algorithm 1 assumes at most one completion per minRTT, which holds for 64 KB
 * segments at 10 Gb/s but not for a fast flow of 16 KB ones. The paper then
 * updates on every completion but scales "the updates by the number of
 * completions per minimum RTT interval"; with scale_updates (the default) a
 * sample that comes a gap after the flow's previous one uses
 * f = min(1, gap / minRTT) of delta and of beta (our formula), so that n
 * samples within one minRTT move the rate about as much as one would.
 */
public final class TimelyRateEngine implements RateControl {
    /** Which branch of Algorithm 1 the last sample took. */
    public enum Branch { LOW, HIGH, ADDITIVE, HYPERACTIVE, GRADIENT_DECREASE }

    /** Sampled per flow (output.agent_state): the latest RTT sample and Algorithm 1's normalized gradient. */
    public static final List<String> SIGNALS = List.of("rtt_us", "gradient");
    private static final long NO_TIME = Long.MIN_VALUE;

    private final TimelyConfig cfg;
    private final double lineRateBps;
    private double rate;
    private long prevRtt;
    private boolean primed;
    private double rttDiff;
    private int negativeGradients;
    private Branch lastBranch;
    private long lastAckPs = NO_TIME;       // the latest completion the sender reported
    private long prevSamplePs = NO_TIME;    // the completion that carried the previous RTT sample

    public TimelyRateEngine(TimelyConfig cfg, double lineRateBps, double initialRateBps) {
        this.cfg = cfg;
        this.lineRateBps = lineRateBps;
        this.rate = clamp(initialRateBps);
    }

    @Override
    public double rateBps() {
        return rate;
    }

    /** Notes when the completion came: the sample that follows is weighed by its gap to the previous one. */
    @Override
    public void onAck(long nowPs, int bytes, boolean ecnEcho) {
        lastAckPs = nowPs;
    }

    @Override
    public void onRttSample(long newRtt) {
        update(newRtt);
    }

    /**
     * The share of a full update this sample gets: min(1, gap / minRTT), the gap
     * since the previous sample's completion; 1 without scaling, for the first
     * sample, or when no completion time was reported (a bare {@link #update}).
     */
    private double updateWeight() {
        long now = lastAckPs;
        long prev = prevSamplePs;
        prevSamplePs = now;
        if (!cfg.scaleUpdates() || now == NO_TIME || prev == NO_TIME) {
            return 1;
        }
        return Math.min(1, (double) (now - prev) / cfg.minRttPs());
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
        double weight = updateWeight();
        double delta = weight * cfg.deltaBps();
        double beta = weight * cfg.beta();

        if (newRtt < cfg.tLowPs()) {
            rate += delta;
            lastBranch = Branch.LOW;
        } else if (newRtt > cfg.tHighPs()) {
            decrease(1 - beta * (1 - (double) cfg.tHighPs() / newRtt));
            lastBranch = Branch.HIGH;
        } else if (gradient <= 0) {
            boolean hyper = cfg.hai() && negativeGradients >= cfg.haiThreshold();
            rate += (hyper ? cfg.haiMultiplier() : 1) * delta;
            lastBranch = hyper ? Branch.HYPERACTIVE : Branch.ADDITIVE;
        } else {
            decrease(1 - beta * gradient);
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
