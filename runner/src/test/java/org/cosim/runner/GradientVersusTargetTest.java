package org.cosim.runner;

import static org.junit.jupiter.api.Assertions.assertTrue;

import org.cosim.runner.results.Summary;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * TIMELY's Fig 9: the RTT gradient against a fixed queue target (T_low = T_high).
 * A 50 us target costs throughput; a 500 us target costs latency; the gradient
 * keeps both.
 */
class GradientVersusTargetTest {
    private static Summary gradient;
    private static Summary target50;
    private static Summary target500;

    @BeforeAll
    static void runAll() {
        gradient = Summary.of(JavaBackend.run(ShippedScenarios.read("timely-incast.textproto"), t -> { }));
        target50 = Summary.of(JavaBackend.run(ShippedScenarios.read("timely-incast-target50.textproto"), t -> { }));
        target500 = Summary.of(JavaBackend.run(ShippedScenarios.read("timely-incast-target500.textproto"), t -> { }));
    }

    @Test
    void lowTargetLosesThroughput() {
        assertTrue(target50.goodputGbps() <= gradient.goodputGbps() - 0.5,
                "target 50 us: " + target50.goodputGbps() + " Gb/s vs gradient "
                        + gradient.goodputGbps());
    }

    @Test
    void highTargetRaisesRtt() {
        assertTrue(target500.rttHost().meanUs() >= 2 * gradient.rttHost().meanUs(),
                "target 500 us mean RTT " + target500.rttHost().meanUs() + " vs gradient " + gradient.rttHost().meanUs());
        assertTrue(target500.rttHost().p99Us() >= 2 * gradient.rttHost().p99Us(),
                "target 500 us p99 RTT " + target500.rttHost().p99Us() + " vs gradient " + gradient.rttHost().p99Us());
    }
}
