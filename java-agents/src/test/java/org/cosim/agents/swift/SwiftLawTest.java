package org.cosim.agents.swift;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.cosim.agents.window.AckSample;
import org.cosim.agents.window.CongestionWindow;
import org.cosim.proto.Swift;
import org.cosim.scenario.ScenarioException;
import org.junit.jupiter.api.Test;

/** Swift's target and its AI/MD law, with the Poseidon paper's settings. */
class SwiftLawTest {
    private static final long US = 1_000_000L;
    private final SwiftConfig cfg = SwiftConfig.from(Swift.getDefaultInstance());
    private final SwiftTarget target = cfg.target();
    private final AckSample a = new AckSample();

    private CongestionWindow window(double cwnd, long rttPs) {
        return new CongestionWindow(cfg.window(), new SwiftLaw(cfg), cwnd, rttPs);
    }

    @Test
    void flowScalingRunsFromItsRangeToZero() {
        // a = 100 / (1/sqrt(0.1) - 1/sqrt(100)) = 32.66; b = -a / 10
        double a100 = 100 / (1 / Math.sqrt(0.1) - 0.1);
        assertEquals(100, target.flowScalingUs(0.1), 1e-9);
        assertEquals(0, target.flowScalingUs(100), 1e-9);
        assertEquals(a100 - a100 / 10, target.flowScalingUs(1), 1e-9);  // 29.39 us
        assertEquals(100, target.flowScalingUs(0.01), 1e-9);             // clamped at fs_range
        assertEquals(0, target.flowScalingUs(400), 1e-9);                // clamped at 0
    }

    @Test
    void targetAddsBasePerHopAndFlowScaling() {
        assertEquals(25 + 3 + target.flowScalingUs(50), target.targetUs(50, 3), 1e-9);
        assertEquals(25 + 1, target.targetUs(100, 1), 1e-9);
    }

    @Test
    void additiveIncreaseIsOnePacketPerWindowOfAcks() {
        CongestionWindow w = window(10, 20 * US);
        for (int i = 0; i < 10; i++) {
            w.onAck(a.set(i, 20 * US, 1, 0, 0, US, 1));
        }
        double expected = 10;
        for (int i = 0; i < 10; i++) {
            expected += 1 / expected;
        }
        assertEquals(expected, w.cwnd(), 1e-12);  // about 11
    }

    @Test
    void belowOnePacketEachAckAddsAi() {
        CongestionWindow w = window(0.25, 20 * US);
        w.onAck(a.set(0, 20 * US, 1, 0, 0, US, 1));
        assertEquals(1.25, w.cwnd(), 1e-12);
    }

    @Test
    void decreaseScalesWithTheOvershootOncePerRtt() {
        // cwnd 100 (no flow scaling), 1 hop: target 26 us; delay 52 us: 1 - 0.8 * 26 / 52 = 0.6.
        CongestionWindow w = window(100, 52 * US);
        w.onAck(a.set(10 * US, 52 * US, 1, 0, 0, US, 1));
        assertEquals(60, w.cwnd(), 1e-9);
        w.onAck(a.set(20 * US, 52 * US, 1, 0, 0, US, 1));
        assertEquals(60, w.cwnd(), 1e-9);  // within the RTT
    }

    @Test
    void decreaseIsBoundedByMaxMdf() {
        CongestionWindow w = window(100, 500 * US);
        w.onAck(a.set(0, 500 * US, 1, 0, 0, US, 1));  // 1 - 0.8 * 474 / 500 = 0.24 -> 0.5
        assertEquals(50, w.cwnd(), 1e-9);
    }

    @Test
    void lossDecreaseIsOneMinusMaxMdf() {
        CongestionWindow w = window(100, 20 * US);
        w.onFastRecovery(0);
        assertEquals(50, w.cwnd(), 1e-9);
    }

    @Test
    void badValuesNameTheirField() {
        ScenarioException e = assertThrows(ScenarioException.class,
                () -> SwiftConfig.from(Swift.newBuilder().setMaxMdf(1).build()));
        assertEquals("protocol.swift.max_mdf", e.field());
        e = assertThrows(ScenarioException.class,
                () -> SwiftConfig.from(Swift.newBuilder().setFsMaxCwnd(0.05).build()));
        assertEquals("protocol.swift.fs_max_cwnd", e.field());
        e = assertThrows(ScenarioException.class, () -> SwiftConfig.from(Swift.newBuilder().setAi(0).build()));
        assertEquals("protocol.swift.ai", e.field());
        e = assertThrows(ScenarioException.class, () -> SwiftConfig.from(Swift.newBuilder().setBaseTargetUs(0).build()));
        assertTrue(e.getMessage().startsWith("protocol.swift.base_target_us: "), e.getMessage());
    }

    @Test
    void defaultsAreThePapers() {
        assertEquals(25, cfg.baseTargetUs());
        assertEquals(1, cfg.perHopUs());
        assertEquals(100, cfg.fsRangeUs());
        assertEquals(0.1, cfg.fsMinCwnd());
        assertEquals(100, cfg.fsMaxCwnd());
        assertEquals(1, cfg.ai());
        assertEquals(0.8, cfg.beta());
        assertEquals(0.5, cfg.maxMdf());
    }

    /** output.agent_state's signal: the target the ACK was judged against, from the window before it. */
    @Test
    void recordsTheTargetItJudgedEachAckBy() {
        CongestionWindow w = window(10, 20 * US);
        assertEquals(java.util.List.of("target_us"), new SwiftLaw(cfg).signalNames());
        assertTrue(Double.isNaN(w.signal(0)));
        w.onAck(a.set(0, 20 * US, 1, 0, 0, US, 3));
        assertEquals(target.targetUs(10, 3), w.signal(0), 1e-12);
    }
}
