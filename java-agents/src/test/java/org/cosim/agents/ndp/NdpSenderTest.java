package org.cosim.agents.ndp;

import static org.cosim.agents.api.TestActions.timers;
import static org.cosim.agents.api.TestEvents.arrival;
import static org.cosim.agents.api.TestEvents.control;
import static org.cosim.agents.api.TestEvents.packet;
import static org.cosim.agents.api.TestEvents.timer;
import static org.cosim.agents.api.TestEvents.transmitted;
import static org.cosim.agents.ndp.NdpTesting.L;
import static org.cosim.agents.ndp.NdpTesting.MTU;
import static org.cosim.agents.ndp.NdpTesting.PACKET_PS;
import static org.cosim.agents.ndp.NdpTesting.RATE;
import static org.cosim.agents.ndp.NdpTesting.batch;
import static org.cosim.agents.ndp.NdpTesting.segments;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.Set;
import org.cosim.agents.api.ActionBatch;
import org.cosim.agents.api.ActionSink;
import org.cosim.agents.api.ControlArrivalEvent;
import org.cosim.agents.api.EventBatch;
import org.cosim.agents.api.ScriptedNic;
import org.cosim.agents.api.TestActions.TimerSet;
import org.cosim.proto.Ndp;
import org.junit.jupiter.api.Test;

/**
 * NDP's sender (host 1, flow 0 to host 0 over 4 paths): initial window, pull
 * clock, NACKs, bounces, RTO (1 ms). Where a test's packets leave the NIC, a
 * {@link ScriptedNic} sends them (one 9000-byte packet at 10 Gb/s: 7.2 us) and
 * reports their transmissions.
 */
class NdpSenderTest {
    private static final int HOST = 1;
    private static final long MS = 1_000_000_000L;
    private static final int DATA = ActionSink.NO_ACK | ActionSink.REPORT_TX;

    private NdpAgent agent;
    private final ScriptedNic nic = new ScriptedNic(RATE);

    private ActionBatch start(int iw, long bytes) {
        agent = NdpTesting.agent(HOST, Ndp.newBuilder().setInitialWindowPackets(iw));
        ActionBatch out = batch();
        agent.onFlowArrival(arrival(0, HOST, 0, 0, bytes, 4), out);
        return out;
    }

    private ActionBatch ctl(long t, int kind, long packet, long pull, int path) {
        ActionBatch out = batch();
        agent.onControlArrival(control(t, HOST, 0, kind, packet * MTU, pull, path, 0), out);
        return out;
    }

    private ActionBatch returned(long t, long packet, int path) {
        ActionBatch out = batch();
        agent.onPacketArrival(packet(t, HOST, 0, packet * MTU, MTU, path,
                EventBatch.TRIMMED | EventBatch.RETURNED, 0), out);
        return out;
    }

    private ActionBatch fire(long t) {
        ActionBatch out = batch();
        agent.onTimer(timer(t, HOST, NdpAgent.rtoTimer(0)), out);
        return out;
    }

    private static List<Long> timerTimes(ActionBatch b) {
        return timers(b).stream().map(TimerSet::timePs).toList();
    }

    private static List<Long> packets(ActionBatch b) {
        return segments(b).stream().map(s -> s.seq() / MTU).toList();
    }

    @Test
    void theInitialWindowGoesAtOnceOnAPermutationOfThePaths() {
        ActionBatch out = start(4, 10L * MTU);
        List<NdpTesting.Seg> s = segments(out);
        assertEquals(List.of(0L, 1L, 2L, 3L), packets(out));
        for (NdpTesting.Seg g : s) {
            assertEquals(L, g.time(), "handed to the NIC at L: it sends them back to back at line rate");
            assertEquals(MTU, g.bytes());
            assertEquals(DATA, g.options(), "no hardware ACK, not the last packet, TX reported");
        }
        assertEquals(Set.of(1, 2, 3, 4), Set.copyOf(s.stream().map(NdpTesting.Seg::path).toList()));
        assertTrue(timers(out).isEmpty(), "no RTO timer before a packet leaves the NIC");
        ActionBatch armed = nic.transmit(out, agent);  // packet 0 leaves at L
        assertEquals(List.of(L + MS), timerTimes(armed), "the RTO timer, one for the flow");
        assertEquals(NdpAgent.rtoTimer(0), timers(armed).get(0).timerId());
    }

    @Test
    void aFlowInsideTheWindowIsSentWholeWithItsLastPacketMarked() {
        ActionBatch out = start(30, 2L * MTU + 2000);
        List<NdpTesting.Seg> s = segments(out);
        assertEquals(3, s.size());
        assertEquals(2000, s.get(2).bytes());
        assertEquals(DATA | ActionSink.LAST_OF_FLOW, s.get(2).options());
        assertEquals(DATA, s.get(1).options());
    }

    @Test
    void aPullSendsAsManyPacketsAsItsNumberRoseAndALatePullNone() {
        start(2, 10L * MTU);
        assertEquals(List.of(2L, 3L), packets(ctl(10 * L, ControlArrivalEvent.PULL, 0, 2, 0)),
                "pull 2 overtook pull 1: it pulls two");
        assertEquals(List.of(), packets(ctl(11 * L, ControlArrivalEvent.PULL, 0, 1, 0)), "pull 1 is covered");
        assertEquals(List.of(4L), packets(ctl(12 * L, ControlArrivalEvent.PULL, 0, 3, 0)));
        ActionBatch out = ctl(13 * L, ControlArrivalEvent.PULL, 0, 3, 0);
        assertEquals(0, out.size(), "a repeated number pulls nothing");
    }

    @Test
    void aNackQueuesTheResendAndThePullSendsItFirst() {
        start(3, 10L * MTU);
        assertEquals(0, ctl(10 * L, ControlArrivalEvent.NACK, 1, 0, 2).size(), "a NACK sends nothing yet");
        ActionBatch out = ctl(11 * L, ControlArrivalEvent.PULL, 0, 2, 0);
        assertEquals(List.of(1L, 3L), packets(out), "the resend first, then new data");
        assertEquals(12 * L, segments(out).get(0).time());
    }

    @Test
    void aPullThatFindsNothingIsSpentOnTheNextNack() {
        start(30, 2L * MTU);
        ctl(10 * L, ControlArrivalEvent.ACK, 0, 0, 1);
        assertEquals(0, ctl(11 * L, ControlArrivalEvent.PULL, 0, 1, 0).size(), "nothing to send: banked");
        ActionBatch out = ctl(12 * L, ControlArrivalEvent.NACK, 1, 0, 1);
        assertEquals(List.of(1L), packets(out), "the banked pull resends at once");
        assertEquals(0, ctl(14 * L, ControlArrivalEvent.NACK, 1, 0, 1).size(), "the credit is spent");
    }

    @Test
    void aReturnedHeaderWaitsForAPullWhenPullsAreComing() {
        start(8, 20L * MTU);
        for (int p = 0; p < 4; p++) {
            ctl(10 * L, ControlArrivalEvent.NACK, p, 0, 1);  // recent feedback: NACKs (an incast)
        }
        assertEquals(0, returned(11 * L, 4, 2).size(), "swallowed: four pulls are owed");
        assertEquals(3, agent.sender().flow(0).board.nacks(2), "a bounce counts as three NACKs on its path");
        ActionBatch out = ctl(12 * L, ControlArrivalEvent.PULL, 0, 1, 0);
        assertEquals(List.of(0L), packets(out), "resends in the order they were queued");
    }

    @Test
    void theLastReturnedHeaderOfAWindowIsResentAtOnceOnAnotherPath() {
        ActionBatch first = start(2, 2L * MTU);
        int path1 = segments(first).get(1).path();
        assertEquals(0, returned(10 * L, 0, segments(first).get(0).path()).size(), "packet 1 may still earn a pull");
        ActionBatch out = returned(11 * L, 1, path1);
        assertEquals(List.of(1L), packets(out), "no pulls owed, nothing in flight: resend");
        assertNotEquals(path1, segments(out).get(0).path());
    }

    @Test
    void aReturnedHeaderAmidMostlyAcksIsResentAtOnce() {
        ActionBatch first = start(8, 20L * MTU);
        for (int p = 0; p < 4; p++) {
            ctl(10 * L, ControlArrivalEvent.ACK, p, 0, 1);
        }
        int path = segments(first).get(5).path();
        ActionBatch out = returned(11 * L, 5, path);
        assertEquals(List.of(5L), packets(out), "recent feedback is mostly ACKs: a bad path, not an incast");
        assertNotEquals(path, segments(out).get(0).path());
    }

    @Test
    void theRtoResendsWhatWasLostOnAnotherPath() {
        ActionBatch first = start(2, 10L * MTU);
        nic.transmit(first, agent);  // packet 0 leaves at L, packet 1 at L + 7.2 us
        int lostPath = segments(first).get(1).path();
        ctl(50 * L, ControlArrivalEvent.ACK, 0, 0, segments(first).get(0).path());
        assertEquals(List.of(L + PACKET_PS + MS), timerTimes(fire(L + MS)),
                "packet 1 is due an RTO after it left: re-armed for then");
        ActionBatch out = fire(L + PACKET_PS + MS);
        assertEquals(List.of(1L), packets(out));
        assertEquals(2 * L + PACKET_PS + MS, segments(out).get(0).time());
        assertNotEquals(lostPath, segments(out).get(0).path());
        assertEquals(1, agent.sender().flow(0).board.losses(lostPath));
        assertEquals(1, agent.sender().rtoCount());
        assertTrue(timers(out).isEmpty(), "the resend arms the timer when it leaves");
        assertEquals(List.of(2 * L + PACKET_PS + 2 * MS), timerTimes(nic.transmit(out, agent)), "re-armed");
    }

    @Test
    void aPacketResentByTheRtoCountsInFlightOnceSoItsBounceIsResentAtOnce() {
        nic.transmit(start(1, 10L * MTU), agent);
        ActionBatch rto = fire(L + MS);
        assertEquals(List.of(0L), packets(rto));
        assertEquals(1, agent.sender().flow(0).inFlight, "one packet in flight, sent twice");
        // A copy comes back: nothing else is in flight and no pull is owed, so it
        // is resent at once (counted twice, the flow would wait for a pull that
        // never comes: the 8000-flow incast's stall).
        ActionBatch bounce = returned(2 * L + MS, 0, segments(rto).get(0).path());
        assertEquals(List.of(0L), packets(bounce));
        assertEquals(1, agent.sender().flow(0).inFlight);
    }

    @Test
    void anRtoBeforeTheDeadlineResendsNothing() {
        nic.transmit(start(2, 10L * MTU), agent);
        ActionBatch out = fire(L + MS - 1);
        assertTrue(segments(out).isEmpty());
        assertEquals(List.of(2 * L + MS - 1), timerTimes(out),
                "re-armed for the deadline, but no earlier than L after now");
    }

    @Test
    void aTimerDoesNotExpireWhileThePacketWaitsInTheNic() {
        ActionBatch first = start(2, 10L * MTU);
        // Packet 0 leaves at L and arms the timer: L + 1 ms. Packet 1 waits in the busy NIC.
        ActionBatch armed = batch();
        agent.onTransmitted(transmitted(L, HOST, 0, 0, MTU, L), armed);
        assertEquals(List.of(L + MS), timerTimes(armed));
        ctl(50 * L, ControlArrivalEvent.ACK, 0, 0, segments(first).get(0).path());
        ActionBatch out = fire(L + MS);
        assertEquals(0, out.size(), "packet 1 is still in the NIC: nothing resent, no timer until it leaves");
        assertEquals(0, agent.sender().rtoCount());
        // Packet 1 leaves at 3 ms: its report arms the timer 3 + 1 = 4 ms.
        ActionBatch later = batch();
        agent.onTransmitted(transmitted(3 * MS, HOST, 0, MTU, MTU, L), later);
        assertEquals(List.of(4 * MS), timerTimes(later));
    }

    @Test
    void theTimeoutRunsOneRtoFromThePacketsTxTime() {
        start(1, 10L * MTU);
        ActionBatch armed = batch();
        agent.onTransmitted(transmitted(2 * MS, HOST, 0, 0, MTU, L), armed);  // packet 0 leaves at 2 ms
        assertEquals(List.of(3 * MS), timerTimes(armed), "2 + 1 ms");
        assertEquals(List.of(3 * MS - 1 + L), timerTimes(fire(3 * MS - 1)),
                "a picosecond early: nothing resent, re-armed no earlier than L later");
        ActionBatch out = fire(3 * MS);
        assertEquals(List.of(0L), packets(out));
        assertEquals(3 * MS + L, segments(out).get(0).time());
        assertEquals(1, agent.sender().rtoCount());
    }

    @Test
    void aReportOfAnEarlierCopyArmsNothing() {
        nic.transmit(start(1, 10L * MTU), agent);
        ActionBatch rto = fire(L + MS);  // resends packet 0 at 2L + 1 ms
        assertEquals(List.of(0L), packets(rto));
        ActionBatch stale = batch();
        agent.onTransmitted(transmitted(2 * L + MS, HOST, 0, 0, MTU, L), stale);  // names the first hand-over
        assertEquals(0, stale.size());
        assertEquals(List.of(2 * L + 2 * MS), timerTimes(nic.transmit(rto, agent)), "the resend's own report");
    }

    @Test
    void aFinishedFlowIgnoresLateFeedback() {
        start(30, MTU);
        ctl(10 * L, ControlArrivalEvent.ACK, 0, 0, 1);
        assertTrue(agent.sender().flow(0).done);
        assertEquals(0, ctl(11 * L, ControlArrivalEvent.PULL, 0, 5, 0).size());
        assertEquals(0, ctl(12 * L, ControlArrivalEvent.NACK, 0, 0, 1).size());
    }
}
