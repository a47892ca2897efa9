package org.cosim.agents.ndp;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/** What every pull queue does, whatever its order: counts, prioritized flows first, caps. */
abstract class PullQueueContract {
    PullQueue q;

    abstract PullQueue newQueue();

    @BeforeEach
    void fresh() {
        q = newQueue();
    }

    List<Integer> drain() {
        List<Integer> out = new ArrayList<>();
        for (RecvFlow f = q.take(0); f != null; f = q.take(0)) {
            out.add(f.flow);
        }
        return out;
    }

    void add(RecvFlow f, int pulls) {
        for (int i = 0; i < pulls; i++) {
            q.add(f);
        }
    }

    @Test
    void everyQueuedPullIsTakenOnce() {
        add(new RecvFlow(1, false), 3);
        add(new RecvFlow(2, false), 1);
        add(new RecvFlow(3, false), 2);
        assertEquals(6, q.size());
        List<Integer> out = drain();
        assertEquals(List.of(1, 1, 1, 2, 3, 3), out.stream().sorted().toList());
        assertTrue(q.isEmpty());
        assertNull(q.take(0));
    }

    @Test
    void prioritizedFlowsGoBeforeAllOthers() {
        add(new RecvFlow(1, false), 2);
        add(new RecvFlow(9, true), 2);
        add(new RecvFlow(8, true), 1);
        List<Integer> out = drain();
        assertEquals(Set.of(8, 9), Set.copyOf(out.subList(0, 3)));
        assertEquals(List.of(1, 1), out.subList(3, 5));
    }

    @Test
    void cappingDropsPullsAndAnEmptiedFlowCanComeBack() {
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
        add(b, 1);
        assertEquals(List.of(2), drain());
    }
}
