package org.cosim.agents.dctcp;

import java.util.List;
import org.cosim.agents.window.AckSample;
import org.cosim.agents.window.CongestionWindow;
import org.cosim.agents.window.WindowLaw;

/**
 * DCTCP's window law for one flow (SIGCOMM'10 §3.2): the sender estimates the
 * fraction of its packets marked over each window of data, alpha = (1 - g)
 * alpha + g F, updated when as many ACKs as the window held at the start of the
 * observation have come; a marked ACK cuts the window to cwnd (1 - alpha / 2),
 * at most once per RTT (the shared decrease gate); unmarked ACKs grow it by
 * ai / cwnd each (ai packets per RTT). So the cut is proportional to the extent
 * of congestion, where TCP would halve. alpha starts at 1, as in the Linux
 * implementation: the first marks cut hard until the estimate has data.
 */
public final class DctcpLaw implements WindowLaw {
    private static final List<String> SIGNALS = List.of("alpha");
    private final DctcpConfig cfg;
    private double alpha = 1;
    private double acked;
    private double marked;
    private double windowAcks = -1;  // ACKs that close the current observation window (-1: none begun)

    public DctcpLaw(DctcpConfig cfg) {
        this.cfg = cfg;
    }

    public double alpha() {
        return alpha;
    }

    @Override
    public double onAck(CongestionWindow w, AckSample a) {
        double cwnd = w.cwnd();
        if (windowAcks < 0) {
            windowAcks = Math.max(1, cwnd);
        }
        acked += a.numAcked();
        if (a.ecn()) {
            marked += a.numAcked();
        }
        if (acked >= windowAcks) {
            alpha = (1 - cfg.g()) * alpha + cfg.g() * (marked / acked);
            acked = 0;
            marked = 0;
            windowAcks = Math.max(1, cwnd);
        }
        w.recordSignal(0, alpha);
        if (a.ecn()) {
            return w.canDecrease(a.nowPs()) ? cwnd * (1 - alpha / 2) : cwnd;
        }
        return cwnd >= 1 ? cwnd + cfg.ai() / cwnd * a.numAcked() : cwnd + cfg.ai() * a.numAcked();
    }

    /** Sampled per flow (output.agent_state): the estimate of the marked fraction. */
    @Override
    public List<String> signalNames() {
        return SIGNALS;
    }

    /** An ECN echo, Linux PLB's signal (with DCTCP). */
    @Override
    public boolean congested(CongestionWindow w, AckSample a) {
        return a.ecn();
    }

    @Override
    public double lossDecrease() {
        return 0.5;
    }

    @Override
    public WindowLaw forNewFlow() {
        return new DctcpLaw(cfg);
    }
}
