package org.cosim.agents.ndp;

import static org.cosim.agents.api.TestEvents.arrival;
import static org.cosim.agents.api.TestEvents.control;
import static org.cosim.agents.api.TestEvents.packet;
import static org.cosim.agents.api.TestEvents.timer;
import static org.cosim.agents.ndp.NdpTesting.L;
import static org.cosim.agents.ndp.NdpTesting.MTU;
import static org.cosim.agents.ndp.NdpTesting.batch;
import static org.cosim.agents.ndp.NdpTesting.segments;
import static org.cosim.agents.ndp.NdpTesting.timers;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.Set;
import org.cosim.agents.api.ActionBatch;
import org.cosim.agents.api.ActionSink;
import org.cosim.agents.api.ControlArrivalEvent;
import org.cosim.agents.api.EventBatch;
import org.cosim.proto.Ndp;
import org.junit.jupiter.api.Test;

/** NDP's sender (host 1, flow 0 to host 0 over 4 paths): initial window, pull clock, NACKs, bounces, RTO. */
class NdpSenderTest {
    private static final int HOST = 1;
    private static final long MS = 1_000_000_000L;

    private NdpAgent agent;

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
            assertEquals(ActionSink.NO_ACK, g.options(), "no hardware ACK, not the last packet");
        }
        assertEquals(Set.of(1, 2, 3, 4), Set.copyOf(s.stream().map(NdpTesting.Seg::path).toList()));
        assertEquals(List.of(L + MS), timers(out).stream().map(t -> t[0]).toList(), "the RTO timer");
        assertEquals(NdpAgent.rtoTimer(0), timers(out).get(0)[1]);
    }

    @Test
    void aFlowInsideTheWindowIsSentWholeWithItsLastPacketMarked() {
        ActionBatch out = start(30, 2L * MTU + 2000);
        List<NdpTesting.Seg> s = segments(out);
        assertEquals(3, s.size());
        assertEquals(2000, s.get(2).bytes());
        assertEquals(ActionSink.NO_ACK | ActionSink.LAST_OF_FLOW, s.get(2).options());
        assertEquals(ActionSink.NO_ACK, s.get(1).options());
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
        int lostPath = segments(first).get(1).path();
        ctl(50 * L, ControlArrivalEvent.ACK, 0, 0, segments(first).get(0).path());
        ActionBatch out = batch();
        agent.onTimer(timer(L + MS, HOST, NdpAgent.rtoTimer(0)), out);
        assertEquals(List.of(1L), packets(out));
        assertEquals(2 * L + MS, segments(out).get(0).time());
        assertNotEquals(lostPath, segments(out).get(0).path());
        assertEquals(1, agent.sender().flow(0).board.losses(lostPath));
        assertEquals(1, agent.sender().rtoCount());
        assertEquals(List.of(2 * L + 2 * MS), timers(out).stream().map(t -> t[0]).toList(), "re-armed");
    }

    @Test
    void aPacketResentByTheRtoCountsInFlightOnceSoItsBounceIsResentAtOnce() {
        start(1, 10L * MTU);
        ActionBatch rto = batch();
        agent.onTimer(timer(L + MS, HOST, NdpAgent.rtoTimer(0)), rto);
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
        start(2, 10L * MTU);
        ActionBatch out = batch();
        agent.onTimer(timer(L + MS - 1, HOST, NdpAgent.rtoTimer(0)), out);
        assertTrue(segments(out).isEmpty());
        assertEquals(List.of(2 * L + MS - 1), timers(out).stream().map(t -> t[0]).toList(),
                "re-armed for the deadline, but no earlier than L after now");
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
