package org.cosim.agents.sender;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.cosim.agents.api.ActionBatch;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * The pacing engine (TIMELY section 4.3) under the window rule: a segment is handed to
 * the NIC at its send time last_send + bytes*8/rate, but never earlier than now + L;
 * a send time at or beyond now + 2L gets a wake-up at send time - L instead, where
 * the rate is re-checked (lazily).
 */
class PacingEngineTest {
    private static final int HOST = 3;
    private static final int FLOW = 7;
    private static final long L = 1_000_000L;  // 1 us
    private static final int SEG = 16384;

    private ActionBatch out;

    @BeforeEach
    void setUp() {
        out = new ActionBatch();
        out.reset(0);
    }

    private void assertSend(int i, long time, long seq, int bytes) {
        assertEquals(ActionBatch.SEND_SEGMENT, out.kind(i), "action " + i + " kind");
        assertEquals(time, out.time(i), "action " + i + " time");
        assertEquals(HOST, out.host(i), "action " + i + " host");
        assertEquals(FLOW, out.flow(i), "action " + i + " flow");
        assertEquals(seq, out.seq(i), "action " + i + " seq");
        assertEquals(bytes, out.bytes(i), "action " + i + " bytes");
        assertEquals(0, out.path(i), "action " + i + " path (0 = ECMP)");
    }

    private void assertTimer(int i, long time) {
        assertEquals(ActionBatch.SET_TIMER, out.kind(i), "action " + i + " kind");
        assertEquals(time, out.time(i), "action " + i + " time");
        assertEquals(HOST, out.host(i), "action " + i + " host");
        assertEquals(FLOW, out.timerId(i), "action " + i + " timer id (= the flow)");
    }

    // ------------------------------------------------------------ gapPs

    @Test
    void gapOfSixteenKilobytesAtFiveHundredMegabitIsExact() {
        // 16384 B * 8 bit / 5e8 bit/s = 262.144 us = 262,144,000 ps
        assertEquals(262_144_000L, PacingEngine.gapPs(16384, 500e6));
    }

    @Test
    void gapAtLineRate() {
        // 16384 * 8 / 1e10 s = 13,107,200 ps
        assertEquals(13_107_200L, PacingEngine.gapPs(16384, 10e9));
    }

    @Test
    void gapIsRoundedUpToAPicosecond() {
        // 1 B at 3 Gb/s = 8e12/3e9 = 2666.67 ps -> 2667
        assertEquals(2_667L, PacingEngine.gapPs(1, 3e9));
        // 16384 B at 3 Gb/s = 131,072,000,000/3 = 43,690,666.67 ps -> 43,690,667
        assertEquals(43_690_667L, PacingEngine.gapPs(16384, 3e9));
    }

    // ------------------------------------------------------------ first segment, wake-ups

    @Test
    void arrivingFlowSendsItsFirstSegmentAtArrivalPlusL() {
        PacingEngine pe = new PacingEngine(HOST, L, SEG, 4);
        SenderFlow f = new SenderFlow(FLOW, 0, new TestRate(500e6));
        pe.pump(f, 5_000_000L, out);

        // First segment: now + L = 6,000,000.
        // Second: due 6,000,000 + 262,144,000 = 268,144,000 >= now + 2L, so a wake-up at due - L.
        assertEquals(2, out.size());
        assertSend(0, 6_000_000L, 0, SEG);
        assertTimer(1, 267_144_000L);
        assertEquals(1, f.outstanding);
        assertTrue(f.wakeupPending);
    }

    @Test
    void segmentDueExactlyAtNowPlusTwoLGetsAWakeUp() {
        // 8 Gb/s is 1000 ps per byte, so 1000-byte segments are spaced exactly L apart:
        // first at 0 + L, next due at 2L = now + 2L -> timer at 2L - L = L.
        PacingEngine pe = new PacingEngine(HOST, L, 1000, 4);
        pe.pump(new SenderFlow(FLOW, 0, new TestRate(8e9)), 0L, out);
        assertEquals(2, out.size());
        assertSend(0, 1_000_000L, 0, 1000);
        assertTimer(1, 1_000_000L);
    }

    @Test
    void segmentDueBeforeNowPlusTwoLIsCommittedForItsSendTime() {
        // 999-byte segments at 8 Gb/s are spaced 999,000 ps: the 2nd is due at 1,999,000 < 2L
        // and is committed for that time; the 3rd is due at 2,998,000 -> wake-up at 1,998,000.
        PacingEngine pe = new PacingEngine(HOST, L, 999, 4);
        pe.pump(new SenderFlow(FLOW, 0, new TestRate(8e9)), 0L, out);
        assertEquals(3, out.size());
        assertSend(0, 1_000_000L, 0, 999);
        assertSend(1, 1_999_000L, 999, 999);
        assertTimer(2, 1_998_000L);
    }

    @Test
    void wakeWithUnchangedRateCommitsAtTheOriginalDueTime() {
        PacingEngine pe = new PacingEngine(HOST, L, SEG, 4);
        SenderFlow f = new SenderFlow(FLOW, 0, new TestRate(500e6));
        pe.pump(f, 5_000_000L, out);            // send at 6,000,000; timer at 267,144,000

        out.reset(267_000_000L);
        pe.wake(f, 267_144_000L, out);
        // due = 6,000,000 + 262,144,000 = 268,144,000 = now + L: committed;
        // next due 530,288,000 -> wake-up at 529,288,000.
        assertEquals(2, out.size());
        assertSend(0, 268_144_000L, SEG, SEG);
        assertTimer(1, 529_288_000L);
    }

    @Test
    void wakeAfterARateDropPushesTheSegmentBack() {
        TestRate rate = new TestRate(500e6);
        PacingEngine pe = new PacingEngine(HOST, L, SEG, 4);
        SenderFlow f = new SenderFlow(FLOW, 0, rate);
        pe.pump(f, 5_000_000L, out);            // send at 6,000,000; timer at 267,144,000

        rate.rateBps = 250e6;                   // gap doubles to 524,288,000
        out.reset(267_000_000L);
        pe.wake(f, 267_144_000L, out);
        // new due = 6,000,000 + 524,288,000 = 530,288,000 >= now + 2L: no send, wake again at due - L.
        assertEquals(1, out.size());
        assertTimer(0, 529_288_000L);
        assertEquals(1, f.outstanding);

        out.reset(529_000_000L);
        pe.wake(f, 529_288_000L, out);          // rate unchanged since: committed at the new due
        assertSend(0, 530_288_000L, SEG, SEG);
    }

    @Test
    void wakeAfterARateRiseStillCommitsAtTheOriginalDueTime() {
        TestRate rate = new TestRate(500e6);
        PacingEngine pe = new PacingEngine(HOST, L, SEG, 4);
        SenderFlow f = new SenderFlow(FLOW, 0, rate);
        pe.pump(f, 5_000_000L, out);

        rate.rateBps = 1e9;                     // gap halves to 131,072,000
        out.reset(267_000_000L);
        pe.wake(f, 267_144_000L, out);
        // recomputed due 137,072,000 lies in the past; the earliest possible is now + L = 268,144,000,
        // the original due. The next gap uses the new rate: 268,144,000 + 131,072,000 - L.
        assertEquals(2, out.size());
        assertSend(0, 268_144_000L, SEG, SEG);
        assertTimer(1, 398_216_000L);
    }

    @Test
    void pumpDoesNothingWhileAWakeUpIsPending() {
        PacingEngine pe = new PacingEngine(HOST, L, SEG, 4);
        SenderFlow f = new SenderFlow(FLOW, 0, new TestRate(500e6));
        pe.pump(f, 5_000_000L, out);
        out.reset(10_000_000L);
        pe.pump(f, 10_000_000L, out);           // e.g. a completion: the pending wake-up decides
        assertEquals(0, out.size());
        assertTrue(f.wakeupPending);
    }

    // ------------------------------------------------------------ outstanding cap

    @Test
    void outstandingCapStopsSendingAndAReleaseResumesIt() {
        // 100-byte segments at 8 Gb/s are 100,000 ps apart, all due within L: only the cap stops them.
        PacingEngine pe = new PacingEngine(HOST, L, 100, 3);
        SenderFlow f = new SenderFlow(FLOW, 0, new TestRate(8e9));
        pe.pump(f, 0L, out);
        assertEquals(3, out.size());
        assertSend(0, 1_000_000L, 0, 100);
        assertSend(1, 1_100_000L, 100, 100);
        assertSend(2, 1_200_000L, 200, 100);
        assertFalse(f.wakeupPending);           // no timer: the cap, not the pacing, blocks

        f.outstanding--;                        // one segment completed at 1,500,000
        out.reset(1_000_000L);
        pe.pump(f, 1_500_000L, out);
        // due = max(1,200,000 + 100,000, 1,500,000 + L) = 2,500,000; then the cap is full again.
        assertEquals(1, out.size());
        assertSend(0, 2_500_000L, 300, 100);
        assertEquals(3, f.outstanding);
    }

    // ------------------------------------------------------------ fixed-size flows

    @Test
    void fixedSizeFlowSendsExactlyItsBytesWithAShorterLastSegment() {
        // 2500 B in 1000-B segments at 80 Gb/s (100,000 ps apart): 1000 + 1000 + 500, then nothing.
        PacingEngine pe = new PacingEngine(HOST, L, 1000, 4);
        SenderFlow f = new SenderFlow(FLOW, 2500, new TestRate(80e9));
        pe.pump(f, 0L, out);
        assertEquals(3, out.size());
        assertSend(0, 1_000_000L, 0, 1000);
        assertSend(1, 1_100_000L, 1000, 1000);
        assertSend(2, 1_200_000L, 2000, 500);
        assertFalse(f.hasUnsentData());
        assertFalse(f.wakeupPending);
    }

    @Test
    void sizeZeroMeansLongLived() {
        SenderFlow f = new SenderFlow(FLOW, 0, new TestRate(1e9));
        assertEquals(Long.MAX_VALUE, f.sizeBytes);
        assertTrue(f.hasUnsentData());
    }

    // ------------------------------------------------------------ NIC pacing (Fig 16)

    @Test
    void nicPacingHandsASegmentOverInMtuPiecesAtThePacingRate() {
        // 4000-byte segments, 1500-byte pieces at 1 Gb/s: 12 us per full piece, 8 us for the last 1000 bytes.
        PacingEngine pe = new PacingEngine(HOST, L, 4000, 4, NicPacing.of(1e9, 1500));
        SenderFlow f = new SenderFlow(FLOW, 8000, new TestRate(10e9));
        pe.pump(f, 0, out);
        assertSend(0, L, 0, 1500);
        assertSend(1, L + 12_000_000L, 1500, 1500);
        assertSend(2, L + 24_000_000L, 3000, 1000);
        // Segment 1 is due 3.2 us (4000 B at 10 Gb/s) after segment 0: woken L before.
        assertTimer(3, 3_200_000L);
        out.reset(0);
        pe.wake(f, 3_200_000L, out);
        // The pacer is busy with segment 0 until L + 32 us: segment 1's pieces follow on.
        assertSend(0, L + 32_000_000L, 4000, 1500);
        assertSend(1, L + 44_000_000L, 5500, 1500);
        assertSend(2, L + 56_000_000L, 7000, 1000);
        assertEquals(2, f.outstanding, "segments, not pieces");
        assertFalse(pe.completesSegment(f, 0, 1500));
        assertFalse(pe.completesSegment(f, 1500, 1500));
        assertTrue(pe.completesSegment(f, 3000, 1000), "the last piece of segment 0");
        assertTrue(pe.completesSegment(f, 7000, 1000), "the flow's last piece");
    }

    @Test
    void withoutNicPacingEveryCompletionIsASegment() {
        PacingEngine pe = new PacingEngine(HOST, L, 4000, 4);
        SenderFlow f = new SenderFlow(FLOW, 8000, new TestRate(10e9));
        pe.pump(f, 0, out);
        assertSend(0, L, 0, 4000);
        assertTrue(pe.completesSegment(f, 0, 4000));
    }
}
