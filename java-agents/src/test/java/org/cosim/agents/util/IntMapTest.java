package org.cosim.agents.util;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;

import org.junit.jupiter.api.Test;

class IntMapTest {
    @Test
    void holdsManyKeysWithoutBoxing() {
        IntMap<String> m = new IntMap<>();
        for (int k = -500; k < 5000; k += 3) {
            m.put(k, "v" + k);
        }
        for (int k = -500; k < 5000; k += 3) {
            assertEquals("v" + k, m.get(k));
        }
        assertNull(m.get(2));
        m.put(4, "again");
        assertEquals("again", m.get(4));
        assertEquals((5000 + 500 + 2) / 3, m.size());
        assertThrows(IllegalArgumentException.class, () -> m.put(Integer.MIN_VALUE, "x"));
    }
}
