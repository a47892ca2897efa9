package org.cosim.validation.validate;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.concurrent.atomic.AtomicBoolean;
import org.junit.jupiter.api.Test;

/** Which run a worker may start: the judged experiment's always, later ones only within the lookahead. */
class RunQueueTest {
    /** Items a..e, first needed by experiments 0, 0, 1, 2, 3. */
    private static RunQueue<String> queue(int lookahead, AtomicBoolean stop) {
        return new RunQueue<>(List.of("a", "b", "c", "d", "e"), new int[] {0, 0, 1, 2, 3}, lookahead, stop::get);
    }

    /**
     * take() on a thread of its own, or null if it is still waiting after 300 ms; that thread is then interrupted
     * and gone before this returns, so it cannot take an item meant for a later take().
     */
    private static String takeWithin(RunQueue<String> q) throws Exception {
        ExecutorService one = Executors.newSingleThreadExecutor();
        try {
            return one.submit(q::take).get(300, TimeUnit.MILLISECONDS);
        } catch (TimeoutException e) {
            return null;
        } finally {
            one.shutdownNow();
            assertTrue(one.awaitTermination(10, TimeUnit.SECONDS), "the waiting take() ends when interrupted");
        }
    }

    @Test
    void withoutLookaheadRunsWaitForTheirExperiment() throws Exception {
        RunQueue<String> q = queue(0, new AtomicBoolean());
        assertEquals("a", q.take());
        assertEquals("b", q.take());
        assertNull(takeWithin(q), "c belongs to experiment 1, not yet judged");
        q.judging(1);
        assertEquals("c", q.take());
        q.judging(3);  // an experiment may be judged without new runs of its own (d is 2's)
        assertEquals("d", q.take());
        assertEquals("e", q.take());
        assertNull(q.take(), "all handed out");
    }

    @Test
    void lookaheadBoundsTheRunsStartedForLaterExperiments() throws Exception {
        RunQueue<String> q = queue(2, new AtomicBoolean());
        assertEquals("a", q.take());
        assertEquals("b", q.take());
        assertEquals("c", q.take());
        assertEquals("d", q.take());
        assertNull(takeWithin(q), "two runs ahead of experiment 0 have started");
        q.judging(1);  // c is now the judged experiment's: one run ahead (d)
        assertEquals("e", q.take());
    }

    @Test
    void aStopHandsOutEverythingAtOnce() throws Exception {
        AtomicBoolean stop = new AtomicBoolean();
        RunQueue<String> q = queue(0, stop);
        q.take();
        q.take();
        stop.set(true);
        assertEquals("c", takeWithin(q), "a waiting worker notices the stop");
        assertEquals("d", q.take());
        assertEquals("e", q.take());
        assertNull(q.take());
    }

    @Test
    void itemsMustComeInExperimentOrder() {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> new RunQueue<>(List.of("a", "b"), new int[] {1, 0}, 0, () -> false));
        assertTrue(e.getMessage().contains("order"), e.getMessage());
    }
}
