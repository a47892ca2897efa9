package org.cosim.runner;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.cosim.runner.results.RunResults;
import org.cosim.runner.results.Summary;
import org.junit.jupiter.api.Test;

/**
 * The PFC-only baseline on the TIMELY incast: full throughput bought with queues.
 * Paper: 19.5 Gb/s and a mean RTT of 658 us, about 10x TIMELY's.
 */
class PfcOnlyBaselineTest {
    @Test
    void fullThroughputWithRttsAtLeastFiveTimesTimelys() {
        RunResults pfc = JavaBackend.run(ShippedScenarios.read("timely-incast-pfc-only.textproto"), t -> { });
        RunResults timely = JavaBackend.run(ShippedScenarios.read("timely-incast.textproto"), t -> { });
        Summary p = Summary.of(pfc);
        Summary t = Summary.of(timely);
        assertTrue(pfc.complete());
        assertTrue(p.goodputGbps() >= 19, "PFC-only throughput " + p.goodputGbps());
        assertTrue(p.rttHost().meanUs() >= 5 * t.rttHost().meanUs(),
                "PFC-only mean RTT " + p.rttHost().meanUs() + " us is not 5x TIMELY's " + t.rttHost().meanUs() + " us");
        assertTrue(pfc.counters().pfcPauseFramesSentMeasured() > 0, "PFC-only must lean on pauses");
        assertEquals(0, pfc.counters().dropPackets(), "PFC keeps the fabric lossless");
    }
}
