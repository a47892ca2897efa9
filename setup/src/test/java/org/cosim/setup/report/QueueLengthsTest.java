package org.cosim.setup.report;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.math.BigInteger;
import org.junit.jupiter.api.Test;

/** Percentiles and the mean of a recorded distribution, whichever back end recorded it. */
class QueueLengthsTest {
    // 256-byte buckets: 250 ps empty, 100 ps in [256, 512), 600 ps in [512, 768), 50 ps in [768, 1024); max 1000 B.
    private static final QueueLengths Q = new QueueLengths("q", 10_000_000_000L, 256, new long[] {250, 100, 600, 50},
            1000, BigInteger.valueOf(1000 * 50 + 600 * 600 + 300 * 100));

    @Test
    void aPercentileIsTheUpperEdgeOfTheBucketWhereTheTimeReachesIt() {
        // 1000 ps in all: 50% = 500 ps is reached in the third bucket (250 + 100 + 600 >= 500): 768 B.
        assertEquals(768, Q.percentileBytes(0.5));
        // 25% = 250 ps is reached in the first bucket: 256 B.
        assertEquals(256, Q.percentileBytes(0.25));
        // 99% = 990 ps is reached in the last bucket, whose edge 1024 B is above the largest length: 1000 B.
        assertEquals(1000, Q.percentileBytes(0.99));
    }

    @Test
    void theMeanIsTheLengthTimeOverTheMeasuredTime() {
        assertEquals(440_000.0 / 1000, Q.meanBytes(), 0);
    }

    @Test
    void aQueueMeasuredForNoTimeHasZeroStatistics() {
        QueueLengths none = new QueueLengths("q", 1, 256, new long[] {0}, 0, BigInteger.ZERO);
        assertEquals(0, none.percentileBytes(0.99));
        assertEquals(0.0, none.meanBytes(), 0);
    }

    @Test
    void aLengthTimeBeyond128BitsIsRefusedNamingTheQueue() {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> new QueueLengths("s1.port[2]",
                1, 256, new long[] {1}, 0, BigInteger.ONE.shiftLeft(128)));
        assertEquals("s1.port[2]: length x time " + BigInteger.ONE.shiftLeft(128) + " is not a 128-bit count",
                e.getMessage());
    }
}
