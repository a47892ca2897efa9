package org.cosim.agents.sender;

import static org.cosim.agents.api.TestEvents.arrival;
import static org.cosim.agents.api.TestEvents.completion;
import static org.cosim.agents.api.TestEvents.timer;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import org.cosim.agents.api.ActionBatch;
import org.cosim.agents.api.AgentContext;
import org.cosim.agents.api.HostInfo;
import org.cosim.proto.Protocol;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/** The shared sender agent, driven through its {@link org.cosim.agents.api.Agent} methods. */
class SegmentSenderTest {
    private static final int HOST = 2;
    private static final int DST = 0;
    private static final long L = 1_000_000L;          // 1 us
    private static final long NIC_RATE = 10_000_000_000L;  // 10 Gb/s
    private static final AgentContext CTX = new AgentContext(L, 20_000_000L, 1L, Protocol.getDefaultInstance());

    private ActionBatch out;
    /** The rate controls handed out, in flow-arrival order, and the active count each was made with. */
    private final List<TestRate> rates = new ArrayList<>();
    private final List<Integer> activeAtCreation = new ArrayList<>();
    private double nextRate;

    @BeforeEach
    void setUp() {
        out = new ActionBatch();
        out.reset(0);
    }

    private SegmentSender sender(int segmentBytes, int maxOutstanding, double rateBps) {
        nextRate = rateBps;
        return new SegmentSender(new HostInfo(HOST, NIC_RATE), CTX, segmentBytes, maxOutstanding, active -> {
            activeAtCreation.add(active);
            TestRate r = new TestRate(nextRate);
            rates.add(r);
            return r;
        }, java.util.List.of());
    }

    private void assertSend(int i, long time, int flow, long seq, int bytes) {
        assertEquals(ActionBatch.SEND_SEGMENT, out.kind(i), "action " + i + " kind");
        assertEquals(time, out.time(i), "action " + i + " time");
        assertEquals(HOST, out.host(i), "action " + i + " host");
        assertEquals(flow, out.flow(i), "action " + i + " flow");
        assertEquals(seq, out.seq(i), "action " + i + " seq");
        assertEquals(bytes, out.bytes(i), "action " + i + " bytes");
    }

    private void assertTimer(int i, long time, long id) {
        assertEquals(ActionBatch.SET_TIMER, out.kind(i), "action " + i + " kind");
        assertEquals(time, out.time(i), "action " + i + " time");
        assertEquals(HOST, out.host(i), "action " + i + " host");
        assertEquals(id, out.timerId(i), "action " + i + " timer id");
    }

    @Test
    void flowArrivalSendsFirstSegmentAtArrivalPlusLAndSetsAWakeUp() {
        SegmentSender s = sender(16384, 4, 500e6);
        s.onFlowArrival(arrival(5_000_000L, HOST, 9, DST, 0), out);
        // 5,000,000 + L; next due 6,000,000 + 262,144,000 (16 KB at 500 Mb/s) -> timer at due - L.
        assertEquals(2, out.size());
        assertSend(0, 6_000_000L, 9, 0, 16384);
        assertTimer(1, 267_144_000L, 9);
        assertEquals(1, s.activeFlows());
        assertEquals(500e6, s.rateBps(9));
    }

    @Test
    void timerEventCommitsTheNextSegmentAtItsDueTime() {
        SegmentSender s = sender(16384, 4, 500e6);
        s.onFlowArrival(arrival(5_000_000L, HOST, 9, DST, 0), out);
        out.reset(267_000_000L);
        s.onTimer(timer(267_144_000L, HOST, 9), out);
        assertEquals(2, out.size());
        assertSend(0, 268_144_000L, 9, 16384, 16384);
        assertTimer(1, 529_288_000L, 9);
    }

    @Test
    void timerEventChecksTheRateAgainLazily() {
        SegmentSender s = sender(16384, 4, 500e6);
        s.onFlowArrival(arrival(5_000_000L, HOST, 9, DST, 0), out);
        rates.get(0).rateBps = 250e6;           // drops before the wake-up
        out.reset(267_000_000L);
        s.onTimer(timer(267_144_000L, HOST, 9), out);
        // 6,000,000 + 524,288,000 - L: wait again, nothing sent.
        assertEquals(1, out.size());
        assertTimer(0, 529_288_000L, 9);
    }

    @Test
    void timerForAnUnknownFlowIsIgnored() {
        SegmentSender s = sender(16384, 4, 500e6);
        s.onTimer(timer(1_000_000L, HOST, 42), out);
        assertEquals(0, out.size());
    }

    @Test
    void completionFeedsTheSegmentRttToTheRateControl() {
        SegmentSender s = sender(16384, 4, 500e6);
        s.onFlowArrival(arrival(5_000_000L, HOST, 9, DST, 0), out);
        s.onCompletion(completion(40_000_000L, HOST, 9, 0, 16384, 6_000_000L), out);
        // 40,000,000 - 6,000,000 - 13,107,200 (16 KB at the 10 Gb/s NIC rate) = 20,892,800 ps
        assertEquals(List.of(20_892_800L), rates.get(0).samples);
    }

    @Test
    void completionReleasesTheOutstandingCap() {
        // 100-B segments at 8 Gb/s are 100,000 ps apart; with a cap of 2 only two go out.
        SegmentSender s = sender(100, 2, 8e9);
        s.onFlowArrival(arrival(0L, HOST, 4, DST, 0), out);
        assertEquals(2, out.size());
        assertSend(0, 1_000_000L, 4, 0, 100);
        assertSend(1, 1_100_000L, 4, 100, 100);

        out.reset(1_000_000L);
        s.onCompletion(completion(1_500_000L, HOST, 4, 0, 100, 1_000_000L), out);
        // One slot free: due = max(1,100,000 + 100,000, 1,500,000 + L) = 2,500,000.
        assertEquals(1, out.size());
        assertSend(0, 2_500_000L, 4, 200, 100);
    }

    @Test
    void fixedSizeFlowFinishesOnceAtTheCompletionOfItsLastSegment() {
        // 2500 B in 1000-B segments at 80 Gb/s: 1000 + 1000 + 500, 100,000 ps apart.
        SegmentSender s = sender(1000, 4, 80e9);
        s.onFlowArrival(arrival(0L, HOST, 5, DST, 2500), out);
        assertEquals(3, out.size());
        assertSend(0, 1_000_000L, 5, 0, 1000);
        assertSend(1, 1_100_000L, 5, 1000, 1000);
        assertSend(2, 1_200_000L, 5, 2000, 500);

        out.reset(5_000_000L);
        s.onCompletion(completion(5_000_000L, HOST, 5, 0, 1000, 1_000_000L), out);
        s.onCompletion(completion(5_100_000L, HOST, 5, 1000, 1000, 1_100_000L), out);
        assertEquals(0, out.size());            // nothing left to send, not all acknowledged yet
        assertEquals(1, s.activeFlows());

        s.onCompletion(completion(5_200_000L, HOST, 5, 2000, 500, 1_200_000L), out);
        assertEquals(1, out.size());
        assertEquals(ActionBatch.FLOW_FINISHED, out.kind(0));
        assertEquals(5_200_000L, out.time(0));  // the time of the completing event, not + L
        assertEquals(HOST, out.host(0));
        assertEquals(5, out.flow(0));
        assertEquals(0, s.activeFlows());
        assertTrue(Double.isNaN(s.rateBps(5)));

        // A stray duplicate completion must not finish the flow a second time.
        s.onCompletion(completion(5_300_000L, HOST, 5, 2000, 500, 1_200_000L), out);
        assertEquals(1, out.size());
    }

    @Test
    void fixedSizeFlowIsNotFinishedBeforeAllBytesAreAcked() {
        SegmentSender s = sender(1000, 4, 80e9);
        s.onFlowArrival(arrival(0L, HOST, 5, DST, 2500), out);
        out.reset(5_000_000L);
        // The short last segment completes first: 500 of 2500 bytes acknowledged.
        s.onCompletion(completion(5_000_000L, HOST, 5, 2000, 500, 1_200_000L), out);
        assertEquals(0, out.size());
        assertEquals(1, s.activeFlows());
    }

    @Test
    void rateControlFactoryIsToldHowManyFlowsAreAlreadyActive() {
        SegmentSender s = sender(16384, 4, 500e6);
        s.onFlowArrival(arrival(0L, HOST, 0, DST, 0), out);
        s.onFlowArrival(arrival(0L, HOST, 1, DST, 0), out);
        s.onFlowArrival(arrival(0L, HOST, 2, DST, 0), out);
        assertEquals(List.of(0, 1, 2), activeAtCreation);
        assertEquals(3, s.activeFlows());
    }

    @Test
    void flowsArePacedIndependently() {
        SegmentSender s = sender(16384, 4, 500e6);
        s.onFlowArrival(arrival(0L, HOST, 0, DST, 0), out);
        nextRate = 1e9;
        s.onFlowArrival(arrival(0L, HOST, 1, DST, 0), out);
        // Flow 0: send at L, wake at L + 262,144,000 - L. Flow 1: send at L, wake at 131,072,000.
        assertEquals(4, out.size());
        assertSend(0, 1_000_000L, 0, 0, 16384);
        assertTimer(1, 262_144_000L, 0);
        assertSend(2, 1_000_000L, 1, 0, 16384);
        assertTimer(3, 131_072_000L, 1);
    }

    @Test
    void aClosedFlowSendsNothingDueAfterItsStopAndFinishesOnceAcked() {
        SegmentSender s = sender(16384, 4, 500e6);
        var e = arrival(5_000_000L, HOST, 9, DST, 0);
        e.closeAt(300_000_000L);  // closes at 300 us
        s.onFlowArrival(e, out);
        assertSend(0, 6_000_000L, 9, 0, 16384);
        assertTimer(1, 267_144_000L, 9);
        out.reset(267_000_000L);
        s.onTimer(timer(267_144_000L, HOST, 9), out);
        // Segment 1 is due at 268.144 us, before the close: it goes; segment 2 would be due at 530 us: it will not.
        assertSend(0, 268_144_000L, 9, 16384, 16384);
        out.reset(300_000_000L);
        s.onCompletion(completion(300_000_000L, HOST, 9, 0, 16384, 6_000_000L), out);
        assertEquals(0, out.size(), "closed with segment 1 still out: nothing to send, not finished yet");
        s.onCompletion(completion(310_000_000L, HOST, 9, 16384, 16384, 268_144_000L), out);
        assertEquals(1, out.size());
        assertEquals(ActionBatch.FLOW_FINISHED, out.kind(0));
        assertEquals(310_000_000L, out.time(0));
        assertEquals(0, s.activeFlows());
    }
}
