package org.cosim.fabric.stats;

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.junit.jupiter.api.Test;

/** Goodput (unique bytes), wire bytes (duplicates included) and retransmitted bytes, per flow. */
class FlowStatsTest {
    @Test
    void aFlowWhosePacketsArriveTwiceCountsItsBytesOnceInGoodputAndTwiceOnTheWire() {
        FlowStats f = new FlowStats(1, 0);
        // Two 1500-byte packets, then both again (resent copies of data that had arrived).
        f.delivered(0, 0, 1500, 10);
        f.delivered(0, 1500, 1500, 20);
        f.delivered(0, 0, 1500, 30);
        f.delivered(0, 1500, 1500, 40);
        assertEquals(3000, f.uniqueDeliveredBytes(0), "each byte once");
        assertEquals(6000, f.deliveredBytes(0), "4 x 1500 on the wire");
    }

    @Test
    void outOfOrderArrivalsMergeIntoOneRange() {
        ByteRanges r = new ByteRanges();
        assertEquals(1500, r.add(3000, 4500));
        assertEquals(1500, r.add(0, 1500));
        assertEquals(2, r.ranges(), "[0, 1500) and [3000, 4500), a gap between");
        assertEquals(1500, r.add(1500, 3000));
        assertEquals(1, r.ranges(), "[0, 4500)");
        assertEquals(4500, r.bytes());
    }

    @Test
    void aRangeOverlappingSeveralCountsOnlyItsNewBytes() {
        ByteRanges r = new ByteRanges();
        r.add(0, 100);
        r.add(200, 300);
        r.add(400, 500);
        // [50, 450) covers 50 of [0, 100), all of [200, 300), 50 of [400, 500): 400 - 200 = 200 new.
        assertEquals(200, r.add(50, 450));
        assertEquals(1, r.ranges());
        assertEquals(500, r.bytes());
        assertEquals(0, r.add(10, 490), "nothing new");
        assertEquals(0, r.add(600, 600), "an empty range adds nothing");
        assertEquals(100, r.add(700, 800));
        assertEquals(2, r.ranges());
    }

    @Test
    void retransmittedBytesAreThoseBelowTheHighestByteSentSoFar() {
        FlowStats f = new FlowStats(1, 0);
        f.sent(0, 0, 1500);
        f.sent(0, 1500, 1500);       // high-water mark 3000
        f.sent(0, 0, 1500);          // a resend: 1500 retransmitted
        f.sent(0, 2000, 1500);       // [2000, 3500): 1000 below the mark, 500 new
        f.sent(0, 3500, 1500);       // new
        assertEquals(7500, f.sentBytes(0));
        assertEquals(1500 + 1000, f.retransmittedBytes(0));
    }

    @Test
    void deliveriesAfterTheWarmupCountTowardThroughput() {
        FlowStats f = new FlowStats(1, 50);
        f.delivered(0, 0, 1500, 49);       // in the warm-up
        f.delivered(0, 1500, 1500, 50);    // measured
        f.delivered(0, 0, 1500, 60);       // a duplicate, measured: wire only
        assertEquals(3000, f.deliveredMeasuredBytes(0));
        assertEquals(1500, f.uniqueDeliveredMeasuredBytes(0));
        assertEquals(3000, f.uniqueDeliveredBytes(0));
    }
}
