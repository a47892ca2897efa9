package org.cosim.agents.window;

/**
 * One flow's congestion window and the protocol-independent part of Poseidon's
 * Algorithm 1 and Appendix A (Swift has the same skeleton): after every event the
 * window is clamped to [min_cwnd, max_cwnd]; a smaller window than before stamps
 * t_last_decrease; a decrease is allowed once that is more than an RTT ago; below
 * one packet the sender paces one packet per rtt / cwnd. The RTT is the latest
 * fabric RTT sample (the flow's unloaded RTT until the first ACK).
 *
 * <p>retransmit_count counts timeouts in a row: fast recovery resets it (Appendix
 * A) and so does every ACK of new data (as in Swift; Appendix A leaves it open).
 */
public final class CongestionWindow {
    private static final long NEVER = Long.MIN_VALUE / 4;

    private final WindowConfig cfg;
    private final WindowLaw law;
    private double cwnd;
    private long rttPs;
    private long lastDecreasePs = NEVER;
    private int retransmitCount;
    private final double[] signals;  // the law's own, for output.agent_state (WindowLaw#signalNames)

    public CongestionWindow(WindowConfig cfg, WindowLaw law, double initialCwnd, long initialRttPs) {
        this.cfg = cfg;
        this.law = law;
        this.signals = new double[law.signalNames().size()];
        java.util.Arrays.fill(signals, Double.NaN);
        this.cwnd = cfg.clamp(initialCwnd);
        this.rttPs = Math.max(1, initialRttPs);
    }

    public double cwnd() { return cwnd; }
    public long rttPs() { return rttPs; }
    public int retransmitCount() { return retransmitCount; }
    public long lastDecreasePs() { return lastDecreasePs; }
    public WindowConfig config() { return cfg; }

    /** How many signals the law keeps in this window. */
    public int signals() { return signals.length; }

    /** The law's signal {@code i} as it last recorded it; NaN before it did. */
    public double signal(int i) { return signals[i]; }

    /**
     * Records the law's signal {@code i} (its index in {@link WindowLaw#signalNames()}), kept per flow
     * for output.agent_state; a law shared by every flow keeps its per-flow signals here.
     */
    public void recordSignal(int i, double value) { signals[i] = value; }

    /** Algorithm 1 for an ACK of new data. */
    public void onAck(AckSample a) {
        rttPs = Math.max(1, a.rttPs());
        retransmitCount = 0;
        apply(law.onAck(this, a), a.nowPs());
    }

    /** Appendix A, RetransmitTimeout(). */
    public void onRetransmitTimeout(long nowPs) {
        retransmitCount++;
        if (retransmitCount >= cfg.retxResetThreshold()) {
            apply(cfg.minCwndPackets(), nowPs);
        } else if (canDecrease(nowPs)) {
            apply(cwnd * law.lossDecrease(), nowPs);
        }
    }

    /** Appendix A, FastRecovery(). */
    public void onFastRecovery(long nowPs) {
        retransmitCount = 0;
        if (canDecrease(nowPs)) {
            apply(cwnd * law.lossDecrease(), nowPs);
        }
    }

    /** now - t_last_decrease > rtt: the once-per-RTT gate on decreases. */
    public boolean canDecrease(long nowPs) {
        return nowPs - lastDecreasePs > rttPs;
    }

    /** Whether the law reads this ACK as congestion (before it updates the window): {@link WindowLaw#congested}. */
    public boolean congested(AckSample a) {
        return law.congested(this, a);
    }

    /** The law's spacing when it always paces (HPCC), else 0: {@link WindowLaw#pacedSpacingPs}. */
    public long pacedSpacingPs() {
        return law.pacedSpacingPs(this);
    }

    /** Below one packet the window cannot clock packets out: pace them instead. */
    public boolean pacing() {
        return cwnd < 1;
    }

    /** The packets the window keeps out by ACK clock: floor(cwnd). */
    public int wholePackets() {
        return (int) cwnd;
    }

    /** cwnd - floor(cwnd). */
    public double fraction() {
        return cwnd - (int) cwnd;
    }

    /** Algorithm 1's pacing_delay = rtt / cwnd, rounded up to a picosecond. */
    public long pacingDelayPs() {
        return (long) Math.ceil(rttPs / cwnd);
    }

    /** With pace_fraction: the spacing of the packets beyond the whole ones, rtt / fraction. */
    public long fractionDelayPs() {
        return (long) Math.ceil(rttPs / fraction());
    }

    /** Lines 18-20: clamp, and stamp a decrease. */
    private void apply(double next, long nowPs) {
        if (Double.isNaN(next)) {
            throw new IllegalStateException("window law produced NaN from cwnd " + cwnd + ", rtt " + rttPs + " ps");
        }
        double prev = cwnd;
        cwnd = cfg.clamp(next);
        if (cwnd < prev) {
            lastDecreasePs = nowPs;
        }
    }
}
