package org.cosim.agents.ndp;

import static org.cosim.agents.api.TestActions.timers;
import static org.cosim.agents.ndp.NdpTesting.L;
import static org.cosim.agents.ndp.NdpTesting.PACKET_PS;
import static org.cosim.agents.ndp.NdpTesting.batch;
import static org.cosim.agents.ndp.NdpTesting.controls;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.cosim.agents.api.ActionBatch;
import org.cosim.agents.api.ControlArrivalEvent;
import org.cosim.agents.api.TestActions.TimerSet;
import org.junit.jupiter.api.Test;

/** The pull pacer: one pull per data-packet time, chosen L before it goes out. */
class PullPacerTest {
    private final PullQueue q = new FairPullQueue();
    private final PullPacer pacer = new PullPacer(0, L, PACKET_PS);

    @Test
    void pullsGoOutOnePacketTimeApartAndAreChosenLBefore() {
        RecvFlow f = new RecvFlow(4, false);
        f.lastPath = 3;
        for (int i = 0; i < 3; i++) {
            q.add(f);
        }
        ActionBatch out = batch();
        pacer.pump(0, q, out);
        // The first is due at once (0 + L) and committed; the next is due at L + 7.2 us: wake up L before.
        List<NdpTesting.Ctl> c = controls(out);
        assertEquals(1, c.size());
        assertEquals(new NdpTesting.Ctl(L, 4, ControlArrivalEvent.PULL, 0, 1, 3, 0), c.get(0));
        assertEquals(List.of(PACKET_PS), timers(out).stream().map(TimerSet::timePs).toList());
        assertEquals(NdpAgent.PACER_TIMER, timers(out).get(0).timerId());

        pacer.pump(PACKET_PS / 2, q, out);  // armed: nothing more until the wake-up
        assertEquals(1, controls(out).size());

        ActionBatch later = batch();
        pacer.wake(PACKET_PS, q, later);
        assertEquals(List.of(new NdpTesting.Ctl(L + PACKET_PS, 4, ControlArrivalEvent.PULL, 0, 2, 3, 0)),
                controls(later));
        assertEquals(2 * PACKET_PS, timers(later).get(0).timePs());
        assertEquals(1, q.size());
    }

    @Test
    void anEmptyQueueLeavesThePacerIdle() {
        ActionBatch out = batch();
        pacer.pump(0, q, out);
        pacer.wake(5 * L, q, out);
        assertEquals(0, out.size());
    }

    @Test
    void aPullRidesOnAControlPacketOnlyWhenThePacerIsIdle() {
        assertTrue(pacer.rideAt(L, q), "nothing queued, never pulled: ride");
        assertFalse(pacer.rideAt(L + PACKET_PS - 1, q), "one packet time has not passed");
        assertTrue(pacer.rideAt(L + PACKET_PS, q));
        q.add(new RecvFlow(1, false));
        assertFalse(pacer.rideAt(L + 3 * PACKET_PS, q), "pulls are queued: they go first");
        assertEquals(2, pacer.pullsSent());
    }

    @Test
    void pullsSpacedCloserThanTwoLAreCommittedTogether() {
        PullPacer fast = new PullPacer(0, L, L / 2);  // e.g. small packets on a fast link
        RecvFlow f = new RecvFlow(1, false);
        for (int i = 0; i < 5; i++) {
            q.add(f);
        }
        ActionBatch out = batch();
        fast.pump(0, q, out);
        // Due at L and 1.5L: less than 2L away, committed now; the one due at 2L gets a wake-up at L.
        assertEquals(List.of(L, L + L / 2), controls(out).stream().map(NdpTesting.Ctl::time).toList());
        assertEquals(List.of(L), timers(out).stream().map(TimerSet::timePs).toList());
    }
}
