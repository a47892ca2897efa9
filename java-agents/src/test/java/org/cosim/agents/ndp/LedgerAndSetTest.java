package org.cosim.agents.ndp;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

/** The sender's packet ledger and the receiver's set of arrived packets: rings that slide and grow. */
class LedgerAndSetTest {
    @Test
    void theLedgerSlidesPastAckedPacketsAndGrowsKeepingStates() {
        PacketLedger l = new PacketLedger(16);
        for (long p = 0; p < 100; p++) {
            l.sent(p, 10 * p, (int) (p % 7) + 1);
        }
        assertEquals(0, l.base());
        assertEquals(100, l.end());
        l.set(1, PacketLedger.ACKED);
        assertEquals(0, l.base(), "packet 0 is still out");
        l.set(0, PacketLedger.ACKED);
        assertEquals(2, l.base());
        l.set(5, PacketLedger.QUEUED);
        assertEquals(PacketLedger.QUEUED, l.state(5));
        assertEquals(PacketLedger.IN_FLIGHT, l.state(99));
        assertEquals(PacketLedger.ACKED, l.state(1));
        assertEquals(990, l.sentAt(99));
        assertEquals(99 % 7 + 1, l.path(99));
        l.sent(5, 2000, 3);
        assertEquals(PacketLedger.IN_FLIGHT, l.state(5));
        assertEquals(2000, l.sentAt(5));
        assertTrue(l.holds(5));
        assertFalse(l.holds(1));
        assertFalse(l.holds(100));
    }

    @Test
    void theReceivedSetCountsEachPacketOnceInAnyOrder() {
        ReceivedSet s = new ReceivedSet();
        assertTrue(s.add(3));
        assertTrue(s.add(1));
        assertFalse(s.add(3), "a duplicate");
        assertEquals(0, s.cumulative());
        assertTrue(s.add(0));
        assertEquals(2, s.cumulative());
        assertTrue(s.add(2));
        assertEquals(4, s.cumulative());
        assertFalse(s.add(1), "below the cumulative point");
        assertTrue(s.add(5000), "far ahead: the ring grows");
        assertTrue(s.contains(5000));
        assertFalse(s.contains(4999));
        for (long p = 4; p < 5000; p++) {
            assertTrue(s.add(p));
        }
        assertEquals(5001, s.cumulative());
    }
}
