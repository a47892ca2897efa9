package org.cosim.validation.ndp;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Comparator;
import org.cosim.runner.JavaBackend;
import org.cosim.runner.ShippedScenarios;
import org.cosim.runner.results.FlowRecord;
import org.cosim.runner.results.RunResults;
import org.cosim.runner.results.Summary;
import org.cosim.validation.experiments.PaperChecks;
import org.cosim.validation.experiments.SharedRuns;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * NDP's incasts on the 432-host fat tree (Fig 16) and a small version of the
 * 8192-host one (Fig 20), from the shipped scenario files: what the experiments'
 * checks (ndp-fig4, ndp-fig16, ndp-fig20; PaperChecksTest) do not show, the senders'
 * placement, the pull order, losslessness, a stall's regression. The optimum is the
 * earliest the receiver's link can have taken every byte once (Routing.incastOptimumPs).
 */
@ExtendWith(SharedRuns.Extension.class)
class NdpIncastTest {
    private static Summary run(String file, String... overrides) {
        return Summary.of(runChecked(file, overrides));
    }

    /** A shipped scenario's run that completed, every flow finished and nothing dropped. */
    private static RunResults runChecked(String file, String... overrides) {
        return checked(JavaBackend.run(ShippedScenarios.read(file, overrides), t -> { }), file);
    }

    /** {@code r}, a run of {@code file}, after checking that it completed, every flow finished, nothing dropped. */
    private static RunResults checked(RunResults r, String file) {
        assertTrue(r.complete(), () -> "run failed: " + r.failure());
        Summary s = Summary.of(r);
        assertEquals(s.fct().flowsMeasured(), s.fct().flowsFinished(), file + ": every flow completes");
        assertEquals(0, r.counters().dropPackets(), "return-to-sender keeps even headers lossless");
        return r;
    }

    private static FlowRecord fastest(RunResults r) {
        return r.flows().stream().min(Comparator.comparingLong(FlowRecord::fctPs)).orElseThrow();
    }

    /**
     * Fig 16 with the paper's 10:1 WRR and the NDP authors' senders (the N highest
     * host ids): every flow finishes, nothing is dropped, and the slowest is within
     * the paper's bound of the fastest wherever no sender shares the receiver's rack
     * (the experiment ndp-fig16 checks the worst N, the last FCT too). At N = 431
     * every other host sends, its five rack-mates too, and one of them finishes
     * about a third early (1.54x), as in the authors' simulator when its pulls are paced
     * at the link rate as the paper says (1.25-1.47, a rack-mate first; its own program
     * over-pulls by 0.7% and gives 1.05-1.10; docs/ndp.md). So at 431 the test checks
     * who is fastest instead of the spread. These are the experiment's runs (SharedRuns).
     */
    @ParameterizedTest
    @ValueSource(ints = {8, 32, 64, 100, 200, 431})
    void fig16EveryFlowFinishesLosslesslyUnderWrr(int n, SharedRuns runs) {
        String file = "ndp-fig16-incast.textproto";
        RunResults r = checked(runs.run(ShippedScenarios.read(file, "workload.incast.senders=" + n,
                "duration_us=200000")), file);
        Summary s = Summary.of(r);
        assertEquals(n, s.fct().flowsFinished());
        if (n < 427) {
            PaperChecks.assertWithinTolerance(PaperChecks.check("ndp-fig16", "10:1 WRR: slowest FCT over fastest "
                    + "(worst N)"), s.incastSlowestOverFastest(), n + " senders: the spread");
        } else {
            int src = fastest(r).src();
            assertTrue(src >= 1 && src <= 5, "the fastest flow comes from the receiver's rack (hosts 0-5), not host "
                    + src);
        }
    }

    /**
     * Why the senders' placement matters: with 100 senders drawn at random, host 2,
     * the only one in the receiver's rack, gets much of its first window through and
     * finishes first, about a third before the others (the authors' simulator, given
     * the same senders, measured 1.45x; docs/ndp.md).
     */
    @Test
    void fig16WithRandomSendersTheReceiversRackMateFinishesFirst() {
        RunResults r = JavaBackend.run(ShippedScenarios.read("ndp-fig16-incast.textproto",
                "workload.incast.sender_choice=KEYED_SAMPLE"), t -> { });
        Summary s = Summary.of(r);
        assertEquals(100, s.fct().flowsFinished());
        assertTrue(s.incastSlowestOverFastest() > 1.4, "spread " + s.incastSlowestOverFastest());
        FlowRecord fastest = fastest(r);
        assertEquals(2, fastest.src(), "the fastest flow comes from the receiver's rack (hosts 0-5)");
    }

    /**
     * Fig 16 at N = 431 with the authors' simulator's pull round robin (in flow-id order,
     * scenarios/custom/FlowIdRoundRobin.java) and its 0.7% over-pull: the rack-mates that
     * got most of their first window through come last among each round's early arrivals,
     * are trimmed, and finish with the others, as there (1.05-1.10). Host 1, first in the
     * order and never trimmed, finishes first, as there. Either choice alone leaves the
     * head start (1.43, 1.55; docs/ndp.md).
     */
    @Test
    void fig16AtN431WithTheAuthorsPullOrderAndSpacingTheRackMatesLoseTheirHeadStart() {
        RunResults r = JavaBackend.run(ShippedScenarios.read("custom/ndp-htsim-fig16.textproto"), t -> { });
        Summary s = Summary.of(r);
        assertEquals(431, s.fct().flowsFinished());
        PaperChecks.assertWithinTolerance(PaperChecks.check("ndp-fig16", "10:1 WRR: last FCT over the optimum "
                + "(worst N)"), s.incastLastOverOptimum(), "last FCT over the optimum");
        assertTrue(s.incastSlowestOverFastest() <= 1.15, "spread " + s.incastSlowestOverFastest());
        FlowRecord fastest = fastest(r);
        assertEquals(1, fastest.src());
        Summary orderOnly = run("custom/ndp-htsim-fig16.textproto", "protocol.ndp.pull_spacing_bytes=9000");
        assertTrue(orderOnly.incastSlowestOverFastest() > 1.3, "spread " + orderOnly.incastSlowestOverFastest());
    }

    /**
     * The regression of the 8000-sender stall, at CI size: a 127 -> 1 incast on
     * k = 8 with a 50-header header queue (86% of trimmed headers come back) and a
     * 200 us RTO, so packets resent by the RTO while still in flight come back as
     * headers too. When such a resend counted the packet twice, 5 of the 127
     * senders waited for pulls forever (measured before the fix).
     */
    @Test
    void rtoResendsThatBounceDoNotStrandSenders() {
        Summary s = run("ndp-fig20-incast-8192.textproto", "topology.fat_tree.k=8", "workload.incast.senders=127",
                "topology.switches.ndp.header_queue_bytes=3200", "protocol.ndp.rto_min_us=200", "duration_us=100000");
        assertEquals(127, s.fct().flowsMeasured());
        PaperChecks.assertWithinTolerance(PaperChecks.check("ndp-fig20", "last FCT over the optimum, N = 10..8000 "
                + "(worst)"), s.incastLastOverOptimum(), "last FCT over the optimum");
    }
}
