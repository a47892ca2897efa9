package org.cosim.validation.ndp;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.cosim.runner.ShippedScenarios;
import org.cosim.runner.results.RunResults;
import org.cosim.runner.results.Summary;
import org.cosim.validation.experiments.PaperChecks;
import org.cosim.validation.experiments.SharedRuns;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * NDP's permutation on 128 hosts (k = 8), 20 ms after 5 ms of warm-up: return-to-sender
 * keeps it lossless and packet spraying starves no flow. Its utilization, and Fig 14's
 * on 432 hosts, are checks of the experiments ndp-scaling and ndp-fig14 (PaperChecksTest), whose run this
 * is (SharedRuns).
 */
@ExtendWith(SharedRuns.Extension.class)
class NdpPermutationTest {
    @Test
    void permutationOn128HostsDropsNothingAndStarvesNoFlow(SharedRuns runs) {
        RunResults r = runs.run(ShippedScenarios.read("ndp-permutation-128.textproto", "duration_us=20000",
                "output.warmup_us=5000"));
        assertTrue(r.complete(), () -> "run failed: " + r.failure());
        assertEquals(0, r.counters().dropPackets());
        Summary s = Summary.of(r);
        assertEquals(128, s.flowThroughputGbps().length);
        // Fig 14's bound on the slowest flow, at 128 hosts.
        PaperChecks.assertWithinTolerance(PaperChecks.check("ndp-fig14", "NDP slowest flow"),
                s.flowThroughputMinGbps(), "slowest flow");
    }
}
