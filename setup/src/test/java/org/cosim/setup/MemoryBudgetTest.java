package org.cosim.setup;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.cosim.scenario.ScenarioException;
import org.junit.jupiter.api.Test;

/**
 * A run is sized against the heap before it starts (MemoryBudget), and stopped when a collection leaves the heap
 * full after all (MemoryPressure), rather than running out of memory at its end or thrashing.
 */
class MemoryBudgetTest {
    private static final long GB = 1L << 30;

    /** The TIMELY incast (40 flows, one monitored queue: 41 series) for {@code durationUs}, sampled every {@code us}. */
    private static RunSetup incast(int connections, double durationUs, double sampleUs) {
        return RunSetup.of(Scenarios.parse("""
                seed: 1
                duration_us: %s
                topology { incast_star { clients: 10 client_rate_gbps: 10 server_rate_gbps: 20 link_delay_us: 5 } }
                protocol { timely {} }
                workload { overload_intended: true incast { connections_per_client: %d flow_bytes: 0 } }
                output { warmup_us: 0 sample_interval_us: %s }
                """.formatted(durationUs, connections, sampleUs)));
    }

    @Test
    void timeSeriesOf82MillionValuesAreRefusedOnA1GbHeapNamingTheInterval() {
        // 41 series x 2 M samples (200 ms every 0.1 us) = 82 M values x 16 B = 1.2 GB > 80% of 1 GB.
        RunSetup sim = incast(4, 200_000, 0.1);
        ScenarioException e = assertThrows(ScenarioException.class, () -> sim.memoryBudget(GB).check());
        assertEquals("output.sample_interval_us", e.field());
        assertTrue(e.getMessage().contains("would hold about 1.2 GB (1.2 GB of it for 2000000 samples of 41 time "
                + "series"), e.getMessage());
        assertTrue(e.getMessage().contains("more than the 819 MB this JVM may use (80% of its 1.0 GB heap)"),
                e.getMessage());
        // Where 41 series fill what the flows (40 x 1 KB) and the routes (1 switch x 11 hosts x 4 B) leave of
        // 0.8 GB: 200,000 us x 41 x 16 B / 858,952,455 B = 0.152744 us.
        assertTrue(e.getMessage().contains("sample at least every 0.152744 us"), e.getMessage());
        sim.memoryBudget(2 * GB).check();  // 1.2 GB < 1.6 GB: fits a JVM twice the size
    }

    @Test
    void halfAMillionFlowsAreRefusedOnA512MbHeapNamingTheWorkload() {
        // 10 clients x 50,000 connections: 500,000 flows x 1 KB = 488 MB, with their time series 496 MB, > 410 MB.
        RunSetup sim = incast(50_000, 1000, 1000);
        ScenarioException e = assertThrows(ScenarioException.class, () -> sim.memoryBudget(512L << 20).check());
        assertEquals("workload", e.field());
        assertTrue(e.getMessage().contains("would hold about 496 MB (488 MB of it for its 500000 flows), more than "
                + "the 410 MB this JVM may use (80% of its 512 MB heap); make fewer flows"), e.getMessage());
    }
}
