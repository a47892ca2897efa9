package org.cosim.agents.fast;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import org.cosim.proto.Fast;
import org.cosim.scenario.ScenarioException;
import org.junit.jupiter.api.Test;

/** The FAST equation on the rate, against hand-computed values (alpha 50 Mb/s, gamma 0.5, 20 Gb/s line). */
class FastRateEngineTest {
    private static final long US = 1_000_000L;
    private static final FastConfig CFG = FastConfig.from(Fast.getDefaultInstance());

    private static void sample(FastRateEngine e, long nowPs, long rttPs) {
        e.onAck(nowPs, 16384, false);
        e.onRttSample(rttPs);
    }

    @Test
    void theFirstSampleUpdatesAtOnceAndAtTheBaseRttTheRateGrowsByHalfAlpha() {
        FastRateEngine e = new FastRateEngine(CFG, 20e9, 1e9);
        sample(e, 100 * US, 20 * US);
        // baseRTT = RTT = 20 us: 0.5 * 1e9 + 0.5 * (1e9 + 50e6) = 1.025e9
        assertEquals(1.025e9, e.rateBps(), 1e-3);
    }

    @Test
    void oncePerMeanRttThenTheQueueingCutsTheRate() {
        FastRateEngine e = new FastRateEngine(CFG, 20e9, 1e9);
        sample(e, 100 * US, 20 * US);                  // 1.025 Gb/s, baseRTT 20 us
        sample(e, 110 * US, 40 * US);                  // 10 us after the update: less than the mean RTT
        assertEquals(1.025e9, e.rateBps(), 1e-3);
        sample(e, 130 * US, 40 * US);                  // 30 us after it, mean RTT 40: not yet
        assertEquals(1.025e9, e.rateBps(), 1e-3);
        sample(e, 141 * US, 40 * US);                  // 41 us >= 40 us: update with RTT 40
        // 0.5 * 1.025e9 + 0.5 * (20/40 * 1.025e9 + 50e6) = 0.5125e9 + 0.25625e9 + 0.025e9
        assertEquals(0.79375e9, e.rateBps(), 1e-3);
        assertEquals(20 * US, e.baseRttPs());
    }

    @Test
    void atMostDoublesAndStaysWithinTheLineRateAndTheFloor() {
        Fast.Builder big = Fast.newBuilder().setAlphaMbps(10_000).setGamma(1);
        FastRateEngine e = new FastRateEngine(FastConfig.from(big.build()), 20e9, 1e9);
        sample(e, 100 * US, 20 * US);                  // target 1e9 + 10e9: capped at 2 x 1e9
        assertEquals(2e9, e.rateBps(), 1e-3);
        Fast.Builder small = Fast.newBuilder().setAlphaMbps(1).setGamma(1);
        FastRateEngine low = new FastRateEngine(FastConfig.from(small.build()), 20e9, 1e9);
        sample(low, 100 * US, 20 * US);                // 1e9 + 1e6
        assertEquals(1.001e9, low.rateBps(), 1e-3);
        sample(low, 30_000 * US, 20_000 * US);         // 1000 x the base RTT: 1.001e6 + 1e6, below the 10 Mb/s floor
        assertEquals(10e6, low.rateBps(), 1e-3);
        FastRateEngine full = new FastRateEngine(CFG, 20e9, 30e9);
        assertEquals(20e9, full.rateBps(), 1e-3);
    }

    @Test
    void impossibleParametersNameTheirField() {
        assertEquals("protocol.fast.gamma", assertThrows(ScenarioException.class,
                () -> FastConfig.from(Fast.newBuilder().setGamma(0).build())).field());
        assertEquals("protocol.fast.alpha_mbps", assertThrows(ScenarioException.class,
                () -> FastConfig.from(Fast.newBuilder().setAlphaMbps(-1).build())).field());
        assertEquals("protocol.fast.max_outstanding_segments", assertThrows(ScenarioException.class,
                () -> FastConfig.from(Fast.newBuilder().setMaxOutstandingSegments(0).build())).field());
    }
}
