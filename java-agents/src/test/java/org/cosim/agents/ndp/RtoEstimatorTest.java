package org.cosim.agents.ndp;

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.junit.jupiter.api.Test;

class RtoEstimatorTest {
    private static final long MS = 1_000_000_000L;
    private static final long US = 1_000_000L;

    @Test
    void datacenterRttsLeaveTheFloor() {
        RtoEstimator r = new RtoEstimator(MS, true);
        assertEquals(MS, r.rtoPs(), "no sample yet: the floor");
        r.sample(100 * US);
        assertEquals(MS, r.rtoPs(), "100 + 4 x 50 us < 1 ms");
    }

    @Test
    void theEstimatorFollowsRfc6298AboveTheFloor() {
        RtoEstimator r = new RtoEstimator(US, true);
        r.sample(400 * US);              // srtt 400, rttvar 200
        assertEquals(1200 * US, r.rtoPs());
        r.sample(200 * US);              // rttvar = (3*200 + 200)/4 = 200; srtt = (7*400 + 200)/8 = 375
        assertEquals(375 * US, r.srttPs());
        assertEquals(1175 * US, r.rtoPs());
    }

    @Test
    void withoutEstimationTheRtoIsTheFloor() {
        RtoEstimator r = new RtoEstimator(MS, false);
        r.sample(5000 * US);
        assertEquals(MS, r.rtoPs());
    }
}
