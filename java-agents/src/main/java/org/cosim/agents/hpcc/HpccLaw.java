package org.cosim.agents.hpcc;

import java.util.List;
import org.cosim.agents.window.AckSample;
import org.cosim.agents.window.CongestionWindow;
import org.cosim.agents.window.WindowConfig;
import org.cosim.agents.window.WindowLaw;
import org.cosim.scenario.Units;

/**
 * HPCC's NewAck (SIGCOMM'19, Algorithm 1) for one flow, on the shared window
 * sender: every ACK of new data measures U from its INT hop stack
 * ({@link InflightEstimator}) and sets the window from the reference window
 * ({@link ReferenceWindow}); the reference moves when the ACK covers data sent
 * after the last move (ack.seq > lastUpdateSeq, then lastUpdateSeq = snd_nxt:
 * once per RTT). The rate is W / T, always paced ({@link #pacedSpacingPs}).
 *
 * <p>The window is in packets (segments) for the sender and in bytes here, within
 * the window settings' [min_cwnd, max_cwnd]; the pacing rate W / T is capped at
 * the NIC's line rate. W_init = B T is where a flow starts, not a cap: T is a
 * propagation RTT (the paper's "base propagation RTT") and a 4096 B packet's
 * unloaded RTT is longer by its store-and-forward serializations (6.1 against
 * 5.6 us across Poseidon's Clos), so a window capped at B T could not fill an
 * idle link (measured: 172 Gb/s alone); uncapped, U drives it to eta. The
 * reference starts at the flow's initial window (a scenario may start lower,
 * e.g. Fig 17(a)). An ACK without a usable sample (the first, or a path
 * change) leaves the window as it is. Loss: the paper has none (lossless RoCE);
 * the shared sender retransmits and the window is left to the INT law
 * ({@link #lossDecrease} 1); the shared reset to min_cwnd after
 * retx_reset_threshold timeouts in a row holds until the next ACK, whose window
 * comes from W^c again.
 */
public final class HpccLaw implements WindowLaw {
    private static final List<String> SIGNALS = List.of("utilization", "reference_window_packets");
    private final HpccConfig cfg;
    private final long nicRateBps;
    private final long tPs;
    private final InflightEstimator estimator;
    private final long lineRateSpacingPs;
    private ReferenceWindow window;  // made at the first ACK, from the window the flow started with
    private long lastUpdateSeq;

    /** One flow's law (the agent holds one as the prototype of {@link #forNewFlow()}). */
    public HpccLaw(HpccConfig cfg, long nicRateBps) {
        this.cfg = cfg;
        this.nicRateBps = nicRateBps;
        this.tPs = cfg.tPs();
        this.estimator = new InflightEstimator(tPs);
        this.lineRateSpacingPs = Units.serializationPs(cfg.window().segmentBytes(), nicRateBps);
    }

    /** T, the base RTT of this flow's control law. */
    public long tPs() {
        return tPs;
    }

    /** W_init = B T in bytes: the line-rate window. */
    public double wInitBytes() {
        return cfg.wInitBytes(nicRateBps);
    }

    public InflightEstimator estimator() {
        return estimator;
    }

    /** The reference window, null before the first ACK. */
    public ReferenceWindow referenceWindow() {
        return window;
    }

    @Override
    public WindowLaw forNewFlow() {
        return new HpccLaw(cfg, nicRateBps);
    }

    @Override
    public double onAck(CongestionWindow w, AckSample a) {
        WindowConfig wc = w.config();
        double seg = wc.segmentBytes();
        if (window == null) {
            window = new ReferenceWindow(cfg.eta(), cfg.maxStage(), cfg.wAiBytes(wInitBytes()),
                    wc.minCwndPackets() * seg, wc.maxCwndPackets() * seg, w.cwnd() * seg);
        }
        if (!estimator.measure(a.intHops())) {
            return w.cwnd();
        }
        if (a.sentEndBytes() < lastUpdateSeq) {
            lastUpdateSeq = 0;  // a new message on the connection (connection_per_destination): offsets restart
        }
        boolean update = a.ackedEndBytes() > lastUpdateSeq;
        if (update) {
            lastUpdateSeq = a.sentEndBytes();
        }
        double next = window.compute(estimator.utilization(), update) / seg;
        w.recordSignal(0, estimator.utilization());
        w.recordSignal(1, window.referenceBytes() / seg);
        return next;
    }

    /** Sampled per flow (output.agent_state): U, the normalized in-flight bytes of the most loaded hop, and W^c. */
    @Override
    public List<String> signalNames() {
        return SIGNALS;
    }

    @Override
    public double lossDecrease() {
        return 1;
    }

    /** Rate W / T, at most the NIC's line rate: one segment every T / cwnd (cwnd in segments). */
    @Override
    public long pacedSpacingPs(CongestionWindow w) {
        return Math.max((long) Math.ceil(tPs / w.cwnd()), lineRateSpacingPs);
    }
}
