package org.cosim.agents.host;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import org.junit.jupiter.api.Test;

/** The key multiset (pending timers, outstanding segments): each key added is taken once, removal keeps every other entry findable. */
class KeyMultisetTest {
    @Test
    void aTimerFiresOncePerSet() {
        KeyMultiset t = new KeyMultiset();
        assertFalse(t.take(0, 5, 0));
        t.add(0, 5, 0);
        t.add(0, 5, 0);
        t.add(1, 5, 0);
        assertTrue(t.take(0, 5, 0));
        assertTrue(t.take(0, 5, 0));
        assertFalse(t.take(0, 5, 0), "set twice, fired twice");
        assertFalse(t.take(2, 5, 0), "another host's id");
        assertTrue(t.take(1, 5, 0));
        t.add(0, 0, 16384);
        assertFalse(t.take(0, 0, 1500), "a segment of another size is another key");
        assertTrue(t.take(0, 0, 16384));
    }

    /** Against a map, through growth and many removals (backward shifts across the table's wrap included). */
    @Test
    void agreesWithAMapUnderRandomAddsAndTakes() {
        Random rnd = new Random(42);
        KeyMultiset t = new KeyMultiset();
        Map<List<Long>, Integer> ref = new HashMap<>();
        for (int step = 0; step < 200_000; step++) {
            int host = rnd.nextInt(8);
            long id = rnd.nextInt(400) * 0x1_0000_0001L;
            int third = rnd.nextInt(3) * 1500;
            List<Long> key = List.of((long) host, id, (long) third);
            if (rnd.nextInt(3) > 0) {
                t.add(host, id, third);
                ref.merge(key, 1, Integer::sum);
            } else {
                boolean pending = ref.getOrDefault(key, 0) > 0;
                assertEquals(pending, t.take(host, id, third), "step " + step);
                if (pending) {
                    ref.merge(key, -1, Integer::sum);
                }
            }
        }
        for (Map.Entry<List<Long>, Integer> e : ref.entrySet()) {
            for (int k = 0; k < e.getValue(); k++) {
                assertTrue(t.take(e.getKey().get(0).intValue(), e.getKey().get(1), e.getKey().get(2).intValue()),
                        e.getKey().toString());
            }
            assertFalse(t.take(e.getKey().get(0).intValue(), e.getKey().get(1), e.getKey().get(2).intValue()),
                    e.getKey().toString());
        }
    }
}
