package org.cosim.agents.host;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import org.junit.jupiter.api.Test;

/** The pending-timer multiset: each set fires once, removal keeps every other entry findable. */
class PendingTimersTest {
    @Test
    void aTimerFiresOncePerSet() {
        PendingTimers t = new PendingTimers();
        assertFalse(t.fire(0, 5));
        t.set(0, 5);
        t.set(0, 5);
        t.set(1, 5);
        assertTrue(t.fire(0, 5));
        assertTrue(t.fire(0, 5));
        assertFalse(t.fire(0, 5), "set twice, fired twice");
        assertFalse(t.fire(2, 5), "another host's id");
        assertTrue(t.fire(1, 5));
    }

    /** Against a map, through growth and many removals (backward shifts across the table's wrap included). */
    @Test
    void agreesWithAMapUnderRandomSetsAndFires() {
        Random rnd = new Random(42);
        PendingTimers t = new PendingTimers();
        Map<List<Long>, Integer> ref = new HashMap<>();
        for (int step = 0; step < 200_000; step++) {
            int host = rnd.nextInt(8);
            long id = rnd.nextInt(400) * 0x1_0000_0001L;
            List<Long> key = List.of((long) host, id);
            if (rnd.nextInt(3) > 0) {
                t.set(host, id);
                ref.merge(key, 1, Integer::sum);
            } else {
                boolean pending = ref.getOrDefault(key, 0) > 0;
                assertEquals(pending, t.fire(host, id), "step " + step);
                if (pending) {
                    ref.merge(key, -1, Integer::sum);
                }
            }
        }
        for (Map.Entry<List<Long>, Integer> e : ref.entrySet()) {
            for (int k = 0; k < e.getValue(); k++) {
                assertTrue(t.fire(e.getKey().get(0).intValue(), e.getKey().get(1)), e.getKey().toString());
            }
            assertFalse(t.fire(e.getKey().get(0).intValue(), e.getKey().get(1)), e.getKey().toString());
        }
    }
}
