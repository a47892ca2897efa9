package org.cosim.agents.fast;

import java.util.List;
import org.cosim.agents.sender.RateControl;

/**
 * FAST*'s rate for one flow: the TCP FAST window equation applied to the pacing
 * rate. Once per RTT, rate = min(2 rate, (1 - gamma) rate + gamma (baseRTT / RTT
 * rate + alpha)): at equilibrium rate (1 - baseRTT / RTT) = alpha, so each
 * flow keeps alpha x RTT bits standing in queues (FAST's alpha packets, as a
 * rate). RTT is the mean of the samples since the last update (FAST
 * averages its RTT); baseRTT the smallest sample seen (FAST's definition: it
 * knows no unloaded RTT). "Once per RTT" is FAST's period, measured from the
 * last update with the mean RTT; the first sample updates at once.
 */
public final class FastRateEngine implements RateControl {
    /** Sampled per flow (output.agent_state): the smallest RTT seen, FAST's baseRTT. */
    public static final List<String> SIGNALS = List.of("base_rtt_us");
    private final FastConfig cfg;
    private final double lineRateBps;
    private double rate;
    private long baseRttPs = Long.MAX_VALUE;
    private long nowPs;
    private long lastUpdatePs = Long.MIN_VALUE / 4;
    private double rttSumPs;
    private int samples;

    public FastRateEngine(FastConfig cfg, double lineRateBps, double initialRateBps) {
        this.cfg = cfg;
        this.lineRateBps = lineRateBps;
        this.rate = clamp(initialRateBps);
    }

    @Override
    public double rateBps() {
        return rate;
    }

    public long baseRttPs() {
        return baseRttPs;
    }

    @Override
    public List<String> signalNames() {
        return SIGNALS;
    }

    @Override
    public double signal(int i) {
        return baseRttPs == Long.MAX_VALUE ? Double.NaN : baseRttPs / 1e6;
    }

    @Override
    public void onAck(long now, int bytes, boolean ecnEcho) {
        nowPs = now;
    }

    @Override
    public void onRttSample(long rttPs) {
        long rtt = Math.max(1, rttPs);
        baseRttPs = Math.min(baseRttPs, rtt);
        rttSumPs += rtt;
        samples++;
        double meanRtt = rttSumPs / samples;
        if (nowPs - lastUpdatePs >= meanRtt) {
            update(meanRtt);
        }
    }

    private void update(double meanRttPs) {
        double target = (1 - cfg.gamma()) * rate + cfg.gamma() * (baseRttPs / meanRttPs * rate + cfg.alphaBps());
        rate = clamp(Math.min(2 * rate, target));
        lastUpdatePs = nowPs;
        rttSumPs = 0;
        samples = 0;
    }

    private double clamp(double r) {
        return Math.min(lineRateBps, Math.max(cfg.minRateBps(), r));
    }
}
