package org.cosim.agents.ndp;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

class PullQueueTest {
    private final PullQueue q = new PullQueue();

    private List<Integer> drain() {
        List<Integer> out = new ArrayList<>();
        for (RecvFlow f = q.take(); f != null; f = q.take()) {
            out.add(f.flow);
        }
        return out;
    }

    private void add(RecvFlow f, int pulls) {
        for (int i = 0; i < pulls; i++) {
            q.add(f);
        }
    }

    @Test
    void flowsTakeTurnsOnePullAtATime() {
        add(new RecvFlow(1, false), 3);
        add(new RecvFlow(2, false), 1);
        add(new RecvFlow(3, false), 2);
        assertEquals(6, q.size());
        assertEquals(List.of(1, 2, 3, 1, 3, 1), drain());
        assertTrue(q.isEmpty());
    }

    @Test
    void prioritizedFlowsGoStrictlyFirst() {
        add(new RecvFlow(1, false), 2);
        add(new RecvFlow(9, true), 2);
        add(new RecvFlow(8, true), 1);
        assertEquals(List.of(9, 8, 9, 1, 1), drain());
    }

    @Test
    void aNewFlowJoinsTheBackOfTheRound() {
        RecvFlow a = new RecvFlow(1, false);
        RecvFlow b = new RecvFlow(2, false);
        add(a, 2);
        add(b, 2);
        assertEquals(1, q.take().flow);
        add(new RecvFlow(3, false), 1);  // behind b and a
        assertEquals(List.of(2, 1, 3, 2), drain());
    }

    @Test
    void cappingDropsPullsAndSkipsEmptiedFlows() {
        RecvFlow a = new RecvFlow(1, false);
        RecvFlow b = new RecvFlow(2, false);
        add(a, 4);
        add(b, 2);
        q.cap(a, 1);
        assertEquals(3, q.size());
        q.cap(b, 0);
        assertEquals(1, q.size());
        q.cap(a, 5);  // a cap above what is queued changes nothing
        assertEquals(List.of(1), drain());
        assertNull(q.take());
        add(b, 1);    // an emptied flow can come back
        assertEquals(List.of(2), drain());
    }
}
