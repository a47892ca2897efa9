package org.cosim.agents.swift;

import java.util.List;
import org.cosim.agents.window.AckSample;
import org.cosim.agents.window.CongestionWindow;
import org.cosim.agents.window.WindowLaw;

/**
 * Swift's fabric-window update on an ACK (SIGCOMM'20, Algorithm 1): below the
 * target delay, additive increase of ai per RTT (ai / cwnd per ACKed packet, or ai
 * per ACK below one packet); at or above it, a multiplicative decrease of
 * max(1 - beta (delay - target) / delay, 1 - max_mdf), at most once per RTT. The
 * delay is the fabric RTT from NIC timestamps: forward and reverse queueing, all
 * hops summed, which is what Poseidon's multi-hop and reverse-path cases expose.
 */
public final class SwiftLaw implements WindowLaw {
    /** Sampled per flow (output.agent_state): the target delay (base + hops + flow scaling); the delay is rtt_us. */
    private static final List<String> SIGNALS = List.of("target_us");
    private final SwiftConfig cfg;
    private final SwiftTarget target;

    public SwiftLaw(SwiftConfig cfg) {
        this.cfg = cfg;
        this.target = cfg.target();
    }

    @Override
    public double onAck(CongestionWindow w, AckSample a) {
        double cwnd = w.cwnd();
        double delayUs = a.rttPs() / 1e6;
        double targetUs = target.targetUs(cwnd, a.hops());
        w.recordSignal(0, targetUs);
        if (delayUs < targetUs) {
            return cwnd >= 1 ? cwnd + cfg.ai() / cwnd * a.numAcked() : cwnd + cfg.ai() * a.numAcked();
        }
        if (!w.canDecrease(a.nowPs())) {
            return cwnd;
        }
        return cwnd * Math.max(1 - cfg.beta() * (delayUs - targetUs) / delayUs, 1 - cfg.maxMdf());
    }

    /** At or above the target: the condition of Swift's decrease. */
    @Override
    public boolean congested(CongestionWindow w, AckSample a) {
        return a.rttPs() / 1e6 >= target.targetUs(w.cwnd(), a.hops());
    }

    @Override
    public List<String> signalNames() {
        return SIGNALS;
    }

    @Override
    public double lossDecrease() {
        return 1 - cfg.maxMdf();
    }
}
