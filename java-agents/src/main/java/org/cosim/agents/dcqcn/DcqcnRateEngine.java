package org.cosim.agents.dcqcn;

import java.util.List;
import org.cosim.agents.sender.RateControl;

/**
 * DCQCN's reaction point for one flow (SIGCOMM'15 §3.1-3.2): the current rate
 * Rc, the target rate Rt, alpha, and the two rate-increase sources.
 *
 * <ul>
 * <li>CNP: Rt = Rc, Rc = Rc (1 - alpha / 2) with the alpha before the update,
 *     then alpha = (1 - g) alpha + g; the increase timer, the byte counter, both
 *     stage counts and the alpha period restart.</li>
 * <li>Alpha period without a CNP: alpha = (1 - g) alpha.</li>
 * <li>Rate increase event, from the timer (every timer period since the last
 *     CNP) or the byte counter (every byte_counter bytes): with T and BC the
 *     events of each kind already taken since the last CNP, fast recovery
 *     Rc = (Rt + Rc) / 2 while T < F and BC < F (so the first F events of each
 *     kind recover); additive increase Rt += R_AI when one of them is >= F;
 *     hyper increase Rt += i R_HAI with i = min(T, BC) - F + 1 when both are;
 *     the last two then also set Rc = (Rt + Rc) / 2.</li>
 * <li>Rt and Rc stay within [min rate, line rate].</li>
 * </ul>
 *
 * <p>The timers are evaluated lazily, not as timer events: DCQCN's timers are a
 * function of time and of the last CNP only, so whenever the sender looks at the
 * rate (a flow's start, every completion, every pacer wake-up) {@link #advanceTo}
 * first applies, in time order, every timer and alpha period that has ended by
 * then. The state seen at any of those moments is the one exact timers would
 * have produced; what differs is only when a pacer sees an increase: at its next
 * wake-up rather than at the timer's instant (a rate raised between two segments
 * shortens the gap after the next one). This costs no timer events, and the
 * window rule holds trivially (no action is taken on a timer).
 *
 * <p>The notification point (the receiving NIC's CNP generator) is modelled
 * here: an ACK that echoes a CE mark is a CNP unless one was taken for this flow
 * less than cnp_interval ago ({@link #onAck}). The hardware ACK already brings
 * the mark back, as the CNP would, one reverse path later; the CNP's own
 * queueing (it travels at control priority in RoCE NICs) is not modelled.
 */
public final class DcqcnRateEngine implements RateControl {
    /** What the last rate increase event was. */
    public enum Increase { NONE, FAST_RECOVERY, ADDITIVE, HYPER }

    /** Sampled per flow (output.agent_state): Rt and alpha, as of the flow's latest event. */
    public static final List<String> SIGNALS = List.of("target_rate_gbps", "alpha");
    private static final long NEVER = Long.MIN_VALUE;

    private final DcqcnConfig cfg;
    private final double lineRateBps;
    private double rc;
    private double rt;
    private double alpha;
    private int timerStage;
    private int byteStage;
    private long bytesSinceEvent;
    private boolean started;
    private long timerEpochPs;      // the current run of increase-timer periods began here (start or last CNP)
    private long timerPeriodsDone;  // periods of that run already applied
    private long alphaEpochPs;
    private long alphaPeriodsDone;
    private long lastCnpPs = NEVER;
    private long cnps;
    private Increase lastIncrease = Increase.NONE;

    public DcqcnRateEngine(DcqcnConfig cfg, double lineRateBps) {
        this.cfg = cfg;
        this.lineRateBps = lineRateBps;
        this.rc = clamp(cfg.startRateBps(lineRateBps));
        this.rt = rc;
        this.alpha = cfg.initialAlpha();
    }

    @Override
    public double rateBps() {
        return rc;
    }

    /** DCQCN does not use RTT samples. */
    @Override
    public void onRttSample(long rttPs) {}

    /**
     * Applies every increase-timer and alpha period that ended by {@code nowPs}.
     * The first call starts the clocks (the flow's arrival). Time never goes back:
     * an earlier {@code nowPs} changes nothing.
     */
    @Override
    public void advanceTo(long nowPs) {
        if (!started) {
            started = true;
            timerEpochPs = nowPs;
            alphaEpochPs = nowPs;
            return;
        }
        long timerPeriods = nowPs < timerEpochPs ? 0 : (nowPs - timerEpochPs) / cfg.rateIncreaseTimerPs();
        if (timerPeriodsDone < timerPeriods) {
            increases(timerPeriods - timerPeriodsDone, true);
            timerPeriodsDone = timerPeriods;
        }
        long alphaPeriods = nowPs < alphaEpochPs ? 0 : (nowPs - alphaEpochPs) / cfg.alphaUpdatePs();
        while (alphaPeriodsDone < alphaPeriods) {
            alphaPeriodsDone++;
            double before = alpha;
            alpha *= 1 - cfg.g();
            if (alpha == before) {
                alphaPeriodsDone = alphaPeriods;  // 0 (or a g too small to move it): so are the rest
            }
        }
    }

    /**
     * A completion at {@code nowPs} of {@code bytes}, its ACK echoing a CE mark or
     * not. The bytes were sent before the ACK came back, so they feed the byte
     * counter before a CNP this ACK may carry resets it.
     */
    @Override
    public void onAck(long nowPs, int bytes, boolean ecnEcho) {
        advanceTo(nowPs);
        bytesSinceEvent += bytes;
        if (bytesSinceEvent >= cfg.byteCounterBytes()) {
            long n = bytesSinceEvent / cfg.byteCounterBytes();
            bytesSinceEvent -= n * cfg.byteCounterBytes();
            increases(n, false);
        }
        if (ecnEcho && (lastCnpPs == NEVER || nowPs - lastCnpPs >= cfg.cnpIntervalPs())) {
            onCnp(nowPs);
        }
    }

    /** The reaction to a CNP at {@code nowPs}. */
    void onCnp(long nowPs) {
        lastCnpPs = nowPs;
        cnps++;
        rt = rc;
        rc = clamp(rc * (1 - alpha / 2));
        alpha = (1 - cfg.g()) * alpha + cfg.g();
        timerStage = 0;
        byteStage = 0;
        bytesSinceEvent = 0;
        timerEpochPs = nowPs;
        timerPeriodsDone = 0;
        alphaEpochPs = nowPs;
        alphaPeriodsDone = 0;
    }

    /**
     * {@code n} rate increase events of one kind in a row (a long gap between two looks
     * at the rate, or a large ACK). Once one changes neither rate and the next ones take
     * the same branch with the same step, those change nothing but their stage count: it
     * is added at once, so a gap of any length costs a bounded number of steps.
     */
    private void increases(long n, boolean fromTimer) {
        int f = cfg.fastRecoveryStages();
        for (; n > 0; n--) {
            int mine = fromTimer ? timerStage : byteStage;
            int other = fromTimer ? byteStage : timerStage;
            double rcBefore = rc;
            double rtBefore = rt;
            increase(fromTimer);
            // Past fast recovery, the step is R_AI (other < f), i R_HAI with i = min(...) fixed (mine >= other),
            // or anything at all when Rt is at line rate already.
            boolean sameStep = mine >= f && (other < f || mine >= other || rt == lineRateBps);
            if (sameStep && rc == rcBefore && rt == rtBefore) {
                int stage = (int) Math.min(Integer.MAX_VALUE, mine + n);
                if (fromTimer) {
                    timerStage = stage;
                } else {
                    byteStage = stage;
                }
                return;
            }
        }
    }

    /** One rate increase event, from the timer or from the byte counter. */
    private void increase(boolean fromTimer) {
        int f = cfg.fastRecoveryStages();
        int t = timerStage;
        int b = byteStage;
        if (fromTimer) {
            timerStage = t == Integer.MAX_VALUE ? t : t + 1;
        } else {
            byteStage = b == Integer.MAX_VALUE ? b : b + 1;
        }
        if (t < f && b < f) {
            lastIncrease = Increase.FAST_RECOVERY;
        } else if (t < f || b < f) {
            rt = clamp(rt + cfg.aiBps());
            lastIncrease = Increase.ADDITIVE;
        } else {
            rt = clamp(rt + (Math.min(t, b) - f + 1) * cfg.haiBps());
            lastIncrease = Increase.HYPER;
        }
        rc = clamp((rt + rc) / 2);
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
        return i == 0 ? rt / 1e9 : alpha;
    }

    public double targetRateBps() {
        return rt;
    }

    public double alpha() {
        return alpha;
    }

    public int timerStage() {
        return timerStage;
    }

    public int byteStage() {
        return byteStage;
    }

    public long cnps() {
        return cnps;
    }

    public Increase lastIncrease() {
        return lastIncrease;
    }
}
