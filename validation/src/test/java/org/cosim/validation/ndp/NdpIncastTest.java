package org.cosim.validation.ndp;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Comparator;
import org.cosim.runner.JavaBackend;
import org.cosim.runner.ShippedScenarios;
import org.cosim.runner.results.FlowRecord;
import org.cosim.runner.results.RunResults;
import org.cosim.runner.results.Summary;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * NDP's incasts at full size on the 432-host fat tree (Fig 4, Fig 16) and the
 * 8192-host one (Fig 20), from the shipped scenario files. The optimum is the
 * earliest the receiver's link can have taken every byte once (Routing.incastOptimumPs).
 */
class NdpIncastTest {
    private static Summary run(String file, String... overrides) {
        return Summary.of(runChecked(file, overrides));
    }

    /** A shipped scenario's run that completed, every flow finished and nothing dropped. */
    private static RunResults runChecked(String file, String... overrides) {
        RunResults r = JavaBackend.run(ShippedScenarios.read(file, overrides), t -> { });
        assertTrue(r.complete(), () -> "run failed: " + r.failure());
        Summary s = Summary.of(r);
        assertEquals(s.fct().flowsMeasured(), s.fct().flowsFinished(), file + ": every flow completes");
        assertEquals(0, r.counters().dropPackets(), "return-to-sender keeps even headers lossless");
        return r;
    }

    private static FlowRecord fastest(RunResults r) {
        return r.flows().stream().min(Comparator.comparingLong(FlowRecord::fctPs)).orElseThrow();
    }

    /** Fig 4: 100 -> 1 of 135 KB. Paper: 2% over the best, 25% of headers returned. */
    @Test
    void fig4LastFlowWithinThreePercentOfTheOptimum() {
        RunResults r = JavaBackend.run(ShippedScenarios.read("ndp-fig4-incast.textproto"), t -> { });
        Summary s = Summary.of(r);
        assertEquals(100, s.fct().flowsFinished());
        assertTrue(s.incastLastOverOptimum() <= 1.03, "last FCT " + s.fct().maxUs() + " us, optimum "
                + s.incastOptimumUs() + " us");
        // Reported, not matched: we return ~5% of the headers (docs/ndp.md says why the paper saw 25%).
        assertTrue(r.counters().returnedToSender() > 0 && r.counters().returnedShare() < 0.35,
                "returned share " + r.counters().returnedShare());
    }

    /**
     * Fig 16 with the paper's 10:1 WRR and the NDP authors' senders (the N highest
     * host ids): the last flow within 3% of the optimum for every N, and the slowest
     * within 1.3x the fastest wherever no sender shares the receiver's rack. At N =
     * 431 every other host sends, its five rack-mates too, and one of them finishes
     * about a third early (1.54x), as in the authors' simulator when its pulls are paced
     * at the link rate as the paper says (1.25-1.47, a rack-mate first; its own program
     * over-pulls by 0.7% and gives 1.05-1.10; docs/ndp.md). So at 431 the test checks
     * who is fastest instead of the spread.
     */
    @ParameterizedTest
    @ValueSource(ints = {8, 32, 64, 100, 200, 431})
    void fig16LastFlowWithinThreePercentUnderWrr(int n) {
        RunResults r = runChecked("ndp-fig16-incast.textproto", "workload.incast.senders=" + n, "duration_us=200000");
        Summary s = Summary.of(r);
        assertEquals(n, s.fct().flowsFinished());
        assertTrue(s.incastLastOverOptimum() <= 1.03, n + " senders: " + s.incastLastOverOptimum());
        if (n < 427) {
            assertTrue(s.incastSlowestOverFastest() <= 1.3, n + " senders: spread " + s.incastSlowestOverFastest());
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
        assertTrue(s.incastLastOverOptimum() <= 1.03, "last FCT over the optimum " + s.incastLastOverOptimum());
        assertTrue(s.incastSlowestOverFastest() <= 1.15, "spread " + s.incastSlowestOverFastest());
        FlowRecord fastest = fastest(r);
        assertEquals(1, fastest.src());
        Summary orderOnly = run("custom/ndp-htsim-fig16.textproto", "protocol.ndp.pull_spacing_bytes=9000");
        assertTrue(orderOnly.incastSlowestOverFastest() > 1.3, "spread " + orderOnly.incastSlowestOverFastest());
    }

    /** Fig 16 with strict-priority headers (the maintained htsim's setting): within 3% and slowest <= 1.3x fastest. */
    @ParameterizedTest
    @ValueSource(ints = {8, 32, 64, 100, 200, 431})
    void fig16FairAndNearOptimalUnderStrictPriority(int n) {
        Summary s = run("ndp-fig16-incast-strict.textproto", "workload.incast.senders=" + n, "duration_us=200000");
        assertTrue(s.incastLastOverOptimum() <= 1.03, n + " senders: " + s.incastLastOverOptimum());
        assertTrue(s.incastSlowestOverFastest() <= 1.3, n + " senders: spread " + s.incastSlowestOverFastest());
    }

    /** Fig 20 at full scale: 1000 -> 1 of 270,000 B on 8192 hosts, IW 23. Paper: <= 2% (accept 4%). */
    @Test
    void fig20ThousandFlowIncastOnEightThousandHosts() {
        Summary s = run("ndp-fig20-incast-8192.textproto");
        assertEquals(1000, s.fct().flowsMeasured());
        assertTrue(s.incastLastOverOptimum() <= 1.04, "overhead " + (s.incastLastOverOptimum() - 1));
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
        assertTrue(s.incastLastOverOptimum() <= 1.04, "overhead " + (s.incastLastOverOptimum() - 1));
    }
}
