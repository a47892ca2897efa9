package org.cosim.fabric;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

/** The run's own check of the heap while it runs (RunSetup's MemoryBudget checks before it starts). */
class MemoryPressureTest {
    @Test
    void aRunIsStoppedWhenACollectionLeavesTheOldestSpaceMoreThanNinetyPercentFull() {
        assertFalse(MemoryPressure.tooFull(900, 1000), "90% exactly still runs");
        assertTrue(MemoryPressure.tooFull(901, 1000));
        assertFalse(MemoryPressure.tooFull(5, -1), "a space of no known maximum");
        new MemoryPressure().check();  // this test's heap is far from full
    }
}
