package org.cosim.validation.ndp;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Arrays;
import org.cosim.runner.JavaBackend;
import org.cosim.runner.ShippedScenarios;
import org.cosim.runner.results.RunResults;
import org.cosim.runner.results.Summary;
import org.junit.jupiter.api.Test;

/**
 * The MPTCP baseline of NDP's evaluation at CI size (k = 8 fat tree, 128 hosts),
 * from the shipped scenarios: what multipath buys on a permutation, and what
 * synchronized losses cost it in an incast.
 */
class MptcpBaselineTest {
    private static RunResults run(String file, String... overrides) {
        RunResults r = JavaBackend.run(ShippedScenarios.read(file, overrides), t -> { });
        assertTrue(r.complete(), () -> "run failed: " + r.failure());
        return r;
    }

    private static double utilization(Summary s, int hosts) {
        return s.goodputGbps() / (10.0 * hosts);
    }

    /**
     * Eight subflows on distinct paths fill the fabric where one path per flow
     * collides (measured: 94.8% against 46.6%, slowest flow 7.7 against 1.2 Gb/s).
     */
    @Test
    void eightSubflowsFillThePermutationThatOnePathPerFlowCannot() {
        String[] k8 = {"topology.fat_tree.k=8", "duration_us=10000", "output.warmup_us=3000"};
        Summary multi = Summary.of(run("ndp-mptcp-permutation.textproto", k8));
        String[] single = Arrays.copyOf(k8, k8.length + 1);
        single[k8.length] = "protocol.mptcp.subflows=1";
        Summary one = Summary.of(run("ndp-mptcp-permutation.textproto", single));
        assertTrue(utilization(multi, 128) >= 0.85, "8 subflows: " + utilization(multi, 128));
        assertTrue(multi.flowThroughputMinGbps() >= 5, "8 subflows, slowest " + multi.flowThroughputMinGbps());
        assertTrue(utilization(one, 128) <= 0.65, "1 subflow: " + utilization(one, 128));
        assertTrue(one.flowThroughputMinGbps() <= 3, "1 subflow, slowest " + one.flowThroughputMinGbps());
    }

    /**
     * A 32 -> 1 incast of 450 KB: the initial windows overflow the receiver's
     * 200-packet port, losses and timeouts follow, and every flow still finishes
     * (timed-out data is reinjected on other subflows), well after the optimum
     * (measured: 61% over it, 2588 packets dropped).
     */
    @Test
    void anIncastLosesPacketsAndFinishesLate() {
        RunResults r = run("ndp-mptcp-fig16-incast.textproto", "topology.fat_tree.k=8", "workload.incast.senders=32",
                "duration_us=100000");
        Summary s = Summary.of(r);
        assertEquals(32, s.fct().flowsFinished());
        assertTrue(r.counters().dropPackets() > 1000, "drops: " + r.counters().dropPackets());
        assertTrue(s.incastLastOverOptimum() >= 1.3, "last FCT over the optimum " + s.incastLastOverOptimum());
    }
}
