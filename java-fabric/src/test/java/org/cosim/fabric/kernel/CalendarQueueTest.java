package org.cosim.fabric.kernel;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Comparator;
import java.util.PriorityQueue;
import java.util.Random;
import org.junit.jupiter.api.Test;

/** The queue against java.util.PriorityQueue ordered by (time, priority, node, insertion sequence). */
class CalendarQueueTest {
    private record Ref(long time, int prio, int node, long seq, int handler, int kind) {}

    private static final Comparator<Ref> ORDER = Comparator.comparingLong(Ref::time)
            .thenComparingInt(Ref::prio).thenComparingInt(Ref::node).thenComparingLong(Ref::seq);

    /** The network, hosts 0, 1 and the last one, switches 0 and the last one. */
    private static final int[] NODES = {NodeRank.NETWORK, NodeRank.host(0), NodeRank.host(1),
        NodeRank.host((1 << (NodeRank.BITS - 1)) - 2), NodeRank.ofSwitch(0), NodeRank.ofSwitch((1 << (NodeRank.BITS - 1)) - 1)};

    /**
     * Random interleaving of pushes and pops; times drawn from a small range so ties in
     * time (and in time, priority and node) are frequent. The queue grows past its initial
     * 1024 slots. The pop order must match the reference exactly.
     */
    private static void stress(long seed, int maxPriority) {
        Random rnd = new Random(seed);
        CalendarQueue q = new CalendarQueue();
        PriorityQueue<Ref> ref = new PriorityQueue<>(ORDER);
        long seq = 0;
        int pops = 0;
        for (int step = 0; step < 60_000; step++) {
            // push-biased for the first half (the heap grows to thousands), pop-biased after
            boolean push = ref.isEmpty() || rnd.nextInt(100) < (step < 30_000 ? 65 : 35);
            if (push) {
                long t = rnd.nextInt(200);
                int prio = rnd.nextInt(maxPriority + 1);
                int node = NODES[rnd.nextInt(NODES.length)];
                int handler = rnd.nextInt(1000);
                int kind = rnd.nextInt(16);
                q.push(t, prio, node, handler, kind, seq);  // arg carries the insertion sequence
                ref.add(new Ref(t, prio, node, seq, handler, kind));
                seq++;
            } else {
                Ref expected = ref.poll();
                q.pop();
                pops++;
                assertEquals(expected.seq(), q.lastArg, "pop " + pops + " returned the wrong event");
                assertEquals(expected.time(), q.lastTime);
                assertEquals(expected.handler(), q.lastHandler);
                assertEquals(expected.kind(), q.lastKind);
            }
            assertEquals(ref.size(), q.size());
            if (!ref.isEmpty()) {
                assertEquals(ref.peek().time(), q.peekTime());
            }
        }
        while (!ref.isEmpty()) {
            Ref expected = ref.poll();
            q.pop();
            assertEquals(expected.seq(), q.lastArg);
        }
        assertTrue(q.isEmpty());
        assertTrue(pops > 10_000);
    }

    @Test
    void randomPushesAndPopsMatchReferenceOrderForPriorities0To127() {
        stress(20240601L, 127);
        stress(7L, 3);  // few priorities: many exact (time, priority, node) ties resolved by sequence
    }

    @Test
    void randomPushesAndPopsMatchReferenceOrderForFullPriorityRange() {
        stress(20240601L, CalendarQueue.MAX_PRIORITY);
    }

    /**
     * As the Simulator uses it (never before the latest pop), with times spread over
     * every scale the calendar distinguishes: the same bucket, the next ones, across
     * the bitmap's words, past the 16.8 us year (the far heap), and exact ties at
     * one picosecond with mixed priorities; pops must follow the reference exactly.
     */
    @Test
    void calendarAndFarHeapTogetherMatchTheReferenceOrder() {
        for (long seed : new long[] {1, 2, 3}) {
            Random rnd = new Random(seed);
            CalendarQueue q = new CalendarQueue();
            PriorityQueue<Ref> ref = new PriorityQueue<>(ORDER);
            long now = 0;
            long seq = 0;
            long[] scales = {1, 1_000, 70_000, 1_000_000, 17_000_000, 40_000_000, 2_000_000_000L};
            for (int step = 0; step < 200_000; step++) {
                boolean push = ref.isEmpty() || rnd.nextInt(100) < (step % 40_000 < 20_000 ? 60 : 40);
                if (push) {
                    long t = now + (rnd.nextInt(10) == 0 ? 0 : (long) (rnd.nextDouble() * scales[rnd.nextInt(scales.length)]));
                    int prio = rnd.nextInt(3) * 50;
                    int node = NODES[rnd.nextInt(NODES.length)];
                    q.push(t, prio, node, 7, 3, seq);
                    ref.add(new Ref(t, prio, node, seq, 7, 3));
                    seq++;
                } else {
                    Ref expected = ref.poll();
                    assertEquals(expected.time(), q.peekTime());
                    q.pop();
                    assertEquals(expected.seq(), q.lastArg, "seed " + seed + ", step " + step);
                    assertEquals(expected.time(), q.lastTime);
                    assertEquals(7, q.lastHandler);
                    assertEquals(3, q.lastKind);
                    now = expected.time();
                }
                assertEquals(ref.size(), q.size());
            }
            while (!ref.isEmpty()) {
                q.pop();
                assertEquals(ref.poll().seq(), q.lastArg);
            }
            assertTrue(q.isEmpty());
        }
    }

    @Test
    void heapStaysOrderedWhenItGrowsPast1024Entries() {
        CalendarQueue q = new CalendarQueue();
        for (int i = 5000; i > 0; i--) {  // descending times: every push sifts to the root
            q.push(i, 0, NodeRank.NETWORK, 0, 0, i);
        }
        assertEquals(5000, q.size());
        for (int i = 1; i <= 5000; i++) {
            q.pop();
            assertEquals(i, q.lastTime);
            assertEquals(i, q.lastArg);
        }
        assertTrue(q.isEmpty());
    }
}
