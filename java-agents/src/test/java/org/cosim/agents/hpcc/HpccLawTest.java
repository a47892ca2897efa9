package org.cosim.agents.hpcc;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotSame;

import org.cosim.agents.window.AckSample;
import org.cosim.agents.window.CongestionWindow;
import org.cosim.proto.Hpcc;
import org.cosim.proto.Window;
import org.junit.jupiter.api.Test;

/**
 * NewAck through the shared window, by hand: T = 4 us on a 200 Gb/s NIC, so W_init
 * = 100,000 B; 1000 B segments; eta 0.95, maxStage 5, W_AI = 100,000 x 0.05 / 100 = 50 B.
 */
class HpccLawTest {
    private static final long US = 1_000_000L;
    private static final long G200 = 200_000_000_000L;
    private final HpccConfig cfg = HpccConfig.from(Hpcc.newBuilder().setBaseRttUs(4)
            .setWindow(Window.newBuilder().setSegmentBytes(1000).setMaxCwndPackets(1000)).build(), 0);
    private final AckSample a = new AckSample();

    private static Hops hop(long queue, long tx, long t) {
        return Hops.of(new Hops.Hop(queue, tx, t, G200));
    }

    @Test
    void wAiFollowsThePapersRule() {
        HpccLaw law = new HpccLaw(cfg, G200);
        assertEquals(100_000, law.wInitBytes(), 1e-9);
        assertEquals(50, cfg.wAiBytes(law.wInitBytes()), 1e-9);
    }

    @Test
    void theReferenceMovesOncePerRttAndTheWindowOnEveryAck() {
        HpccLaw law = (HpccLaw) new HpccLaw(cfg, G200).forNewFlow();
        CongestionWindow w = new CongestionWindow(cfg.window(), law, 100, 4 * US);  // W = W_init = 100 segments
        // The first ACK only records its hop; the window stays.
        w.onAck(a.set(10 * US, 4 * US, 1, 0, 0, 4 * US, 1).withAck(1000, 100_000, hop(0, 0, 9 * US)));
        assertEquals(100, w.cwnd(), 0);
        assertEquals(true, Double.isNaN(w.signal(0)), "no U before a usable sample");
        // 2 us later the hop sent 60,000 B (240 Gb/s, 1.2 of B) and the queue was 25,000 B then 0:
        // min 0 -> u = 1.2; tau 2 us: U = 0.5 x 1.2 = 0.6 < eta: additive, W^c = 100,000 + 50.
        // ACKed data ends at 2000 > lastUpdateSeq 0: an update; lastUpdateSeq = snd_nxt = 100,000.
        w.onAck(a.set(12 * US, 4 * US, 1, 0, 0, 4 * US, 1).withAck(2000, 100_000, hop(25_000, 60_000, 11 * US)));
        assertEquals(100.05, w.cwnd(), 1e-9);
        assertEquals(1, law.referenceWindow().incStage());
        // Next ACK 2 us later, 100,000 B more (400 Gb/s = 2.0 of B), queue 25,000 both times (0.25):
        // u = 2.25, U = 0.5 x 0.6 + 0.5 x 2.25 = 1.425 >= eta: W = 100,050 / (1.425 / 0.95) + 50 = 66,750 B.
        // The ACK ends at 3000, not past 100,000: no update, W^c stays.
        w.onAck(a.set(14 * US, 4 * US, 1, 0, 0, 4 * US, 1).withAck(3000, 120_000,
                hop(25_000, 160_000, 13 * US)));
        assertEquals(66.75, w.cwnd(), 1e-9);
        assertEquals(100_050, law.referenceWindow().referenceBytes(), 1e-9);
        assertEquals(1.425, w.signal(0), 1e-9, "agent_state's utilization: this ACK's U");
        assertEquals(100.05, w.signal(1), 1e-9, "and W^c in segments");
        // An ACK past 100,000 moves W^c: same sample values again (2 us, 400 Gb/s, queues 25,000):
        // U = 0.5 x 1.425 + 0.5 x 2.25 = 1.8375; W = 100,050 x 0.95 / 1.8375 + 50.
        w.onAck(a.set(16 * US, 4 * US, 1, 0, 0, 4 * US, 1).withAck(100_001, 130_000,
                hop(25_000, 260_000, 15 * US)));
        double expected = 100_050 * 0.95 / 1.8375 + 50;
        assertEquals(expected / 1000, w.cwnd(), 1e-9);
        assertEquals(expected, law.referenceWindow().referenceBytes(), 1e-9);
        assertEquals(0, law.referenceWindow().incStage());
    }

    @Test
    void aNewMessageOnTheConnectionRestartsTheSequenceGate() {
        HpccLaw law = (HpccLaw) new HpccLaw(cfg, G200).forNewFlow();
        CongestionWindow w = new CongestionWindow(cfg.window(), law, 100, 4 * US);
        w.onAck(a.set(10 * US, 4 * US, 1, 0, 0, 4 * US, 1).withAck(1000, 100_000, hop(0, 0, 9 * US)));
        w.onAck(a.set(12 * US, 4 * US, 1, 0, 0, 4 * US, 1).withAck(2000, 100_000, hop(0, 20_000, 11 * US)));
        assertEquals(1, law.referenceWindow().incStage(), "moved once; lastUpdateSeq = 100,000");
        // The next message starts at offset 0: its first ACK (snd_nxt 50,000 < 100,000) moves W^c again.
        w.onAck(a.set(14 * US, 4 * US, 1, 0, 0, 4 * US, 1).withAck(1000, 50_000, hop(0, 40_000, 13 * US)));
        assertEquals(2, law.referenceWindow().incStage());
    }

    @Test
    void alwaysPacedAtWOverTCappedAtLineRate() {
        HpccLaw law = (HpccLaw) new HpccLaw(cfg, G200).forNewFlow();
        // 50 segments of 1000 B per T = 4 us: 100 Gb/s, one segment every 80 ns.
        assertEquals(80_000, law.pacedSpacingPs(new CongestionWindow(cfg.window(), law, 50, 4 * US)));
        // 0.5 segments per T: one every 8 us.
        assertEquals(8 * US, law.pacedSpacingPs(new CongestionWindow(cfg.window(), law, 0.5, 4 * US)));
        // 500 segments per T would be 1 Tb/s: capped at the NIC's 200 Gb/s, 40 ns per 1000 B.
        assertEquals(40_000, law.pacedSpacingPs(new CongestionWindow(cfg.window(), law, 500, 4 * US)));
    }

    @Test
    void eachFlowGetsItsOwnStateAndLossLeavesTheWindowToTheLaw() {
        HpccLaw proto = new HpccLaw(cfg, G200);
        assertNotSame(proto.forNewFlow(), proto.forNewFlow());
        assertEquals(1, proto.lossDecrease(), 0);
    }
}
