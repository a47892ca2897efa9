package org.cosim.agents.fast;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.cosim.proto.Fast;
import org.cosim.scenario.ScenarioException;
import org.junit.jupiter.api.Test;

class FastConfigTest {
    private static void assertRejected(String field, Fast f) {
        ScenarioException e = assertThrows(ScenarioException.class, () -> FastConfig.from(f));
        assertTrue(e.getMessage().startsWith("protocol.fast." + field + ":"), e.getMessage());
    }

    @Test
    void defaultsAreTimelysTable1Settings() {
        FastConfig c = FastConfig.from(Fast.getDefaultInstance());
        assertEquals(50e6, c.alphaBps());
        assertEquals(10e6, c.minRateBps());
        assertEquals(16384, c.segmentBytes());
    }

    @Test
    void ratesThatRoundToZeroBitsPerSecondAreRejected() {
        assertRejected("alpha_mbps", Fast.newBuilder().setAlphaMbps(1e-9).build());
        assertRejected("min_rate_mbps", Fast.newBuilder().setMinRateMbps(1e-9).build());
        assertRejected("alpha_mbps", Fast.newBuilder().setAlphaMbps(Double.NaN).build());
        assertEquals(1, FastConfig.from(Fast.newBuilder().setMinRateMbps(1e-6).build()).minRateBps());
    }
}
