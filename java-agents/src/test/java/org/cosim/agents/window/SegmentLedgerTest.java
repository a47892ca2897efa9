package org.cosim.agents.window;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

/** Segments, ACK matching by hand-over time, and loss inference. Segments of 1000 B; hand-over time = 100 * index. */
class SegmentLedgerTest {
    private static void sendNew(SegmentLedger l, int n) {
        for (int i = 0; i < n; i++) {
            assertTrue(l.hasWork());
            long s = l.nextToSend();
            l.sent(s, 100 * s);
        }
    }

    @Test
    void aFiniteFlowIsCutIntoSegmentsWithAShortLastOne() {
        SegmentLedger l = new SegmentLedger(1000, 2500);
        sendNew(l, 3);
        assertFalse(l.hasWork());
        assertEquals(500, l.bytesOf(2));
        assertEquals(2000, l.seqOf(2));
        assertEquals(3, l.inflight());
        assertEquals(SegmentLedger.Ack.NEW, l.ack(0, 0));
        assertEquals(SegmentLedger.Ack.NEW, l.ack(1000, 100));
        assertFalse(l.allAcked());
        assertEquals(SegmentLedger.Ack.NEW, l.ack(2000, 200));
        assertTrue(l.allAcked());
        assertEquals(2500, l.ackedBytes());
        assertEquals(0, l.inflight());
    }

    @Test
    void duplicateAndUnknownAcksChangeNothing() {
        SegmentLedger l = new SegmentLedger(1000, 0);
        sendNew(l, 2);
        l.ack(0, 0);
        assertEquals(SegmentLedger.Ack.DUPLICATE, l.ack(0, 0));
        assertEquals(SegmentLedger.Ack.UNKNOWN, l.ack(5000, 0));   // never sent
        assertEquals(SegmentLedger.Ack.UNKNOWN, l.ack(1500, 0));   // not a segment start
        assertEquals(1, l.inflight());
    }

    @Test
    void threeLaterAcksDeclareASegmentLost() {
        SegmentLedger l = new SegmentLedger(1000, 0);
        sendNew(l, 6);  // transmissions 1..6 = segments 0..5
        l.ack(0, 0);
        assertEquals(0, l.detectLosses(l.matchedTransmission()));
        // segment 1 is lost; ACKs of segments 2, 3 and 4 arrive
        l.ack(2000, 200);
        assertEquals(0, l.detectLosses(l.matchedTransmission()));
        l.ack(3000, 300);
        assertEquals(0, l.detectLosses(l.matchedTransmission()));
        l.ack(4000, 400);
        assertEquals(1, l.detectLosses(l.matchedTransmission()));
        assertEquals(1, l.inflight());  // segment 5
        assertEquals(1, l.lostWaiting());
        // The lost segment goes first, as a new transmission.
        assertEquals(1, l.nextToSend());
        l.sent(1, 900);
        assertEquals(7, l.transmissions());
        assertEquals(6, l.nextToSend());
        assertEquals(SegmentLedger.Ack.NEW, l.ack(1000, 900));
        assertEquals(7, l.matchedTransmission());
    }

    /** Segment 0 is declared lost (ACKs of 1..4 came first), but its original was only late. */
    private static SegmentLedger lateOriginal() {
        SegmentLedger l = new SegmentLedger(1000, 0);
        sendNew(l, 5);
        for (int s = 1; s <= 4; s++) {
            l.ack(1000L * s, 100L * s);
            l.detectLosses(l.matchedTransmission());
        }
        assertEquals(1, l.lostWaiting());
        return l;
    }

    @Test
    void aLateAckBeforeTheResendCancelsIt() {
        SegmentLedger l = lateOriginal();
        assertEquals(SegmentLedger.Ack.NEW, l.ack(0, 0));
        assertEquals(1, l.matchedTransmission());  // the only transmission
        assertEquals(5, l.nextToSend());           // no resend: new data next
        assertEquals(0, l.inflight());
    }

    @Test
    void aLateAckAfterTheResendMatchesNoTransmissionButCounts() {
        SegmentLedger l = lateOriginal();
        l.sent(l.nextToSend(), 900);               // the resend, transmission 6
        assertEquals(1, l.inflight());
        assertEquals(SegmentLedger.Ack.NEW, l.ack(0, 0));
        assertEquals(0, l.matchedTransmission());  // echoes hand-over 0, not the resend's 900
        assertEquals(0, l.inflight());
        assertEquals(SegmentLedger.Ack.DUPLICATE, l.ack(0, 900));
        assertEquals(5000, l.ackedBytes());
    }

    @Test
    void aTimeoutDeclaresEverythingOutstandingLostOldestFirst() {
        SegmentLedger l = new SegmentLedger(1000, 0);
        sendNew(l, 4);
        l.ack(1000, 100);
        l.timeoutAll();
        assertEquals(0, l.inflight());
        assertEquals(3, l.lostWaiting());
        assertEquals(0, l.nextToSend());
        l.sent(0, 1000);
        assertEquals(2, l.nextToSend());
        assertThrows(IllegalArgumentException.class, () -> l.sent(3, 1100));  // not the oldest lost
    }

    @Test
    void theRingGrowsPastItsFirstSize() {
        SegmentLedger l = new SegmentLedger(1000, 0);
        sendNew(l, 200);
        assertEquals(200, l.inflight());
        for (int s = 199; s >= 1; s--) {
            assertEquals(SegmentLedger.Ack.NEW, l.ack(1000L * s, 100L * s));
        }
        assertEquals(SegmentLedger.Ack.NEW, l.ack(0, 0));
        assertEquals(0, l.inflight());
        assertEquals(200_000, l.ackedBytes());
    }

    @Test
    void theOldestOutstandingTxTimeIsThatOfTheOldestSegmentNeitherAckedNorLost() {
        SegmentLedger l = new SegmentLedger(1000, 0);
        assertEquals(SegmentLedger.NOTHING_OUT, l.oldestOutstandingTxPs());
        sendNew(l, 3);                                   // handed over at 0, 100, 200
        assertEquals(RetransmitTimer.IN_NIC, l.oldestOutstandingTxPs(), "segment 0 is in the NIC");
        l.transmitted(1000, 100, 150);                   // segment 1 left at 150; segment 0 has not
        assertEquals(RetransmitTimer.IN_NIC, l.oldestOutstandingTxPs());
        l.transmitted(0, 0, 120);
        assertEquals(120, l.oldestOutstandingTxPs());
        l.ack(0, 0);
        assertEquals(150, l.oldestOutstandingTxPs(), "segment 1 is the oldest now");
        l.transmitted(2000, 999, 300);                   // names another hand-over: not segment 2's
        l.ack(1000, 100);
        assertEquals(RetransmitTimer.IN_NIC, l.oldestOutstandingTxPs());
    }
}
