package org.cosim.fabric.stats;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;

import java.math.BigInteger;
import java.util.Arrays;
import org.junit.jupiter.api.Test;

/** The time-weighted queue statistics; the same sequence as fabric_core_test's C++ twin. */
class QueueMonitorTest {
    private static QueueMonitor measuredFrom100() {
        QueueMonitor m = new QueueMonitor("q", 256, 100, 10_000_000_000L);
        m.update(0, 1000);    // bucket 3 from 0, counted from 100
        m.update(150, 0);     // 1000 B for 50 ps
        m.update(400, 600);   // empty for 250 ps
        m.update(1000, 300);  // 600 B for 600 ps
        m.finish(1100);       // 300 B for 100 ps
        return m;
    }

    @Test
    void theMeanIsExactNotTheBucketsMidpoints() {
        QueueMonitor m = measuredFrom100();
        assertEquals(BigInteger.valueOf(1000 * 50 + 600 * 600 + 300 * 100), m.lengths().byteTimePs());
        // Midpoints would give (250 x 128 + 100 x 384 + 600 x 640 + 50 x 896) / 1000 = 499.2.
        assertEquals(440.0, m.lengths().meanBytes(), 0);
        assertEquals(600, m.maxBytes());
        assertArrayEquals(new long[] {250, 100, 600, 50}, Arrays.copyOf(m.lengths().timeInBucket(), 4));
    }

    @Test
    void anEmptyQueuesMeanIsZero() {
        QueueMonitor m = new QueueMonitor("q", 256, 0, 10_000_000_000L);
        m.update(0, 0);
        m.finish(1_000_000);
        assertEquals(0.0, m.lengths().meanBytes(), 0);
        assertEquals(0, m.maxBytes());
    }

    @Test
    void lengthTimesTimeCarriesPast64Bits() {
        QueueMonitor m = new QueueMonitor("q", 256, 0, 10_000_000_000L);
        m.update(0, 64L << 20);
        m.update(1_000_000_000_000L, 0);  // 64 MiB for 1 s: 6.7e19 byte-ps, above 2^63
        m.finish(2_000_000_000_000L);
        assertEquals(BigInteger.valueOf(64L << 20).multiply(BigInteger.valueOf(1_000_000_000_000L)),
                m.lengths().byteTimePs());
        assertEquals((64 << 20) / 2.0, m.lengths().meanBytes(), 0);
    }
}
