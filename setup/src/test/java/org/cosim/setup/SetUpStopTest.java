package org.cosim.setup;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;
import org.cosim.proto.Scenario;
import org.junit.jupiter.api.Test;

/**
 * Ctrl-C or SIGTERM while a large run is being set up: the set-up asks for a stop between
 * its steps and in every iteration of its long loops (routes, flow times, the session), so
 * it ends soon after the request instead of when the set-up is done.
 */
class SetUpStopTest {
    /** A k-ary fat tree (k^3 / 4 hosts) with a permutation: one long-lived flow from every host. */
    private static Scenario permutation(int k) {
        return Scenarios.parse("""
                seed: 1
                duration_us: 1000
                topology { fat_tree { k: %d link_rate_gbps: 10 link_delay_us: 1 } switches { ndp {} } }
                protocol { ndp {} }
                output { sample_interval_us: 100 }
                workload { permutation { flow_bytes: 0 } }
                """.formatted(k));
    }

    @Test
    void aStopMidwayThroughAK32FatTreesRoutesEndsTheSetUpWithinASecond() {
        // 8192 hosts under 1280 switches, 512 of them ToRs. The set-up asks twice before the routes, then once per
        // ToR's search (512) and once per host's row (8192): the 2000th time lies among the hosts' rows.
        Scenario big = permutation(32);
        AtomicInteger asked = new AtomicInteger();
        AtomicLong requestedAt = new AtomicLong();
        SetUpStop stop = new SetUpStop(() -> {
            if (asked.incrementAndGet() < 2000) {
                return false;
            }
            requestedAt.compareAndSet(0, System.nanoTime());
            return true;
        });
        SetUpStop.Stopped e = assertThrows(SetUpStop.Stopped.class, () -> RunSetup.of(big, stop));
        double seconds = (System.nanoTime() - requestedAt.get()) / 1e9;
        assertEquals(2000, asked.get(), "the set-up ended at the first check that saw the request");
        assertTrue(seconds < 1, "ended " + seconds + " s after the stop");
        assertEquals("stopped during its set-up, before simulated time started", e.getMessage());
    }

    @Test
    void theSetUpAsksOnceAStepAndOnceARouteTableRowAndTwiceAFlow() {
        // k = 4: 16 hosts under 8 edge switches, 16 flows. Asked: 4 times between steps, once per edge switch's
        // search (8) and per host's row (16), and once per flow for its times and its session entry (2 x 16):
        // 4 + 8 + 16 + 32 = 60.
        AtomicInteger asked = new AtomicInteger();
        RunSetup sim = RunSetup.of(permutation(4), new SetUpStop(() -> asked.incrementAndGet() < 0));
        assertEquals(16, sim.flows().size());
        assertEquals(60, asked.get());
    }

    @Test
    void aStopBeforeTheSetUpBuildsNothing() {
        AtomicInteger asked = new AtomicInteger();
        assertThrows(SetUpStop.Stopped.class, () -> RunSetup.of(permutation(4),
                new SetUpStop(() -> asked.incrementAndGet() > 0)));
        assertEquals(1, asked.get(), "asked once, before the topology is built");
    }
}
