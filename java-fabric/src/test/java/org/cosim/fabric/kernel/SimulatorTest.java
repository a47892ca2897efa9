package org.cosim.fabric.kernel;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

class SimulatorTest {
    /** An event as its handler received it: the simulated time then, its kind and its argument. */
    private record Received(long timePs, int kind, long arg) { }

    /** A handler that records each event it receives. */
    private static final class Recorder implements EventHandler {
        final Simulator sim;
        final List<Received> seen = new ArrayList<>();

        Recorder(Simulator sim) {
            this.sim = sim;
        }

        @Override
        public void handle(int kind, long arg) {
            seen.add(new Received(sim.now(), kind, arg));
        }

        List<Long> args() {
            List<Long> out = new ArrayList<>();
            for (Received e : seen) {
                out.add(e.arg());
            }
            return out;
        }
    }

    @Test
    void eventsRunInTimeThenPriorityThenInsertionOrder() {
        Simulator sim = new Simulator();
        Recorder r = new Recorder(sim);
        int h = sim.register(r);
        // Inserted out of order on purpose; arg = the expected position in the run order.
        sim.schedule(10, 100, h, 0, 3);  // t=10, default priority, first inserted of its kind
        sim.schedule(10, 0, h, 0, 1);    // t=10, PRIORITY_FIRST
        sim.schedule(10, 100, h, 0, 4);  // t=10, default priority, inserted after arg 3
        sim.schedule(10, 50, h, 0, 2);   // t=10, between
        sim.schedule(5, 100, h, 0, 0);   // earlier time beats any priority
        sim.schedule(11, 0, h, 0, 5);    // later time loses to any priority
        sim.runUntil(100);
        assertEquals(List.of(0L, 1L, 2L, 3L, 4L, 5L), r.args());
    }

    @Test
    void sameTimeAndPriorityRunNetworkThenHostsThenSwitchesThenInInsertionOrder() {
        Simulator sim = new Simulator();
        List<String> order = new ArrayList<>();
        int sw = sim.register((k, a) -> order.add("switch0/" + a), NodeRank.ofSwitch(0));
        int h1 = sim.register((k, a) -> order.add("host1/" + a), NodeRank.host(1));
        int h0 = sim.register((k, a) -> order.add("host0/" + a), NodeRank.host(0));
        int net = sim.register((k, a) -> order.add("network/" + a));
        // All at t=10, default priority, inserted switch first and network last.
        sim.schedule(10, sw, 0, 1);
        sim.schedule(10, h1, 0, 1);
        sim.schedule(10, h0, 0, 1);
        sim.schedule(10, sw, 0, 2);
        sim.schedule(10, net, 0, 1);
        sim.schedule(10, h0, 0, 2);
        sim.schedule(9, sw, 0, 0);  // an earlier time still runs first
        sim.runUntil(11);
        assertEquals(List.of("switch0/0", "network/1", "host0/1", "host0/2", "host1/1", "switch0/1", "switch0/2"),
                order);
    }

    @Test
    void aPacketArrivalRunsAsAnEventOfTheSendingNode() {
        Simulator sim = new Simulator();
        List<String> order = new ArrayList<>();
        int h0 = sim.register((k, a) -> order.add("host0/" + a), NodeRank.host(0));
        int sw = sim.register((k, a) -> order.add("switch0/" + a), NodeRank.ofSwitch(0));
        int h5 = sim.register((k, a) -> order.add("host5/" + a), NodeRank.host(5));
        // At t=20, inserted in this order: a packet switch 0 sends to host 0 (an event of the
        // switch's, so after every host's); a packet host 5 sends to the switch (host 5's event);
        // host 0's own event (host 0's, first).
        sim.scheduleArrival(20, sw, h0, 0, 1);
        sim.scheduleArrival(20, h5, sw, 0, 2);
        sim.schedule(20, h0, 0, 3);
        sim.runUntil(21);
        assertEquals(List.of("host0/3", "switch0/2", "host0/1"), order);
    }

    @Test
    void aNodeOutsideTheOrdersFieldIsRefused() {
        Simulator sim = new Simulator();
        assertThrows(IllegalArgumentException.class, () -> sim.register((k, a) -> { }, 1 << NodeRank.BITS));
        assertThrows(IllegalArgumentException.class, () -> NodeRank.host((1 << (NodeRank.BITS - 1)) - 1));
        assertThrows(IllegalArgumentException.class, () -> NodeRank.ofSwitch(1 << (NodeRank.BITS - 1)));
    }

    @Test
    void samePrioritySameTimeRunsInInsertionOrder() {
        Simulator sim = new Simulator();
        Recorder r = new Recorder(sim);
        int h = sim.register(r);
        List<Long> expected = new ArrayList<>();
        for (long i = 0; i < 3000; i++) {  // more than the queue's initial 1024 slots
            sim.schedule(42, h, 0, i);
            expected.add(i);
        }
        sim.runUntil(43);
        assertEquals(expected, r.args());
        assertEquals(3000, sim.eventsProcessed());
    }

    @Test
    void eventScheduledForNowFromAHandlerRunsAfterEarlierSameTimeEvents() {
        Simulator sim = new Simulator();
        List<Long> order = new ArrayList<>();
        int[] self = new int[1];
        self[0] = sim.register((kind, arg) -> {
            order.add(arg);
            if (arg == 1) {
                sim.schedule(sim.now(), self[0], 0, 3);  // same time, same priority, inserted last
            }
        });
        sim.schedule(7, self[0], 0, 1);
        sim.schedule(7, self[0], 0, 2);
        sim.runUntil(8);
        assertEquals(List.of(1L, 2L, 3L), order);
    }

    @Test
    void handlerSeesItsKindAndArgAndTheEventTime() {
        Simulator sim = new Simulator();
        Recorder r = new Recorder(sim);
        int h = sim.register(r);
        sim.schedule(1_200_000, h, 37, 0x1234_5678_9abcL);
        sim.runUntil(2_000_000);
        assertEquals(1, r.seen.size());
        assertEquals(new Received(1_200_000, 37, 0x1234_5678_9abcL), r.seen.get(0));
    }

    @Test
    void schedulingInThePastThrows() {
        Simulator sim = new Simulator();
        int h = sim.register((k, a) -> { });
        sim.runUntil(1000);
        assertEquals(1000, sim.now());
        assertThrows(IllegalStateException.class, () -> sim.schedule(999, h, 0, 0));
        sim.schedule(1000, h, 0, 0);  // "now" itself is allowed
        assertEquals(1, sim.pendingEvents());
    }

    @Test
    void schedulingBeforeTheCurrentEventFromAHandlerThrows() {
        Simulator sim = new Simulator();
        List<Throwable> caught = new ArrayList<>();
        int[] self = new int[1];
        self[0] = sim.register((k, a) -> {
            try {
                sim.schedule(sim.now() - 1, self[0], 0, 0);
            } catch (IllegalStateException e) {
                caught.add(e);
            }
        });
        sim.schedule(500, self[0], 0, 0);
        sim.runUntil(1000);
        assertEquals(1, caught.size());
    }

    @Test
    void badPriorityAndUnknownHandlerAreRejected() {
        Simulator sim = new Simulator();
        int h = sim.register((k, a) -> { });
        assertThrows(IllegalArgumentException.class, () -> sim.schedule(0, -1, h, 0, 0));
        assertThrows(IllegalArgumentException.class, () -> sim.schedule(0, 256, h, 0, 0));
        assertThrows(IllegalArgumentException.class, () -> sim.schedule(0, h + 1, 0, 0));
        assertThrows(IllegalArgumentException.class, () -> sim.schedule(0, -1, 0, 0));
    }

    @Test
    void runUntilRunsEventsStrictlyBeforeTheEndAndLeavesLaterOnesPending() {
        Simulator sim = new Simulator();
        Recorder r = new Recorder(sim);
        int h = sim.register(r);
        sim.schedule(10, h, 0, 10);
        sim.schedule(19, h, 0, 19);
        sim.schedule(20, h, 0, 20);  // exactly at the end: not run
        sim.schedule(30, h, 0, 30);
        sim.runUntil(20);
        assertEquals(List.of(10L, 19L), r.args());
        assertEquals(2, sim.pendingEvents());
        assertEquals(20, sim.now(), "now() advances to the end even without an event there");
        sim.runUntil(31);
        assertEquals(List.of(10L, 19L, 20L, 30L), r.args());
        assertEquals(0, sim.pendingEvents());
        assertEquals(31, sim.now());
        assertEquals(4, sim.eventsProcessed());
    }

    @Test
    void manyHandlersCanRegister() {
        Simulator sim = new Simulator();
        List<Integer> hit = new ArrayList<>();
        int[] ids = new int[100];  // more than the initial 16 handler slots
        for (int i = 0; i < ids.length; i++) {
            int me = i;
            ids[i] = sim.register((k, a) -> hit.add(me));
            assertEquals(i, ids[i]);
        }
        for (int i = ids.length - 1; i >= 0; i--) {
            sim.schedule(ids.length - i, ids[i], 0, 0);
        }
        sim.runUntil(1000);
        assertEquals(100, hit.size());
        assertEquals(99, hit.get(0));
        assertEquals(0, hit.get(99));
    }

    /**
     * Valid priorities are 0..127 (CalendarQueue.MAX_PRIORITY) and a lower value runs first,
     * on the highest node too: the order key's top field stays clear of the sign bit.
     */
    @Test
    void highPrioritiesRunAfterLowerOnesAtTheSameTime() {
        Simulator sim = new Simulator();
        Recorder r = new Recorder(sim);
        int h = sim.register(r, NodeRank.ofSwitch((1 << (NodeRank.BITS - 1)) - 1));
        sim.schedule(10, 127, h, 0, 3);
        sim.schedule(10, 64, h, 0, 2);
        sim.schedule(10, Simulator.PRIORITY_DEFAULT, h, 0, 1);  // 0 < 64 < 100 < 127
        sim.schedule(10, Simulator.PRIORITY_FIRST, h, 0, 0);
        sim.runUntil(11);
        assertEquals(List.of(0L, 2L, 1L, 3L), r.args());
        assertThrows(IllegalArgumentException.class, () -> sim.schedule(20, 128, h, 0, 4));
    }

    @Test
    void runUntilBeforeTheNextEventRunsNothing() {
        Simulator sim = new Simulator();
        Recorder r = new Recorder(sim);
        int h = sim.register(r);
        sim.schedule(100, h, 0, 0);
        sim.runUntil(50);
        assertTrue(r.seen.isEmpty());
        assertEquals(50, sim.now());
        assertEquals(1, sim.pendingEvents());
    }
}
