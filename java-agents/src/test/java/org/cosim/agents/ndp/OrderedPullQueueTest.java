package org.cosim.agents.ndp;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/** A researcher's pull order picks among the waiting flows of a class, shown in the order they began waiting. */
class OrderedPullQueueTest extends PullQueueContract {
    /** The flow with the most pulls queued (the first of equals); records what it was shown. */
    private final List<List<Integer>> shown = new ArrayList<>();
    private final PullOrder mostQueued = (waiting, now) -> {
        shown.add(waiting.stream().map(PullingFlow::flowId).toList());
        int best = 0;
        for (int i = 1; i < waiting.size(); i++) {
            if (waiting.get(i).queuedPulls() > waiting.get(best).queuedPulls()) {
                best = i;
            }
        }
        return best;
    };

    @Override
    PullQueue newQueue() {
        return new OrderedPullQueue(mostQueued);
    }

    @Test
    void theOrderChoosesEachPull() {
        add(new RecvFlow(1, false), 1);
        add(new RecvFlow(2, false), 3);
        add(new RecvFlow(3, false), 2);
        // Round robin would give 1, 2, 3, 2, 3, 2.
        assertEquals(List.of(2, 2, 3, 1, 2, 3), drain());
        assertEquals(List.of(1, 2, 3), shown.get(0), "flows in the order they began waiting");
        assertEquals(List.of(2, 3), shown.get(4), "a flow with no pull left is not shown");
    }

    @Test
    void prioritizedFlowsAreChosenAmongThemselves() {
        add(new RecvFlow(1, false), 5);
        add(new RecvFlow(9, true), 1);
        add(new RecvFlow(8, true), 2);
        assertEquals(List.of(8, 9, 8, 1, 1, 1, 1, 1), drain());
        assertEquals(List.of(9, 8), shown.get(0), "only the prioritized class, while it has pulls");
        assertEquals(List.of(1), shown.get(3));
    }

    @Test
    void aFlowThatEmptiesJoinsAtTheEndWhenItWaitsAgain() {
        RecvFlow a = new RecvFlow(1, false);
        add(a, 1);
        add(new RecvFlow(2, false), 1);
        assertEquals(1, q.take(0).flow);
        add(a, 1);
        q.take(0);
        assertEquals(List.of(2, 1), shown.get(1));
    }

    @Test
    void anIndexOutsideTheListFailsNamingTheOrder() {
        PullOrder broken = (waiting, now) -> waiting.size();
        OrderedPullQueue bad = new OrderedPullQueue(broken);
        bad.add(new RecvFlow(1, false));
        IllegalStateException e = assertThrows(IllegalStateException.class, () -> bad.take(0));
        assertTrue(e.getMessage().contains(".next returned 1 for 1 waiting flows"), e.getMessage());
        assertTrue(e.getMessage().contains(broken.getClass().getName()), e.getMessage());
    }

    @Test
    void theFlowViewTellsWhatTheReceiverKnows() {
        RecvFlow f = new RecvFlow(7, true);
        f.heard(5);
        f.heard(9);
        f.received = 3;
        f.pullNumber = 2;
        assertEquals(7, f.flowId());
        assertTrue(f.prioritized());
        assertEquals(5, f.firstArrivalPs());
        assertEquals(9, f.lastArrivalPs());
        assertEquals(3, f.packetsReceived());
        assertEquals(-1, f.packetsTotal(), "unknown until the last packet");
        assertEquals(2, f.pullsSent());
    }
}
