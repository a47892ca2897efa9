package org.cosim.fabric.packet;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayDeque;
import java.util.Random;
import org.junit.jupiter.api.Test;

class PacketFifoTest {
    @Test
    void keepsFifoOrderWhenTheRingGrowsWhileWrappedAround() {
        PacketFifo q = new PacketFifo();
        int next = 0;
        int expect = 0;
        // Initial ring of 16: fill 12, drain 10 -> head at 10; then add 30 more: the ring
        // wraps past index 15 and then grows (16 -> 32 -> 64) while head != 0.
        for (int i = 0; i < 12; i++) {
            q.add(next++);
        }
        for (int i = 0; i < 10; i++) {
            assertEquals(expect++, q.poll());
        }
        for (int i = 0; i < 30; i++) {
            q.add(next++);
        }
        assertEquals(32, q.size());
        assertEquals(expect, q.peek());
        while (!q.isEmpty()) {
            assertEquals(expect++, q.poll());
        }
        assertEquals(next, expect);
        assertEquals("[]", q.toString());
    }

    @Test
    void toStringListsItemsOldestFirst() {
        PacketFifo q = new PacketFifo();
        for (int i = 0; i < 20; i++) {
            q.add(i);
        }
        for (int i = 0; i < 17; i++) {
            q.poll();
        }
        q.add(100);
        assertEquals("[17, 18, 19, 100]", q.toString());
    }

    @Test
    void matchesArrayDequeUnderRandomOperations() {
        Random rnd = new Random(12345);
        PacketFifo q = new PacketFifo();
        ArrayDeque<Integer> ref = new ArrayDeque<>();
        for (int step = 0; step < 100_000; step++) {
            // bursts of growth, then drains: sizes cross every power of two up to a few thousand
            boolean add = ref.isEmpty() || rnd.nextInt(100) < ((step / 5000) % 2 == 0 ? 60 : 40);
            if (add) {
                int v = rnd.nextInt();
                q.add(v);
                ref.add(v);
            } else {
                assertEquals(ref.peek(), q.peek());
                assertEquals(ref.poll(), q.poll());
            }
            assertEquals(ref.size(), q.size());
            assertEquals(ref.isEmpty(), q.isEmpty());
        }
        while (!ref.isEmpty()) {
            assertEquals(ref.poll(), q.poll());
        }
        assertTrue(q.isEmpty());
    }
}
