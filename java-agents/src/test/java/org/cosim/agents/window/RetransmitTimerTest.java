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

    @Test
    void outstandingDataExpiresAnRtoAfterTheLaterOfProgressAndItsTxTime() {
        RetransmitTimer t = new RetransmitTimer(100 * US);
        t.restart(10 * US);                                          // handed over at 10 us: deadline 110 us
        assertEquals(110 * US, t.expiryPs(10 * US), "left the NIC at once: 10 + 100");
        assertEquals(350 * US, t.expiryPs(250 * US), "left at 250 us: 250 + 100");
        t.progress(400 * US);                                        // an ACK at 400 us: deadline 500 us
        assertEquals(500 * US, t.expiryPs(250 * US), "progress since: 400 + 100");
        assertEquals(RetransmitTimer.NO_EXPIRY, t.expiryPs(RetransmitTimer.IN_NIC), "still in the NIC: none");
    }
}
