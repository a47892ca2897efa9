// An example of a window law of your own (docs/custom-laws.md):
// the Poseidon paper's ablation study (NSDI'23 §5.6.1, Fig 21(a)). Poseidon with
// one of its three design aspects taken out, chosen by params[remove]:
//   0  nothing: Poseidon itself (the same window, step for step, as cosim's PoseidonLaw)
//   1  the INT max per-hop delay (MPD): react to the end-to-end queueing delay
//      instead, RTT minus the path's unloaded RTT (both directions, all hops)
//   2  the rate-dependent target T(rate): a fixed target, params[fixed_target_us]
//      (default 22 us, the middle of T's range k..k+p; the paper gives no value)
//   3  the adaptive update ratio U: Swift-style AIMD instead, ai packets per RTT
//      below the target, a cut of max(1 - beta (d - T) / d, 1 - max_mdf) above it
// and the two alternatives of the paper's appendix:
//   params[target_scaling]  0  Eq. 3, T = p (ln max_rate - ln rate) / alpha + k (Poseidon)
//                           1  Eq. 18 on the rate: T = a / sqrt(rate) + b (Fig 23's "rate")
//                           2  Eq. 18 on the window: the same function of cwnd / reference_rtt_us,
//                              a rate as if every flow had that RTT (Fig 23's "cwnd")
//      (a and b make Eq. 18 span k..k+p over min_rate..max_rate, as Eq. 3 does; the
//      paper gives neither, nor the reference RTT: default 10 us, about Fig 14's paths)
//   params[update]          0  Eq. 4, U = exp((T - delay) / p * alpha * m) (Poseidon)
//                           1  Eq. 13, U = (T + ratio_m_us) / (delay + ratio_m_us) (Fig 22's
//                              "ratio"; default m 0, "m negligible" in the paper's example)
//      both clamped into [min_md, max_mi] and applied as Eq. 4 is.
// Everything else is Poseidon's, with the paper's parameters (cosim's PoseidonConfig
// defaults: p = 40 us, k = 2 us, m = 0.25, 0.02..200 Gb/s, max_mi 2, min_md 0.5).
// The window sender around it (ACK clock, pacing below one packet, loss recovery,
// PLB) is cosim's, shared with Poseidon and Swift.
//
// Run it: ./cosim sweep scenarios/custom/poseidon-ablation-fig14.textproto \
//           --vary 'protocol.custom_window_law.params[remove]=0,1,2,3'
// and poseidon-fig23-target-scaling.textproto, poseidon-fig22-ratio-update.textproto.
// A law is a class implementing org.cosim.agents.window.WindowLaw with a
// constructor taking LawParameters; any package, any imports of cosim's classes
// or the JDK's.
package org.example.laws;

import java.util.List;
import org.cosim.agents.custom.LawParameters;
import org.cosim.agents.poseidon.PoseidonConfig;
import org.cosim.agents.poseidon.PoseidonTarget;
import org.cosim.agents.poseidon.PoseidonUpdate;
import org.cosim.agents.window.AckSample;
import org.cosim.agents.window.CongestionWindow;
import org.cosim.agents.window.WindowLaw;
import org.cosim.proto.Poseidon;

public final class PoseidonAblationLaw implements WindowLaw {
    private static final int NOTHING = 0;
    private static final int MPD = 1;
    private static final int RATE_TARGET = 2;
    private static final int ADAPTIVE_UPDATE = 3;
    private static final int EQ3 = 0;
    private static final int SQRT_OF_RATE = 1;
    private static final int SQRT_OF_CWND = 2;
    private static final int DISTANCE = 0;
    private static final int RATIO = 1;

    private final PoseidonTarget target;
    private final PoseidonUpdate update;
    private final double minMd;
    private final int removed;
    private final double fixedTargetUs;
    private final double ai;
    private final double beta;
    private final double maxMdf;
    private final int targetScaling;
    private final double sqrtA;
    private final double sqrtB;
    private final double referenceRttPs;
    private final boolean ratioUpdate;
    private final double ratioMUs;
    private final double maxMi;
    private final double minRateBps;
    private final double maxRateBps;

    public PoseidonAblationLaw(LawParameters p) {
        PoseidonConfig poseidon = PoseidonConfig.from(Poseidon.getDefaultInstance());
        target = poseidon.target();
        update = poseidon.update();
        minMd = poseidon.minMd();
        double remove = p.get("remove", NOTHING);
        fixedTargetUs = p.get("fixed_target_us", poseidon.kUs() + poseidon.pUs() / 2);
        ai = p.get("ai", 1);
        beta = p.get("beta", 0.8);
        maxMdf = p.get("max_mdf", 0.5);
        maxMi = poseidon.maxMi();
        minRateBps = poseidon.minRateBps();
        maxRateBps = poseidon.maxRateBps();
        double scaling = p.get("target_scaling", EQ3);
        double upd = p.get("update", DISTANCE);
        referenceRttPs = p.get("reference_rtt_us", 10) * 1e6;
        ratioMUs = p.get("ratio_m_us", 0);
        if (scaling != Math.rint(scaling) || scaling < EQ3 || scaling > SQRT_OF_CWND) {
            throw new IllegalArgumentException("target_scaling must be 0 (Eq. 3), 1 (Eq. 18 on the rate) or 2 "
                    + "(Eq. 18 on the window), got " + scaling);
        }
        if (upd != DISTANCE && upd != RATIO) {
            throw new IllegalArgumentException("update must be 0 (Eq. 4, distance) or 1 (Eq. 13, ratio), got " + upd);
        }
        if (!(referenceRttPs > 0) || !(ratioMUs >= 0)) {
            throw new IllegalArgumentException("need reference_rtt_us > 0 and ratio_m_us >= 0");
        }
        targetScaling = (int) scaling;
        ratioUpdate = upd == RATIO;
        // Eq. 18's a / sqrt(rate) + b through (max_rate, k) and (min_rate, k + p), rates in Gb/s.
        double minGbps = minRateBps / 1e9;
        double maxGbps = maxRateBps / 1e9;
        sqrtA = poseidon.pUs() / (1 / Math.sqrt(minGbps) - 1 / Math.sqrt(maxGbps));
        sqrtB = poseidon.kUs() - sqrtA / Math.sqrt(maxGbps);
        if (remove != Math.rint(remove) || remove < NOTHING || remove > ADAPTIVE_UPDATE) {
            throw new IllegalArgumentException("remove must be 0 (nothing), 1 (MPD), 2 (rate target) or "
                    + "3 (adaptive update), got " + remove);
        }
        if (!(fixedTargetUs > 0) || !(ai > 0) || !(beta > 0 && beta <= 1) || !(maxMdf > 0 && maxMdf < 1)) {
            throw new IllegalArgumentException("need fixed_target_us > 0, ai > 0, beta in (0, 1], max_mdf in (0, 1)");
        }
        removed = (int) remove;
    }

    @Override
    public double onAck(CongestionWindow w, AckSample a) {
        double cwnd = w.cwnd();
        double t = targetUs(w, a);
        double delay = delayUs(a);
        w.recordSignal(0, t);  // sampled into agent_state.csv with output.agent_state (signalNames)
        w.recordSignal(1, delay);
        if (removed == ADAPTIVE_UPDATE) {
            if (delay <= t) {
                return cwnd >= 1 ? cwnd + ai / cwnd * a.numAcked() : cwnd + ai * a.numAcked();
            }
            return w.canDecrease(a.nowPs()) ? cwnd * Math.max(1 - beta * (delay - t) / delay, 1 - maxMdf) : cwnd;
        }
        double u = ratioUpdate ? Math.min(maxMi, Math.max(minMd, (t + ratioMUs) / (delay + ratioMUs)))
                : update.ratio(t, delay);
        if (delay <= t) {
            return cwnd * (1 + (u - 1) / cwnd * a.numAcked());
        }
        return w.canDecrease(a.nowPs()) ? cwnd * u : cwnd;
    }

    @Override
    public boolean congested(CongestionWindow w, AckSample a) {
        return delayUs(a) > targetUs(w, a);
    }

    /** What the law records per flow: its target and the delay it compares with it, as agent_state.csv columns. */
    @Override
    public List<String> signalNames() {
        return List.of("target_us", "delay_us");
    }

    @Override
    public double lossDecrease() {
        return removed == ADAPTIVE_UPDATE ? 1 - maxMdf : minMd;
    }

    private double targetUs(CongestionWindow w, AckSample a) {
        if (removed == RATE_TARGET) {
            return fixedTargetUs;
        }
        double segmentBits = 8.0 * w.config().segmentBytes();
        double rttPs = targetScaling == SQRT_OF_CWND ? referenceRttPs : Math.max(1, a.rttPs());
        double rateBps = w.cwnd() * segmentBits / (rttPs / 1e12);
        if (targetScaling == EQ3) {
            return target.targetUs(rateBps);
        }
        double gbps = Math.min(maxRateBps, Math.max(minRateBps, rateBps)) / 1e9;
        return sqrtA / Math.sqrt(gbps) + sqrtB;
    }

    private double delayUs(AckSample a) {
        return removed == MPD ? Math.max(0, a.rttPs() - a.baseRttPs()) / 1e6 : a.mpdPs() / 1e6;
    }
}
