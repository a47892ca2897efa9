package org.cosim.agents.ndp;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.junit.jupiter.api.Test;

/** The paper's pull queue: round robin, prioritized flows first. */
class FairPullQueueTest extends PullQueueContract {
    @Override
    PullQueue newQueue() {
        return new FairPullQueue();
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
        assertEquals(1, q.take(0).flow);
        add(new RecvFlow(3, false), 1);  // behind b and a
        assertEquals(List.of(2, 1, 3, 2), drain());
    }
}
