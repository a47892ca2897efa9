package org.cosim.setup;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.concurrent.atomic.AtomicInteger;
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
    void aStopAFifthOfASecondIntoAK32FatTreesSetUpEndsItWithinASecond() {
        // 8192 hosts under 1280 switches: building the routes alone takes seconds (2-7 s on 2 busy cores).
        Scenario big = permutation(32);
        long start = System.nanoTime();
        SetUpStop stop = new SetUpStop(() -> System.nanoTime() - start > 200_000_000L);
        SetUpStop.Stopped e = assertThrows(SetUpStop.Stopped.class, () -> RunSetup.of(big, stop));
        double seconds = (System.nanoTime() - start) / 1e9;
        assertTrue(seconds < 1.2, "ended " + seconds + " s after the start, 0.2 s after the stop");
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
