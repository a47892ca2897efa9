package org.cosim.agents.window;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.cosim.proto.Window;
import org.junit.jupiter.api.Test;

/** The shared part of Algorithm 1 and Appendix A, with a law that returns whatever the test says. */
class CongestionWindowTest {
    private static final long US = 1_000_000L;
    private final WindowConfig cfg = WindowConfig.from(Window.newBuilder().setMinCwndPackets(0.01)
            .setMaxCwndPackets(100).setRetxResetThreshold(3).build(), "w");
    private double next;
    private final WindowLaw law = new WindowLaw() {
        @Override
        public double onAck(CongestionWindow w, AckSample a) {
            return next;
        }

        @Override
        public double lossDecrease() {
            return 0.5;
        }
    };
    private final AckSample a = new AckSample();

    private CongestionWindow window(double cwnd) {
        return new CongestionWindow(cfg, law, cwnd, 10 * US);
    }

    private void ack(CongestionWindow w, long now, double result) {
        next = result;
        w.onAck(a.set(now, 10 * US, 1, 0, 0, US, 1));
    }

    @Test
    void theWindowIsClampedToItsBounds() {
        CongestionWindow w = window(10);
        ack(w, 0, 1000);
        assertEquals(100, w.cwnd());
        ack(w, 20 * US, 0.0001);
        assertEquals(0.01, w.cwnd());
        assertEquals(0.01, window(0).cwnd());  // the initial window too
    }

    @Test
    void onlyADecreaseStampsTheDecreaseTime() {
        CongestionWindow w = window(10);
        ack(w, 5 * US, 12);
        assertFalse(w.lastDecreasePs() == 5 * US);
        ack(w, 7 * US, 11);
        assertEquals(7 * US, w.lastDecreasePs());
        assertFalse(w.canDecrease(17 * US));  // exactly one RTT later: not yet
        assertTrue(w.canDecrease(17 * US + 1));
        // Clamping at max is not a decrease.
        ack(w, 30 * US, 500);
        ack(w, 31 * US, 500);
        assertEquals(7 * US, w.lastDecreasePs());
    }

    @Test
    void belowOnePacketThePacerSpacesPacketsByRttOverCwnd() {
        CongestionWindow w = window(0.25);
        assertTrue(w.pacing());
        assertEquals(0, w.wholePackets());
        assertEquals(40 * US, w.pacingDelayPs());  // 10 us / 0.25
        ack(w, 0, 2.7);
        assertFalse(w.pacing());
        assertEquals(2, w.wholePackets());
    }

    @Test
    void theRttIsTheLatestSample() {
        CongestionWindow w = window(0.5);
        next = 0.5;
        w.onAck(a.set(0, 30 * US, 1, 0, 0, US, 1));
        assertEquals(30 * US, w.rttPs());
        assertEquals(60 * US, w.pacingDelayPs());
    }

    @Test
    void timeoutsDecreaseOncePerRttAndResetAfterTheThreshold() {
        CongestionWindow w = window(40);
        w.onRetransmitTimeout(100 * US);
        assertEquals(20, w.cwnd());
        assertEquals(1, w.retransmitCount());
        w.onRetransmitTimeout(105 * US);  // within the RTT of the last decrease: counted, no decrease
        assertEquals(20, w.cwnd());
        assertEquals(2, w.retransmitCount());
        w.onRetransmitTimeout(200 * US);  // the third in a row: back to min_cwnd
        assertEquals(0.01, w.cwnd());
    }

    @Test
    void fastRecoveryResetsTheTimeoutCountAndDecreasesOncePerRtt() {
        CongestionWindow w = window(40);
        w.onRetransmitTimeout(0);
        w.onRetransmitTimeout(100 * US);
        assertEquals(2, w.retransmitCount());
        w.onFastRecovery(200 * US);
        assertEquals(0, w.retransmitCount());
        assertEquals(5, w.cwnd());  // 40 -> 20 -> 10 -> 5
        w.onFastRecovery(201 * US);
        assertEquals(5, w.cwnd());
    }

    @Test
    void anAckOfNewDataResetsTheTimeoutCount() {
        CongestionWindow w = window(40);
        w.onRetransmitTimeout(0);
        ack(w, 50 * US, 20);
        assertEquals(0, w.retransmitCount());
    }

    @Test
    void aLawThatReturnsNaNIsABug() {
        CongestionWindow w = window(4);
        assertThrows(IllegalStateException.class, () -> ack(w, 0, Double.NaN));
    }

    @Test
    void theDefaultInitialWindowIsOneBdpOfTheUnloadedRtt() {
        WindowConfig d = WindowConfig.from(Window.getDefaultInstance(), "w");
        // 6.4 us at 200 Gb/s = 160,000 B = 39.06 packets of 4096 B
        assertEquals(160_000 / 4096.0, d.initialCwnd(6_400_000, 200_000_000_000L), 1e-9);
        assertEquals(256, d.initialCwnd(1_000_000_000, 200_000_000_000L));  // clamped
        assertEquals(2.5, WindowConfig.from(Window.newBuilder().setInitialCwndPackets(2.5).build(), "w")
                .initialCwnd(6_400_000, 200_000_000_000L));
    }
}
