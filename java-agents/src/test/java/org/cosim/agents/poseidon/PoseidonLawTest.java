package org.cosim.agents.poseidon;

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.cosim.agents.window.AckSample;
import org.cosim.agents.window.CongestionWindow;
import org.cosim.proto.Poseidon;
import org.cosim.proto.Window;
import org.junit.jupiter.api.Test;

/** ReceiveACK() of Algorithm 1 through the shared window: increase spread over a window, one decrease per RTT. */
class PoseidonLawTest {
    private static final long US = 1_000_000L;
    private final PoseidonConfig cfg = PoseidonConfig.from(Poseidon.newBuilder()
            .setMaxMi(100).setWindow(Window.newBuilder().setMaxCwndPackets(1000)).build());
    private final PoseidonLaw law = new PoseidonLaw(cfg);
    private final AckSample a = new AckSample();

    private CongestionWindow window(double cwnd, long rttPs) {
        return new CongestionWindow(cfg.window(), law, cwnd, rttPs);
    }

    @Test
    void increaseCompoundsToExactlyUOverOneWindowOfAcks() {
        // 10 packets of 4096 B per 1 us = 327.68 Gb/s, above max_rate: T = k = 2 us for the whole window;
        // MPD 0: U = 10^(2/40). Each of the 10 ACKs adds U - 1; together x U.
        CongestionWindow w = window(10, US);
        for (int i = 0; i < 10; i++) {
            w.onAck(a.set(i * 100_000L, US, 1, 0, 0, US, 1));
        }
        assertEquals(10 * Math.pow(10, 2 / 40.0), w.cwnd(), 1e-9);  // 11.2202
    }

    @Test
    void anAckAddsUMinusOneTimesWhatItAcks() {
        // 4 packets per 20 us = 6.5536 Gb/s: T = 2 + 10 log10(200 / 6.5536) = 16.845 us; MPD 6.845 us: 10 us below.
        CongestionWindow w = window(4, 20 * US);
        w.onAck(a.set(0, 20 * US, 1, 6_845_000, 0, US, 1));
        double expectedU = Math.pow(10, (cfg.target().targetUs(law.rateBps(4, 20 * US)) - 6.845) / 40);
        assertEquals(4 + (expectedU - 1), w.cwnd(), 1e-9);
        assertEquals(1.7783, expectedU, 1e-4);
    }

    @Test
    void decreasesAtMostOncePerRtt() {
        // 20 packets per 10 us = 65.536 Gb/s: T = 2 + 10 log10(200 / 65.536) = 6.845 us; MPD 4 us above it:
        // U = 10^(-4/40) = 0.7943.
        CongestionWindow w = window(20, 10 * US);
        double t0 = cfg.target().targetUs(law.rateBps(20, 10 * US));
        assertEquals(6.845, t0, 1e-3);
        long mpd = Math.round((t0 + 4) * US);
        w.onAck(a.set(100 * US, 10 * US, 1, mpd, 0, US, 1));
        assertEquals(20 * 0.7943, w.cwnd(), 1e-3);
        double once = w.cwnd();
        assertEquals(100 * US, w.lastDecreasePs());
        // Within the RTT (and at exactly one RTT: the gate is strict), further ACKs above target change nothing.
        w.onAck(a.set(105 * US, 10 * US, 1, mpd + 5 * US, 0, US, 1));
        w.onAck(a.set(110 * US, 10 * US, 1, mpd + 5 * US, 0, US, 1));
        assertEquals(once, w.cwnd(), 0);
        // More than an RTT later: the next decrease, at the new (lower) rate's higher target.
        w.onAck(a.set(110 * US + 1, 10 * US, 1, mpd, 0, US, 1));
        assertEquals(once * Math.pow(10, (t1(once) - mpd / 1e6) / 40), w.cwnd(), 1e-9);
        assertEquals(110 * US + 1, w.lastDecreasePs());
    }

    private double t1(double cwnd) {
        return cfg.target().targetUs(law.rateBps(cwnd, 10 * US));
    }

    @Test
    void anIncreaseDoesNotStampTheDecreaseTime() {
        CongestionWindow w = window(4, 20 * US);
        w.onAck(a.set(7 * US, 20 * US, 1, 0, 0, US, 1));
        assertEquals(true, w.canDecrease(7 * US));
    }

    @Test
    void aDeepDecreaseStopsAtMinMd() {
        CongestionWindow w = window(20, 10 * US);
        w.onAck(a.set(0, 10 * US, 1, 200 * US, 0, US, 1));  // raw U = 10^(-4.8)
        assertEquals(10.0, w.cwnd(), 1e-9);  // x min_md 0.5
    }

    @Test
    void brownfieldReactsToTheDelayTheIntSwitchesMissed() {
        PoseidonConfig bf = PoseidonConfig.from(Poseidon.newBuilder().setBrownfield(true).build());
        CongestionWindow w = new CongestionWindow(bf.window(), new PoseidonLaw(bf), 20, 10 * US);
        // RTT 30 us on a 6 us path, MPD 3 us forward and 1 us back: 20 us unreported -> above T(65.5 G)
        w.onAck(a.set(0, 30 * US, 1, 3 * US, 1 * US, 6 * US, 3));
        double rate = new PoseidonLaw(bf).rateBps(20, 30 * US);
        double t = bf.target().targetUs(rate);
        assertEquals(20 * Math.max(0.5, Math.pow(10, (t - 20) / 40)), w.cwnd(), 1e-9);
    }

    /** output.agent_state's signals: the target of the rate the ACK saw (Eq. 3) and the delay compared with it. */
    @Test
    void recordsItsTargetAndDelayPerFlow() {
        assertEquals(java.util.List.of("target_us", "delay_us"), law.signalNames());
        CongestionWindow w = window(4, 20 * US);
        CongestionWindow other = window(20, 10 * US);
        assertEquals(true, Double.isNaN(w.signal(0)) && Double.isNaN(w.signal(1)), "no ACK yet");
        w.onAck(a.set(0, 20 * US, 1, 6_845_000, 0, US, 1));
        other.onAck(a.set(0, 10 * US, 1, 1_000_000, 0, US, 1));
        assertEquals(cfg.target().targetUs(law.rateBps(4, 20 * US)), w.signal(0), 1e-12);  // 16.845 us
        assertEquals(16.845, w.signal(0), 1e-3);
        assertEquals(6.845, w.signal(1), 1e-12);
        assertEquals(6.845, other.signal(0), 1e-3, "the law is shared; the signals are each flow's");
        assertEquals(1.0, other.signal(1), 1e-12);
    }
}
