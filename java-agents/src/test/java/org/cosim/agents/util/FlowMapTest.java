package org.cosim.agents.util;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

import java.util.HashMap;
import java.util.Map;
import org.junit.jupiter.api.Test;

class FlowMapTest {
    @Test
    void behavesLikeAMapUnderChurn() {
        FlowMap<Integer> m = new FlowMap<>();
        Map<Integer, Integer> ref = new HashMap<>();
        long x = 12345;
        for (int step = 0; step < 20_000; step++) {
            x = x * 6364136223846793005L + 1442695040888963407L;
            int key = (int) ((x >>> 33) % 300);
            if (((x >>> 20) & 3) == 0) {
                m.remove(key);
                ref.remove(key);
            } else {
                m.put(key, step);
                ref.put(key, step);
            }
            assertEquals(ref.size(), m.size());
        }
        for (int k = 0; k < 300; k++) {
            assertEquals(ref.get(k), m.get(k), "key " + k);
        }
        assertNull(m.get(100_000));
    }
}
