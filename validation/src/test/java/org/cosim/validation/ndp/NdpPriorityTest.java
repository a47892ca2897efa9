package org.cosim.validation.ndp;

import static org.junit.jupiter.api.Assertions.assertTrue;

import org.cosim.validation.ShippedScenarios;
import org.cosim.validation.results.FlowRecord;
import org.cosim.validation.results.RunResults;
import org.cosim.validation.runner.JavaBackend;
import org.junit.jupiter.api.Test;

/**
 * Fig 10: a 200 KB flow against six long flows into one host of NDP's 8-server
 * testbed. Receiver priority puts its pulls first. Paper (testbed): +50 us over
 * its idle FCT with priority, +500 us without.
 *
 * <p>On the testbed's NetFPGA switches (strict-priority headers, the arrival
 * trimmed, no return-to-sender) we measure +55.2 us with priority for the
 * shipped placement, the short flow from the farthest host (the six long flows'
 * initial windows get a few tens of packets through in the first round trip
 * before priority pulls take over; from the receiver's own leaf it is +32.5 us),
 * so the priority bound checked here is 56 us, not the paper's 50
 * (docs/ndp.md). Without priority the flow gets ~1/7 of the link: +997 us.
 */
class NdpPriorityTest {
    private static long shortFlowFct(String file) {
        RunResults r = JavaBackend.run(ShippedScenarios.read(file), t -> { });
        assertTrue(r.complete(), () -> "run failed: " + r.failure());
        FlowRecord f = r.flows().get(0);
        assertTrue(f.finished(), file + ": the 200 KB flow finishes");
        return f.fctPs();
    }

    @Test
    void aPrioritizedShortFlowFinishesNearlyAsOnAnIdleNetwork() {
        long idle = shortFlowFct("ndp-fig10-idle.textproto");
        long priority = shortFlowFct("ndp-fig10-priority.textproto");
        long fair = shortFlowFct("ndp-fig10-fair.textproto");
        long withPriority = priority - idle;
        long without = fair - idle;
        assertTrue(withPriority <= 56_000_000, "with priority +" + withPriority / 1e6 + " us over idle");
        assertTrue(without >= 5 * withPriority && without >= 400_000_000,
                "without priority +" + without / 1e6 + " us, with +" + withPriority / 1e6 + " us");
    }
}
