package org.cosim.validation.ndp;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Comparator;
import java.util.List;
import org.cosim.runner.ShippedScenarios;
import org.cosim.runner.results.FlowRecord;
import org.cosim.runner.results.RunResults;
import org.cosim.runner.results.Summary;
import org.cosim.validation.experiments.SharedRuns;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * NDP's Fig 2 set-up at full size (20 unresponsive flows into one 10 Gb/s link, 12 ms):
 * the phase effects docs/ndp.md describes (CP against NDP, the paper's figure, is the
 * experiment ndp-fig2; PaperChecksTest). Senders that start on the same
 * picosecond stay phase-locked, and each freed slot of the data queue goes to the
 * last of them the switch handles with probability 1/2, the one before with
 * 1/4, and so on: the last host gets most of the link. Random phases (the shipped
 * files) leave every flow a share, and host timing noise lets the order drift. The shipped file's run is
 * ndp-fig2's of 20 flows (SharedRuns).
 */
@ExtendWith(SharedRuns.Extension.class)
class NdpPhaseEffectsTest {
    private static RunResults run(SharedRuns runs, String file, String... overrides) {
        RunResults r = runs.run(ShippedScenarios.read(file, overrides));
        assertTrue(r.complete(), () -> "run failed: " + r.failure());
        assertEquals(20, r.flows().size());
        return r;
    }

    private static double fairShareGbps() {
        return 10.0 / 20;
    }

    @Test
    void phaseLockedSendersLeaveTheLinkToTheLastOneHandled(SharedRuns runs) {
        RunResults r = run(runs, "ndp-fig2-unresponsive.textproto", "workload.incast.start_jitter_us=0");
        List<FlowRecord> byDelivered = r.flows().stream()
                .sorted(Comparator.comparingLong((FlowRecord f) -> f.bytes().deliveredMeasured()).reversed()).toList();
        assertEquals(20, byDelivered.get(0).src(), "the host handled last in every same-picosecond round");
        assertEquals(19, byDelivered.get(1).src());
        double top = byDelivered.get(0).bytes().deliveredMeasured();
        double second = byDelivered.get(1).bytes().deliveredMeasured();
        assertTrue(second > 0.3 * top && second < 0.7 * top, "about half the last one's: " + second / top);
        Summary s = Summary.of(r);
        assertTrue(s.flowThroughputMaxGbps() > 8 * fairShareGbps(), "max " + s.flowThroughputMaxGbps());
        assertEquals(0, s.flowThroughputMinGbps(), "the first hosts get nothing through");
        double jainRandom = Summary.of(run(runs, "ndp-fig2-unresponsive.textproto")).jainIndex();  // as shipped
        assertTrue(s.jainIndex() < 0.3 && jainRandom > 0.5, "phase-locked " + s.jainIndex() + ", random phases "
                + jainRandom);
    }

    /** Host timing noise (topology.nic.tx_gap_jitter_ns) lets the phase order drift: the same senders share. */
    @Test
    void nicTimingNoiseBreaksThePhaseLock(SharedRuns runs) {
        Summary s = Summary.of(run(runs, "ndp-fig2-unresponsive.textproto", "workload.incast.start_jitter_us=0",
                "topology.nic.tx_gap_jitter_ns=500"));
        assertTrue(s.jainIndex() > 0.95, "Jain " + s.jainIndex());
        assertTrue(s.flowThroughputMinGbps() > 0.5 * fairShareGbps(), "slowest " + s.flowThroughputMinGbps());
        assertTrue(s.goodputGbps() > 9.2, "the link's goodput stays: " + s.goodputGbps());
    }
}
