package org.cosim.runner;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.cosim.runner.results.FlowRecord;
import org.cosim.runner.results.RunResults;
import org.junit.jupiter.api.Test;

/**
 * A flow alone on an idle network finishes at its ideal FCT or a little after, never before: the ideal is
 * measured to where the protocol ends the flow. NDP's receiver ends it when the last byte arrives; a sender
 * ends it on that byte's acknowledgment, one ACK's way back later.
 */
class IdealFctTest {
    /** The 200 KB flow of NDP's Fig 10 testbed (1500 B packets, 4 hops), alone. */
    private static FlowRecord alone(String... overrides) {
        RunResults r = JavaBackend.run(ShippedScenarios.read("ndp-fig10-idle.textproto", overrides), t -> { });
        assertTrue(r.complete(), () -> "run failed: " + r.failure());
        FlowRecord f = r.flows().get(0);
        assertTrue(f.finished(), "the flow finishes");
        return f;
    }

    @Test
    void anNdpFlowAloneIsMeasuredAgainstItsLastBytesArrival() {
        FlowRecord f = alone();
        // 200,000 B at 10 Gb/s, 1500 B of store-and-forward at three more hops, four 1 us links.
        assertEquals(160_000_000L + 3 * 1_200_000L + 4 * 1_000_000L, f.idealFctPs());
        assertTrue(f.slowdown() >= 1 && f.slowdown() < 1.01, "slowdown " + f.slowdown());
    }

    @Test
    void aSenderEndedFlowAloneIsMeasuredAgainstTheAcknowledgmentsReturn() {
        FlowRecord f = alone("protocol={pfc_only {}}");
        // The NDP flow's ideal, plus a 64 B ACK back over the four links (51.2 ns each at 10 Gb/s).
        assertEquals(167_600_000L + 4 * (1_000_000L + 51_200L), f.idealFctPs());
        assertTrue(f.slowdown() >= 1 && f.slowdown() < 1.05, "slowdown " + f.slowdown());
    }
}
