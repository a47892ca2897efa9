package org.cosim.agents.window;

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.junit.jupiter.api.Test;

class RetransmitTimerTest {
    private static final long US = 1_000_000L;

    @Test
    void rfc6298EstimateWithAFloorAndBackOff() {
        RetransmitTimer t = new RetransmitTimer(100 * US);
        assertEquals(100 * US, t.rtoPs());  // no sample yet: the floor
        t.sample(40 * US);                   // srtt 40, rttvar 20: 40 + 80 = 120 us
        assertEquals(120 * US, t.rtoPs());
        t.sample(40 * US);                   // rttvar 15: 40 + 60 = 100 us
        assertEquals(100 * US, t.rtoPs());
        t.progress(1000 * US);
        assertEquals(1100 * US, t.deadlinePs());
        t.expired(1100 * US);
        assertEquals(1300 * US, t.deadlinePs());  // doubled, from the expiry
        t.restart(1400 * US);                      // a resend after the timeout keeps the back-off
        assertEquals(1600 * US, t.deadlinePs());
        t.progress(1500 * US);                     // new data ACKed: back-off gone
        assertEquals(1600 * US, t.deadlinePs());
    }
}
