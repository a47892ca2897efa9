package org.cosim.agents.poseidon;

import java.util.List;
import org.cosim.agents.window.AckSample;
import org.cosim.agents.window.CongestionWindow;
import org.cosim.agents.window.WindowLaw;

/**
 * ReceiveACK() of Poseidon's Algorithm 1. The flow's rate is cwnd * segment /
 * latest fabric RTT; its target T(rate) and the update ratio U(T, delay) decide:
 * at or below the target the window grows multiplicatively, spread over the ACKs
 * of a window (cwnd += (U - 1) per ACK, our reading of Algorithm 1's garbled increase line: after one window of ACKs
 * that is exactly x U); above it the window is multiplied by U, at most once per
 * RTT.
 */
public final class PoseidonLaw implements WindowLaw {
    /** Sampled per flow (output.agent_state): T(rate) of Eq. 3 and the delay compared with it (MPD, or brownfield's max). */
    private static final List<String> SIGNALS = List.of("target_us", "delay_us");
    private final PoseidonTarget target;
    private final PoseidonUpdate update;
    private final PoseidonSignal signal;
    private final double segmentBits;
    private final double minMd;

    public PoseidonLaw(PoseidonConfig cfg) {
        this.target = cfg.target();
        this.update = cfg.update();
        this.signal = new PoseidonSignal(cfg.brownfield());
        this.segmentBits = 8.0 * cfg.window().segmentBytes();
        this.minMd = cfg.minMd();
    }

    @Override
    public double onAck(CongestionWindow w, AckSample a) {
        double mpt = target.targetUs(rateBps(w.cwnd(), a.rttPs()));
        double delay = signal.delayUs(a);
        double u = update.ratio(mpt, delay);
        w.recordSignal(0, mpt);
        w.recordSignal(1, delay);
        if (delay <= mpt) {
            return w.cwnd() * (1 + (u - 1) / w.cwnd() * a.numAcked());
        }
        return w.canDecrease(a.nowPs()) ? w.cwnd() * u : w.cwnd();
    }

    /** Above the target MPT: the condition of Poseidon's decrease. */
    @Override
    public boolean congested(CongestionWindow w, AckSample a) {
        return signal.delayUs(a) > target.targetUs(rateBps(w.cwnd(), a.rttPs()));
    }

    @Override
    public List<String> signalNames() {
        return SIGNALS;
    }

    @Override
    public double lossDecrease() {
        return minMd;
    }

    /** rate = cwnd * MTU / RTT (the segment is the MTU when ACKs are per packet). */
    public double rateBps(double cwnd, long rttPs) {
        return cwnd * segmentBits / (Math.max(1, rttPs) / 1e12);
    }
}
