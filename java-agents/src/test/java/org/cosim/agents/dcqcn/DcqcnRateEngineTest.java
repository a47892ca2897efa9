package org.cosim.agents.dcqcn;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.function.Consumer;
import org.cosim.agents.dcqcn.DcqcnRateEngine.Increase;
import org.cosim.proto.Dcqcn;
import org.junit.jupiter.api.Test;

/** DCQCN's reaction point, every branch against numbers computed by hand (10 Gb/s line rate). */
class DcqcnRateEngineTest {
    private static final double LINE = 10e9;
    private static final long US = 1_000_000L;
    private static final double EPS = 1e-3;  // b/s: exact arithmetic up to rounding

    private static DcqcnRateEngine engine(Consumer<Dcqcn.Builder> tweak) {
        Dcqcn.Builder b = Dcqcn.newBuilder();
        tweak.accept(b);
        DcqcnRateEngine e = new DcqcnRateEngine(DcqcnConfig.from(b.build()), LINE);
        e.advanceTo(0);  // the flow's arrival starts the clocks
        return e;
    }

    @Test
    void startsAtLineRateWithAlphaOne() {
        DcqcnRateEngine e = engine(b -> {});
        assertEquals(LINE, e.rateBps());
        assertEquals(LINE, e.targetRateBps());
        assertEquals(1.0, e.alpha());
    }

    @Test
    void cnpCutsWithTheOldAlphaThenRaisesAlpha() {
        DcqcnRateEngine e = engine(b -> b.setInitialAlpha(0.5));
        e.onAck(10 * US, 9000, true);
        assertEquals(1, e.cnps());
        assertEquals(LINE, e.targetRateBps());             // Rt = Rc before the cut
        assertEquals(7.5e9, e.rateBps(), EPS);            // 10 G (1 - 0.5 / 2)
        assertEquals(0.5 * 255 / 256 + 1.0 / 256, e.alpha());  // 0.501953125
        assertEquals(java.util.List.of(10.0, e.alpha()), java.util.List.of(e.signal(0), e.signal(1)),
                "agent_state's target_rate_gbps and alpha");
        assertEquals(0, e.timerStage());
        assertEquals(0, e.byteStage());
    }

    @Test
    void unmarkedAckIsNoCnp() {
        DcqcnRateEngine e = engine(b -> {});
        e.onAck(10 * US, 9000, false);
        assertEquals(0, e.cnps());
        assertEquals(LINE, e.rateBps());
    }

    @Test
    void alphaDecaysOncePerPeriodWithoutCnpAndTimerRecoversFast() {
        DcqcnRateEngine e = engine(b -> b.setInitialAlpha(0.5));
        e.onAck(10 * US, 0, true);                          // CNP at 10 us: alpha 0.501953125, Rc 7.5 G
        double a0 = e.alpha();
        e.advanceTo(119 * US);                              // one period of each ended (at 65 us), not two
        assertEquals(a0 * 255 / 256, e.alpha());
        assertEquals(8.75e9, e.rateBps(), EPS);            // fast recovery: (10 + 7.5) / 2
        assertEquals(Increase.FAST_RECOVERY, e.lastIncrease());
        assertEquals(1, e.timerStage());
        e.advanceTo(120 * US);                              // the second ends exactly at 10 + 110 us
        assertEquals(a0 * 255 / 256 * 255 / 256, e.alpha());
        assertEquals(9.375e9, e.rateBps(), EPS);
        assertEquals(LINE, e.targetRateBps());              // fast recovery leaves the target alone
    }

    @Test
    void fastRecoveryThenAdditiveThenHyperFromTimerAndByteCounter() {
        // F = 2, byte counter 100 kB, start at 4 Gb/s; alpha 1: the CNP at 0 halves to 2 G, target 4 G.
        DcqcnRateEngine e = engine(b -> b.setFastRecoveryStages(2).setByteCounterBytes(100_000)
                .setInitialRateGbps(4));
        e.onAck(0, 0, true);
        assertEquals(2e9, e.rateBps(), EPS);
        assertEquals(4e9, e.targetRateBps(), EPS);
        e.advanceTo(55 * US);                               // timer 1 (T 0, BC 0): fast recovery
        assertEquals(3e9, e.rateBps(), EPS);
        e.advanceTo(110 * US);                              // timer 2 (T 1): fast recovery
        assertEquals(3.5e9, e.rateBps(), EPS);
        assertEquals(Increase.FAST_RECOVERY, e.lastIncrease());
        e.advanceTo(165 * US);                              // timer 3 (T 2 >= F, BC 0 < F): additive
        assertEquals(Increase.ADDITIVE, e.lastIncrease());
        assertEquals(4.04e9, e.targetRateBps(), EPS);
        assertEquals(3.77e9, e.rateBps(), EPS);
        e.onAck(170 * US, 200_000, false);                  // two byte events (BC 0, 1; T 3): additive twice
        assertEquals(4.12e9, e.targetRateBps(), EPS);
        assertEquals(4.0225e9, e.rateBps(), EPS);          // (4.08 + 3.77) / 2 = 3.925, (4.12 + 3.925) / 2
        assertEquals(2, e.byteStage());
        e.onAck(171 * US, 100_000, false);                  // byte event with T 3, BC 2: hyper, i = 2 - 2 + 1
        assertEquals(Increase.HYPER, e.lastIncrease());
        assertEquals(4.32e9, e.targetRateBps(), EPS);
        assertEquals(4.17125e9, e.rateBps(), EPS);
        e.advanceTo(220 * US);                              // timer 4 (T 3, BC 3): hyper, i = 3 - 2 + 1 = 2
        assertEquals(4.72e9, e.targetRateBps(), EPS);
        assertEquals(4.445625e9, e.rateBps(), EPS);
        assertEquals(4, e.timerStage());
        assertEquals(3, e.byteStage());
    }

    @Test
    void byteCounterKeepsTheRemainderAndCnpResetsIt() {
        DcqcnRateEngine e = engine(b -> b.setByteCounterBytes(100_000).setInitialRateGbps(4));
        e.onAck(0, 0, true);                                // Rc 2 G, Rt 4 G
        e.onAck(1 * US, 60_000, false);
        assertEquals(0, e.byteStage());
        e.onAck(2 * US, 60_000, false);                     // 120 kB: one event, 20 kB kept
        assertEquals(1, e.byteStage());
        assertEquals(3e9, e.rateBps(), EPS);
        e.onAck(3 * US, 80_000, false);                     // 20 + 80 kB: the second event
        assertEquals(2, e.byteStage());
        assertEquals(3.5e9, e.rateBps(), EPS);
        e.onAck(60 * US, 90_000, true);                     // 90 kB counted, then a CNP resets the counter
        assertEquals(0, e.byteStage());
        e.onAck(61 * US, 90_000, false);                    // 90 kB since the CNP: no event yet
        assertEquals(0, e.byteStage());
        e.onAck(62 * US, 10_000, false);
        assertEquals(1, e.byteStage());
    }

    @Test
    void cnpIntervalSuppressesMarksWithinFiftyMicroseconds() {
        DcqcnRateEngine e = engine(b -> {});
        e.onAck(0, 9000, true);
        e.onAck(50 * US - 1, 9000, true);                   // 1 ps too early
        assertEquals(1, e.cnps());
        assertEquals(5e9, e.rateBps(), EPS);
        e.onAck(50 * US, 9000, true);                       // exactly 50 us later: a CNP
        assertEquals(2, e.cnps());
        assertEquals(2.5e9, e.rateBps(), EPS);             // alpha stayed 1: (1 - 1/256) + 1/256
    }

    @Test
    void zeroCnpIntervalMakesEveryMarkACnp() {
        DcqcnRateEngine e = engine(b -> b.setCnpIntervalUs(0));
        e.onAck(0, 9000, true);
        e.onAck(0, 9000, true);
        assertEquals(2, e.cnps());
        assertEquals(2.5e9, e.rateBps(), EPS);
    }

    @Test
    void rateNeverBelowTheFloorNorAboveLineRate() {
        DcqcnRateEngine e = engine(b -> b.setMinRateMbps(100));
        for (int i = 0; i < 20; i++) {                      // 10 G / 2^20 is far below 100 Mb/s
            e.onAck(i * 50 * US, 9000, true);
        }
        assertEquals(100e6, e.rateBps());
        DcqcnRateEngine up = engine(b -> {});
        up.advanceTo(100_000 * US);                          // 1818 timer events, hyper from the sixth
        assertEquals(LINE, up.rateBps());
        assertEquals(LINE, up.targetRateBps());
        assertEquals(Increase.ADDITIVE, up.lastIncrease());  // the byte counter never fired: BC 0 < F
        assertEquals(1818, up.timerStage());
    }

    @Test
    void lazyTimersGiveTheSameStateWhateverTheSteps() {
        DcqcnRateEngine once = engine(b -> b.setInitialAlpha(0.3));
        DcqcnRateEngine steps = engine(b -> b.setInitialAlpha(0.3));
        once.onAck(0, 0, true);
        steps.onAck(0, 0, true);
        once.advanceTo(2000 * US);
        for (long t = 7 * US; t <= 2000 * US; t += 7 * US) {
            steps.advanceTo(t);
        }
        steps.advanceTo(2000 * US);
        assertEquals(once.rateBps(), steps.rateBps());
        assertEquals(once.targetRateBps(), steps.targetRateBps());
        assertEquals(once.alpha(), steps.alpha());
        assertEquals(once.timerStage(), steps.timerStage());
        steps.advanceTo(1000 * US);                         // time going back changes nothing
        assertEquals(once.rateBps(), steps.rateBps());
    }

    /**
     * A rate looked at again after a long gap (a fabric that jumps ahead in time) or an
     * ACK of a great many bytes: every period and byte-counter event of it applies, yet
     * once they change nothing but their count they cost nothing more.
     */
    @Test
    void aLongGapOrAHugeAckCostsNoMoreThanAShortOne() {
        DcqcnRateEngine e = engine(b -> b.setByteCounterBytes(1));
        e.onCnp(10 * US);
        org.junit.jupiter.api.Assertions.assertTimeoutPreemptively(java.time.Duration.ofSeconds(10), () -> {
            e.advanceTo(1_000_000_000_000_000_000L);  // 11.5 days: 1.8e10 timer and alpha periods
            e.onAck(1_000_000_000_000_000_001L, Integer.MAX_VALUE, false);  // 2^31 - 1 byte-counter events
        });
        assertEquals(LINE, e.rateBps());
        assertEquals(LINE, e.targetRateBps());
        assertTrue(e.alpha() < 1e-320, "alpha decayed as far as doubles go: " + e.alpha());
        assertEquals(Integer.MAX_VALUE, e.timerStage());
        assertEquals(Integer.MAX_VALUE, e.byteStage());
        assertEquals(Increase.HYPER, e.lastIncrease());
    }

    /** Skipping the events that change nothing is exact: one jump ends where period-by-period steps end. */
    @Test
    void aJumpEndsExactlyWhereStepByStepEnds() {
        Consumer<Dcqcn.Builder> tweak = b -> b.setAiMbps(7).setHaiMbps(31).setByteCounterBytes(20_000);
        DcqcnRateEngine steps = engine(tweak);
        DcqcnRateEngine jump = engine(tweak);
        for (DcqcnRateEngine e : java.util.List.of(steps, jump)) {
            e.onCnp(0);
            e.onCnp(60 * US);
            e.onAck(61 * US, 200_000, false);  // 10 byte-counter events: past fast recovery on both counters
        }
        long end = 61 * US + 400_000 * 55 * US;
        for (long t = 61 * US; t <= end; t += 55 * US) {
            steps.advanceTo(t);
        }
        jump.advanceTo(end);
        for (DcqcnRateEngine e : java.util.List.of(steps, jump)) {
            e.onAck(end, 1_000_000_000, false);
        }
        assertEquals(steps.rateBps(), jump.rateBps());
        assertEquals(steps.targetRateBps(), jump.targetRateBps());
        assertEquals(steps.alpha(), jump.alpha());
        assertEquals(steps.timerStage(), jump.timerStage());
        assertEquals(steps.byteStage(), jump.byteStage());
        assertEquals(steps.lastIncrease(), jump.lastIncrease());
    }
}
