// An example of a window law of your own (README, "Your own congestion control"):
// the Poseidon paper's ablation "adaptive increase ratio replaced by AIMD"
// (NSDI'23 §5.6.1). It keeps Poseidon's signal, the INT max per-hop delay (MPD),
// and its rate-dependent target T(rate) (Eq. 3, cosim's PoseidonTarget), but
// updates the window like Swift: ai packets per RTT below the target, and above
// it a cut of max(1 - beta (MPD - T) / MPD, 1 - max_mdf), at most once per RTT.
// The window sender around it (ACK clock, pacing below one packet, loss recovery,
// PLB) is cosim's, shared with Poseidon and Swift.
//
// Run it: ./cosim run scenarios/custom/poseidon-aimd-fig14.textproto
// A law is a class implementing org.cosim.agents.window.WindowLaw with a
// constructor taking LawParameters; any package, any imports of cosim's classes
// or the JDK's.
package org.example.laws;

import org.cosim.agents.custom.LawParameters;
import org.cosim.agents.poseidon.PoseidonTarget;
import org.cosim.agents.window.AckSample;
import org.cosim.agents.window.CongestionWindow;
import org.cosim.agents.window.WindowLaw;

public final class PoseidonAimdLaw implements WindowLaw {
    private final PoseidonTarget target;
    private final double ai;
    private final double beta;
    private final double maxMdf;

    public PoseidonAimdLaw(LawParameters p) {
        // Poseidon's defaults for the target, Swift's for the AIMD steps.
        target = new PoseidonTarget(p.get("p_us", 40), p.get("k_us", 2),
                p.get("min_rate_gbps", 0.02) * 1e9, p.get("max_rate_gbps", 200) * 1e9);
        ai = p.get("ai", 1);
        beta = p.get("beta", 0.8);
        maxMdf = p.get("max_mdf", 0.5);
        if (!(ai > 0) || !(beta > 0 && beta <= 1) || !(maxMdf > 0 && maxMdf < 1)) {
            throw new IllegalArgumentException("need ai > 0, beta in (0, 1], max_mdf in (0, 1); got ai " + ai
                    + ", beta " + beta + ", max_mdf " + maxMdf);
        }
    }

    @Override
    public double onAck(CongestionWindow w, AckSample a) {
        double cwnd = w.cwnd();
        double mpdUs = a.mpdPs() / 1e6;
        double targetUs = target.targetUs(rateBps(w, a));
        if (mpdUs <= targetUs) {
            return cwnd >= 1 ? cwnd + ai / cwnd * a.numAcked() : cwnd + ai * a.numAcked();
        }
        if (!w.canDecrease(a.nowPs())) {
            return cwnd;
        }
        return cwnd * Math.max(1 - beta * (mpdUs - targetUs) / mpdUs, 1 - maxMdf);
    }

    /** Above the target: the decrease condition, which PLB counts as congestion. */
    @Override
    public boolean congested(CongestionWindow w, AckSample a) {
        return a.mpdPs() / 1e6 > target.targetUs(rateBps(w, a));
    }

    @Override
    public double lossDecrease() {
        return 1 - maxMdf;
    }

    /** rate = cwnd x segment / RTT, as Poseidon computes it. */
    private static double rateBps(CongestionWindow w, AckSample a) {
        return w.cwnd() * 8.0 * w.config().segmentBytes() / (Math.max(1, a.rttPs()) / 1e12);
    }
}
