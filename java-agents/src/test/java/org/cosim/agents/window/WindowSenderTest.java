package org.cosim.agents.window;

import static org.cosim.agents.api.TestEvents.arrival;
import static org.cosim.agents.api.TestEvents.completion;
import static org.cosim.agents.api.TestEvents.timer;
import static org.cosim.agents.api.TestEvents.transmitted;
import static org.junit.jupiter.api.Assertions.assertEquals;

import org.cosim.agents.api.ActionBatch;
import org.cosim.agents.api.ActionSink;
import org.cosim.agents.api.AgentContext;
import org.cosim.agents.api.HostInfo;
import org.cosim.agents.api.ScriptedNic;
import org.cosim.proto.Protocol;
import org.cosim.proto.Window;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * The shared window sender through its Agent methods, with a law that keeps the
 * window where it is (so only the sender's own rules act): 4096-byte segments,
 * a 200 Gb/s NIC (one segment on the wire: 163.84 ns), L = 0.25 us, RTO floor
 * 100 us. Where a test's segments leave the NIC, a {@link ScriptedNic} sends them
 * and reports their transmissions.
 */
class WindowSenderTest {
    private static final long US = 1_000_000L;
    private static final long L = 250_000L;
    private static final int HOST = 3;
    private static final int SEG = 4096;
    private static final AgentContext CTX = new AgentContext(L, 20 * US, 1L, Protocol.getDefaultInstance());
    /** A law that keeps the window; it paces every segment at {@code spacingPs} when that is > 0. */
    private record FixedLaw(double lossDecrease, long spacingPs) implements WindowLaw {
        @Override
        public double onAck(CongestionWindow w, AckSample a) {
            return w.cwnd();
        }

        @Override
        public long pacedSpacingPs(CongestionWindow w) {
            return spacingPs;
        }
    }

    private static final WindowLaw KEEP = new FixedLaw(0.5, 0);

    private ActionBatch out;
    private ScriptedNic nic;

    @BeforeEach
    void setUp() {
        out = new ActionBatch();
        out.reset(0);
        nic = new ScriptedNic(200_000_000_000L);
    }

    private static WindowSender sender(Window.Builder w) {
        return new WindowSender(new HostInfo(HOST, 200_000_000_000L), CTX, WindowConfig.from(w.build(), "w"), KEEP);
    }

    private void assertSend(int i, long time, long seq) {
        assertEquals(ActionBatch.SEND_SEGMENT, out.kind(i), "action " + i);
        assertEquals(time, out.time(i), "action " + i + " time");
        assertEquals(seq, out.seq(i), "action " + i + " seq");
        assertEquals(SEG, out.bytes(i), "action " + i + " bytes");
        assertEquals(0, out.path(i), "ECMP");
    }

    private int sends() {
        int n = 0;
        for (int i = 0; i < out.size(); i++) {
            n += out.kind(i) == ActionBatch.SEND_SEGMENT ? 1 : 0;
        }
        return n;
    }

    /** The ACK of segment {@code s}, handed over at {@code handover}, arriving {@code rtt} after it went on the wire. */
    private static org.cosim.agents.api.CompletionEvent ack(long s, long handover, long at, long rtt) {
        return completion(at, HOST, 7, s * SEG, SEG, handover, at - rtt, 0, 0);
    }

    @Test
    void aNewFlowSendsOneBdpAtOnceAndArmsTheTimeout() {
        WindowSender w = sender(Window.newBuilder());
        // 6.4 us at 200 Gb/s = 39.06 packets: 39 go out L after the arrival.
        w.onFlowArrival(arrival(10 * US, HOST, 7, 0, 0, 3, 6_400_000), out);
        assertEquals(39, sends());
        for (int i = 0; i < 39; i++) {
            assertSend(i, 10 * US + L, (long) i * SEG);
        }
        // The 0.0625 beyond 39 is paced: due 6.4 us / 0.0625 = 102.4 us after the first send, woken L earlier.
        assertEquals(ActionBatch.SET_TIMER, out.kind(39));
        assertEquals(10 * US + 102_400_000, out.time(39));
        assertEquals(40, out.size(), "no retransmission timer while the segments are in the NIC");
        assertEquals(39.0625, w.window(7).cwnd(), 1e-9);
        // Segment 0 goes onto the wire at once: the timer runs the RTO floor from then.
        ActionBatch armed = nic.transmit(out, w);
        assertEquals(1, armed.size(), "one timer for the flow, armed by the first report");
        assertEquals(ActionBatch.SET_TIMER, armed.kind(0));
        assertEquals(10 * US + L + 100 * US, armed.time(0));
    }

    @Test
    void eachAckReleasesOneSegmentAndFeedsTheFabricRtt() {
        WindowSender w = sender(Window.newBuilder().setInitialCwndPackets(2));
        w.onFlowArrival(arrival(0, HOST, 7, 0, 0, 3, 6_400_000), out);
        out.reset(0);
        w.onCompletion(ack(0, L, 9 * US, 7 * US), out);
        assertEquals(1, sends());
        assertSend(0, 9 * US + L, 2L * SEG);
        assertEquals(7 * US, w.window(7).rttPs());  // completion - TX timestamp, not - hand-over
    }

    @Test
    void aFiniteFlowFinishesWhenItsLastByteIsAcked() {
        WindowSender w = sender(Window.newBuilder().setInitialCwndPackets(4));
        w.onFlowArrival(arrival(0, HOST, 7, 0, 2 * SEG, 3, 6_400_000), out);
        assertEquals(2, sends());
        out.reset(0);
        w.onCompletion(ack(0, L, 8 * US, 7 * US), out);
        w.onCompletion(ack(1, L, 9 * US, 7 * US), out);
        assertEquals(1, out.size());
        assertEquals(ActionBatch.FLOW_FINISHED, out.kind(0));
        assertEquals(9 * US, out.time(0));
        assertEquals(0, w.activeFlows());
    }

    @Test
    void belowOnePacketOneSegmentGoesEveryRttOverCwnd() {
        WindowSender w = sender(Window.newBuilder().setInitialCwndPackets(0.5));
        w.onFlowArrival(arrival(0, HOST, 7, 0, 0, 3, 6_400_000), out);
        assertEquals(1, sends());
        assertSend(0, L, 0);
        out.reset(0);
        // The ACK after 8 us of fabric RTT: the next segment is due 8 / 0.5 = 16 us after the first.
        w.onCompletion(ack(0, L, 9 * US, 8 * US), out);
        assertEquals(0, sends());
        assertEquals(ActionBatch.SET_TIMER, out.kind(0));
        assertEquals(L + 16 * US - L, out.time(0));  // a wake-up L ahead
        long wakeId = out.timerId(0);
        out.reset(0);
        w.onTimer(timer(16 * US, HOST, wakeId), out);
        assertSend(0, 16 * US + L, SEG);
    }

    @Test
    void aboveOnePacketTheFractionIsPacedByDefault() {
        WindowSender w = sender(Window.newBuilder().setInitialCwndPackets(1.5));
        w.onFlowArrival(arrival(0, HOST, 7, 0, 0, 3, 8 * US), out);
        // One whole packet now; the half is due rtt / 0.5 = 16 us after the flow's first send.
        assertEquals(1, sends());
        assertSend(0, L, 0);
        assertEquals(ActionBatch.SET_TIMER, out.kind(1));
        assertEquals(16 * US, out.time(1));  // L + 16 us - L
        long wake = out.timerId(1);
        out.reset(0);
        w.onCompletion(ack(0, L, 9 * US, 8 * US), out);  // the whole packet's ACK: the next whole one
        assertEquals(1, sends());
        assertSend(0, 9 * US + L, SEG);
        out.reset(0);
        w.onTimer(timer(16 * US, HOST, wake), out);     // the paced half: a second packet in flight
        assertEquals(1, sends());
        assertSend(0, 16 * US + L, 2L * SEG);
        assertEquals(2, w.ledger(7).inflight());
    }

    @Test
    void aSegmentTheAckClockReleasesNeverOvertakesACommittedPacedOne() {
        WindowSender w = sender(Window.newBuilder().setInitialCwndPackets(2.5));
        w.onFlowArrival(arrival(0, HOST, 7, 0, 0, 3, 8 * US), out);
        assertEquals(2, sends());  // segments 0 and 1 at L; the half is due L + 8 / 0.5 = L + 16 us
        out.reset(0);
        // Segment 0's ACK at 16 us - 0.9 L: segment 2 at 16 us + 0.1 L, and segment 3 (the half, due
        // at 16 us + L, within L of that) is committed for 16 us + L.
        w.onCompletion(ack(0, L, 16 * US - 9 * L / 10, 8 * US), out);
        assertEquals(2, sends());
        assertSend(0, 16 * US + L / 10, 2L * SEG);
        assertSend(1, 16 * US + L, 3L * SEG);
        out.reset(0);
        // Segment 1's ACK at 16 us - 0.5 L releases segment 4, which would be due at 16 us + 0.5 L: it goes
        // at 16 us + L, after segment 3, so that the NIC sends the flow's segments in order.
        w.onCompletion(ack(1, L, 16 * US - L / 2, 8 * US), out);
        assertEquals(1, sends());
        assertSend(0, 16 * US + L, 4L * SEG);
    }

    @Test
    void withoutFractionPacingAWindowOfOneAndAHalfKeepsOnePacketOut() {
        WindowSender w = sender(Window.newBuilder().setInitialCwndPackets(1.5).setPaceFraction(false));
        w.onFlowArrival(arrival(0, HOST, 7, 0, 0, 3, 8 * US), out);
        assertEquals(1, sends());
        assertEquals(1, out.size(), "no pacing wake-up (and the retransmission timer waits for the NIC)");
        assertEquals(1, nic.transmit(out, w).size(), "the retransmission timer");
        out.reset(0);
        w.onCompletion(ack(0, L, 9 * US, 8 * US), out);
        assertEquals(1, sends());
        assertEquals(1, w.ledger(7).inflight());
    }

    @Test
    void threeLaterAcksResendTheLostSegmentFirstAfterFastRecovery() {
        WindowSender w = sender(Window.newBuilder().setInitialCwndPackets(6));
        w.onFlowArrival(arrival(0, HOST, 7, 0, 0, 3, 6_400_000), out);  // segments 0..5 at L
        long t = 10 * US;
        w.onCompletion(ack(0, L, t, 7 * US), out);       // sends 6
        w.onCompletion(ack(2, L, t + 1, 7 * US), out);   // sends 7
        w.onCompletion(ack(3, L, t + 2, 7 * US), out);   // sends 8
        out.reset(0);
        w.onCompletion(ack(4, L, t + 3, 7 * US), out);   // 1 is lost: fast recovery halves the window to 3
        assertEquals(3, w.window(7).cwnd(), 1e-12);
        assertEquals(0, sends());                        // 5, 6, 7, 8 are out
        w.onCompletion(ack(5, L, t + 4, 7 * US), out);
        assertEquals(0, sends());
        w.onCompletion(ack(6, t + L, t + 5, 7 * US), out);
        assertEquals(1, sends());
        assertSend(0, t + 5 + L, SEG);                   // segment 1 again, before new data
    }

    @Test
    void aTimeoutResendsFromTheOldestUnackedSegment() {
        WindowSender w = sender(Window.newBuilder().setInitialCwndPackets(4));
        w.onFlowArrival(arrival(0, HOST, 7, 0, 0, 3, 6_400_000), out);
        ActionBatch armed = nic.transmit(out, w);
        long rtoAt = armed.time(0);
        long rtoId = armed.timerId(0);
        out.reset(0);
        w.onTimer(timer(rtoAt, HOST, rtoId), out);
        assertEquals(2, w.window(7).cwnd(), 1e-12);    // x min_md
        assertEquals(1, w.window(7).retransmitCount());
        assertEquals(2, sends());
        assertSend(0, rtoAt + L, 0);
        assertSend(1, rtoAt + L, SEG);
        assertEquals(2, out.size(), "the timer waits for the resends to leave the NIC");
        armed = nic.transmit(out, w);
        assertEquals(ActionBatch.SET_TIMER, armed.kind(0));
        assertEquals(rtoAt + L + 200 * US, armed.time(0));  // backed off: 2 x 100 us from the resend's TX
    }

    @Test
    void anEarlyTimeoutWakeUpReArmsForTheDeadline() {
        WindowSender w = sender(Window.newBuilder().setInitialCwndPackets(2));
        w.onFlowArrival(arrival(0, HOST, 7, 0, 0, 3, 6_400_000), out);
        ActionBatch armed = nic.transmit(out, w);
        long rtoAt = armed.time(0);
        long rtoId = armed.timerId(0);
        w.onCompletion(ack(0, L, 50 * US, 7 * US), out);  // progress at 50 us: the deadline moves to 150 us
        out.reset(0);
        w.onTimer(timer(rtoAt, HOST, rtoId), out);
        assertEquals(0, sends());
        assertEquals(1, out.size());
        assertEquals(ActionBatch.SET_TIMER, out.kind(0));
        assertEquals(150 * US, out.time(0));
        assertEquals(0, w.window(7).retransmitCount());
    }

    @Test
    void aTimerDoesNotExpireWhileTheSegmentWaitsInTheNic() {
        WindowSender w = sender(Window.newBuilder().setInitialCwndPackets(2));
        w.onFlowArrival(arrival(0, HOST, 7, 0, 0, 3, 6_400_000), out);  // segments 0, 1 handed over at L
        for (int i = 0; i < out.size(); i++) {
            assertEquals(REPORT, out.segmentOptions(i) & REPORT, "every segment asks for its TX report");
        }
        assertEquals(2, out.size(), "no timer before a segment leaves");
        // Segment 0 leaves at L and arms the timer: L + 100 us. Segment 1 waits in the busy NIC.
        out.reset(0);
        w.onTransmitted(transmitted(L, HOST, 7, 0, SEG, L), out);
        assertEquals(L + 100 * US, out.time(0));
        long rtoId = out.timerId(0);
        w.onCompletion(ack(0, L, 8 * US, 7 * US), out);  // segment 2 goes at 8.25 us, behind segment 1
        out.reset(0);
        w.onTimer(timer(L + 100 * US, HOST, rtoId), out);
        assertEquals(0, out.size(), "segment 1, the oldest outstanding, is in the NIC: no timeout, no timer");
        assertEquals(0, w.window(7).retransmitCount());
        assertEquals(2, w.ledger(7).inflight());
        // Segment 1 leaves at 300 us: its report arms the timer 300 + 100 = 400 us.
        w.onTransmitted(transmitted(300 * US, HOST, 7, SEG, SEG, L), out);
        assertEquals(1, out.size());
        assertEquals(ActionBatch.SET_TIMER, out.kind(0));
        assertEquals(400 * US, out.time(0));
    }

    @Test
    void theTimeoutRunsOneRtoFromTheSegmentsTxTime() {
        WindowSender w = sender(Window.newBuilder().setInitialCwndPackets(1));
        w.onFlowArrival(arrival(0, HOST, 7, 0, 0, 3, 6_400_000), out);  // segment 0 handed over at L
        out.reset(0);
        // It leaves at 30 us: the timeout is max(L + 100, 30 + 100) = 130 us.
        w.onTransmitted(transmitted(30 * US, HOST, 7, 0, SEG, L), out);
        assertEquals(ActionBatch.SET_TIMER, out.kind(0));
        assertEquals(130 * US, out.time(0));
        long rtoId = out.timerId(0);
        out.reset(0);
        w.onTimer(timer(130 * US - 1, HOST, rtoId), out);  // a picosecond early: re-armed, L later at the least
        assertEquals(0, sends());
        assertEquals(130 * US - 1 + L, out.time(0));
        out.reset(0);
        w.onTimer(timer(130 * US, HOST, rtoId), out);
        assertEquals(1, w.window(7).retransmitCount());
        assertEquals(1, sends());
        assertSend(0, 130 * US + L, 0);
    }

    @Test
    void aStaleReportOfAnEarlierTransmissionArmsNothing() {
        WindowSender w = sender(Window.newBuilder().setInitialCwndPackets(1));
        w.onFlowArrival(arrival(0, HOST, 7, 0, 0, 3, 6_400_000), out);
        out.reset(0);
        w.onTransmitted(transmitted(L, HOST, 7, 0, SEG, L), out);
        long rtoId = out.timerId(0);
        out.reset(0);
        w.onTimer(timer(L + 100 * US, HOST, rtoId), out);  // the timeout resends segment 0 at 100.5 us
        assertSend(0, 100 * US + 2 * L, 0);
        out.reset(0);
        // A report naming the first hand-over (L) is not the resend's: no timer yet.
        w.onTransmitted(transmitted(100 * US + 2 * L, HOST, 7, 0, SEG, L), out);
        assertEquals(0, out.size());
        // The resend's own report: 2 x 100 us (backed off) from its TX time.
        w.onTransmitted(transmitted(100 * US + 2 * L, HOST, 7, 0, SEG, 100 * US + 2 * L), out);
        assertEquals(300 * US + 2 * L, out.time(0));
    }

    private static final int REPORT = ActionSink.REPORT_TX;

    /** A law that opens the window by one packet per ACK, so that carried-over state shows. */
    private static final WindowLaw GROW = new WindowLaw() {
        @Override
        public double onAck(CongestionWindow w, AckSample a) {
            return w.cwnd() + 1;
        }

        @Override
        public double lossDecrease() {
            return 0.5;
        }
    };

    @Test
    void messagesToOneDestinationShareAConnectionOneAfterAnother() {
        WindowSender w = new WindowSender(new HostInfo(HOST, 200_000_000_000L), CTX, WindowConfig.from(Window
                .newBuilder().setInitialCwndPackets(2).setConnectionPerDestination(true).build(), "w"), GROW);
        w.onFlowArrival(arrival(0, HOST, 7, 9, 2 * SEG, 3, 6_400_000), out);
        assertEquals(2, sends());
        out.reset(0);
        // Another message to host 9 waits for flow 7; one to host 11 has a connection of its own.
        w.onFlowArrival(arrival(1 * US, HOST, 8, 9, 8 * SEG, 3, 6_400_000), out);
        assertEquals(0, sends(), "queued behind flow 7");
        w.onFlowArrival(arrival(1 * US, HOST, 10, 11, SEG, 3, 6_400_000), out);
        assertEquals(1, sends());
        assertEquals(10, out.flow(0));
        out.reset(0);
        w.onCompletion(completion(8 * US, HOST, 7, 0, SEG, L, 8 * US - 7 * US, 0, 0), out);
        w.onCompletion(completion(9 * US, HOST, 7, SEG, SEG, L, 9 * US - 7 * US, 0, 0), out);
        // Flow 7 is done; flow 8 starts at once with the window flow 7 grew to (2 + 2 ACKs = 4).
        assertEquals(ActionBatch.FLOW_FINISHED, out.kind(0));
        assertEquals(7, out.flow(0));
        assertEquals(4, sends());
        for (int i = 1; i <= 4; i++) {
            assertEquals(8, out.flow(i));
            assertEquals(9 * US + L, out.time(i));
            assertEquals((long) (i - 1) * SEG, out.seq(i), "flow 8 from its own first byte");
        }
        assertEquals(4.0, w.window(8).cwnd(), 1e-9);
        assertEquals(7 * US, w.window(8).rttPs(), "the RTT estimate carries over too");
    }

    @Test
    void withoutConnectionsEveryFlowStartsFromTheInitialWindow() {
        WindowSender w = new WindowSender(new HostInfo(HOST, 200_000_000_000L), CTX, WindowConfig.from(Window
                .newBuilder().setInitialCwndPackets(2).build(), "w"), GROW);
        w.onFlowArrival(arrival(0, HOST, 7, 9, 2 * SEG, 3, 6_400_000), out);
        w.onFlowArrival(arrival(1 * US, HOST, 8, 9, 8 * SEG, 3, 6_400_000), out);
        assertEquals(4, sends(), "both flows at once");
        assertEquals(2.0, w.window(8).cwnd(), 1e-9);
    }

    /** A law that keeps cwnd and always paces at a fixed spacing (HPCC's shape: rate = W / T). */
    private static WindowSender pacedSender(long spacingPs) {
        return new WindowSender(new HostInfo(HOST, 200_000_000_000L), CTX, WindowConfig.from(Window.newBuilder()
                .setInitialCwndPackets(4).build(), "w"), new FixedLaw(1, spacingPs));
    }

    @Test
    void anAlwaysPacedLawSpacesEverySegmentAndCommitsThoseDueWithinL() {
        // Spacing 0.1 us < L: segments due at 10.25, 10.35, 10.45 us are committed now; the one due
        // at 10.55 us gets a wake-up L before it, at 10.30 us.
        WindowSender w = pacedSender(100_000);
        w.onFlowArrival(arrival(10 * US, HOST, 7, 0, 0, 3, 6_400_000), out);
        assertEquals(3, sends());
        assertSend(0, 10 * US + L, 0);
        assertSend(1, 10 * US + L + 100_000, SEG);
        assertSend(2, 10 * US + L + 200_000, 2 * SEG);
        assertEquals(ActionBatch.SET_TIMER, out.kind(3));
        assertEquals(10 * US + 300_000, out.time(3));
        // At the wake-up the fourth goes out at its time; the window (4) then stops the pacer.
        out.reset(0);
        w.onTimer(timer(10 * US + 300_000, HOST, (7L << 1) | 1), out);
        assertEquals(1, sends());
        assertSend(0, 10 * US + L + 300_000, 3 * SEG);
        for (int i = 0; i < out.size(); i++) {
            assertEquals(false, out.kind(i) == ActionBatch.SET_TIMER && out.timerId(i) == ((7L << 1) | 1),
                    "no pacing wake-up while the window is full");
        }
    }

    @Test
    void anAlwaysPacedLawWithASpacingAboveLSendsOneAndWakesLBeforeTheNext() {
        WindowSender w = pacedSender(US);
        w.onFlowArrival(arrival(10 * US, HOST, 7, 0, 0, 3, 6_400_000), out);
        assertEquals(1, sends());
        assertSend(0, 10 * US + L, 0);
        assertEquals(ActionBatch.SET_TIMER, out.kind(1));
        assertEquals(11 * US, out.time(1), "due at 11.25 us, woken L before");
    }

    /** A long-lived flow whose application closes it at {@code stopPs}. */
    private static org.cosim.agents.api.FlowArrivalEvent closingFlow(long timePs, long stopPs) {
        org.cosim.agents.api.FlowArrivalEvent e = arrival(timePs, HOST, 7, 0, 0, 3, 6_400_000);
        e.closeAt(stopPs);
        return e;
    }

    @Test
    void aClosedFlowHandsNothingOverAtOrAfterItsStopAndFinishesWhenAllIsAcked() {
        WindowSender w = sender(Window.newBuilder().setInitialCwndPackets(2));
        w.onFlowArrival(closingFlow(0, 10 * US), out);
        assertEquals(2, sends());
        out.reset(0);
        w.onCompletion(ack(0, L, 9_500_000, 7 * US), out);  // hands over at 9.75 us: before the stop
        assertEquals(1, sends());
        assertSend(0, 9_750_000, 2L * SEG);
        out.reset(0);
        w.onCompletion(ack(1, L, 9_750_000, 7 * US), out);  // would hand over at 10 us: the flow closes
        assertEquals(0, sends());
        for (int i = 0; i < out.size(); i++) {
            assertEquals(ActionBatch.SET_TIMER, out.kind(i), "segment 2 is still out: no finish yet");
        }
        out.reset(0);
        w.onCompletion(ack(2, 9_750_000, 12 * US, 2 * US), out);
        assertEquals(1, out.size());
        assertEquals(ActionBatch.FLOW_FINISHED, out.kind(0));
        assertEquals(12 * US, out.time(0));
        assertEquals(0, w.activeFlows());
    }

    @Test
    void belowOnePacketASegmentDueAfterTheStopIsNotSentAndTheIdleFlowFinishesAtItsStop() {
        WindowSender w = sender(Window.newBuilder().setInitialCwndPackets(0.5));
        w.onFlowArrival(closingFlow(0, 12 * US), out);
        assertEquals(1, sends());
        out.reset(0);
        // The next segment would be due 8 / 0.5 = 16 us after the first (16.25 us): after the stop.
        w.onCompletion(ack(0, L, 9 * US, 8 * US), out);
        assertEquals(0, sends());
        assertEquals(ActionBatch.SET_TIMER, out.kind(0));
        assertEquals(12 * US, out.time(0), "a wake-up at the close time");
        long wakeId = out.timerId(0);
        out.reset(0);
        w.onTimer(timer(12 * US, HOST, wakeId), out);
        assertEquals(1, out.size());
        assertEquals(ActionBatch.FLOW_FINISHED, out.kind(0));
        assertEquals(12 * US, out.time(0));
    }

    @Test
    void aSegmentLostBeforeTheStopIsResentAfterIt() {
        WindowSender w = sender(Window.newBuilder().setInitialCwndPackets(4));
        w.onFlowArrival(closingFlow(0, 10 * US), out);
        assertEquals(4, sends());
        out.reset(0);
        // Segment 0 is lost; the ACKs of 1..3 come after the stop, the third declares it lost.
        w.onCompletion(ack(1, L, 11 * US, 7 * US), out);
        w.onCompletion(ack(2, L, 12 * US, 7 * US), out);
        assertEquals(0, sends(), "no new data after the stop");
        w.onCompletion(ack(3, L, 13 * US, 7 * US), out);
        assertEquals(1, sends());
        assertSend(0, 13 * US + L, 0);
        out.reset(0);
        w.onCompletion(ack(0, 13 * US + L, 20 * US, 6 * US), out);
        assertEquals(ActionBatch.FLOW_FINISHED, out.kind(out.size() - 1));
        assertEquals(0, w.activeFlows());
    }

    /** A law that keeps the window and calls every ACK congested (or none), for PLB. */
    private record SignalLaw(boolean congested) implements WindowLaw {
        @Override
        public double onAck(CongestionWindow w, AckSample a) {
            return w.cwnd();
        }

        @Override
        public double lossDecrease() {
            return 0.5;
        }

        @Override
        public boolean congested(CongestionWindow w, AckSample a) {
            return congested;
        }
    }

    /**
     * One segment out at a time (idle after each ACK), 8 paths: the segment sent
     * after each ACK, on the path it names. PLB moves after three congested
     * rounds with nothing in flight; the first ACK only opens a round.
     */
    private int[] pathsAfterAcks(Window.Builder w, WindowLaw law, int acks) {
        WindowSender s = new WindowSender(new HostInfo(HOST, 200_000_000_000L), CTX, WindowConfig.from(
                w.setInitialCwndPackets(1).build(), "w"), law);
        s.onFlowArrival(arrival(0, HOST, 7, 0, 0, 8), out);
        int[] paths = new int[acks];
        long sent = L;
        for (int k = 0; k < acks; k++) {
            out.reset(0);
            long at = sent + 7 * US;
            s.onCompletion(ack(k, sent, at, 7 * US), out);
            assertEquals(1, sends(), "ACK " + k);
            paths[k] = out.path(0);
            sent = at + L;
        }
        return paths;
    }

    @Test
    void plbMovesAFlowAfterThreeCongestedRoundsAndStaysThere() {
        int[] p = pathsAfterAcks(Window.newBuilder().setPlb(org.cosim.proto.Plb.getDefaultInstance()),
                new SignalLaw(true), 6);
        for (int k = 0; k < 3; k++) {
            assertEquals(0, p[k], "ECMP until the third congested round ends (ACK " + k + ")");
        }
        assertEquals(true, p[3] >= 1 && p[3] <= 8, "a source route after the move: " + p[3]);
        for (int k = 4; k < 6; k++) {
            assertEquals(p[3], p[k], "the count starts afresh after a move (ACK " + k + ")");
        }
    }

    @Test
    void withoutPlbOrWithoutCongestionTheFlowKeepsItsPath() {
        for (int path : pathsAfterAcks(Window.newBuilder(), new SignalLaw(true), 7)) {
            assertEquals(0, path, "PLB off");
        }
        for (int path : pathsAfterAcks(Window.newBuilder().setPlb(org.cosim.proto.Plb.getDefaultInstance()),
                new SignalLaw(false), 7)) {
            assertEquals(0, path, "no congestion");
        }
    }
}
