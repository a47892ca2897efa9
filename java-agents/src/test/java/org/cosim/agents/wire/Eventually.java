package org.cosim.agents.wire;

import java.time.Duration;
import java.util.concurrent.locks.LockSupport;
import java.util.function.BooleanSupplier;

/** Waits, with a deadline, for a condition another thread makes true. */
final class Eventually {
    private Eventually() {}

    static boolean holds(Duration within, BooleanSupplier condition) {
        long end = System.nanoTime() + within.toNanos();
        while (System.nanoTime() < end) {
            if (condition.getAsBoolean()) {
                return true;
            }
            LockSupport.parkNanos(1_000_000);
        }
        return condition.getAsBoolean();
    }
}
