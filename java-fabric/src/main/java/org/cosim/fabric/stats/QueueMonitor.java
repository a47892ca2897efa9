package org.cosim.fabric.stats;

import java.math.BigDecimal;
import java.math.BigInteger;
import java.math.MathContext;
import java.util.Arrays;

/**
 * Time-weighted distribution of one queue's length: every change adds the time
 * spent at the previous length to that length's bucket, so percentiles are exact
 * over time (to the bucket width) without sampling events. Time before the
 * measurement start (the warm-up) is not counted.
 */
public final class QueueMonitor {
    private final String name;
    private final long bucketBytes;
    private final long measureFromPs;
    private final long rateBps;
    private long[] timeInBucket = new long[64];
    /** Length x time (byte-picoseconds), unsigned 128-bit (high, low): the exact mean's numerator. */
    private long byteTimeHigh;
    private long byteTimeLow;
    private long lastChangePs;
    private long current;
    private long max;

    public QueueMonitor(String name, long bucketBytes, long measureFromPs, long rateBps) {
        this.name = name;
        this.bucketBytes = bucketBytes;
        this.measureFromPs = measureFromPs;
        this.rateBps = rateBps;
    }

    /**
     * A finished distribution measured elsewhere (the OMNeT++ back end records the
     * same buckets): {@code timeInBucket[b]} picoseconds at a length in
     * [b * bucketBytes, (b+1) * bucketBytes), and the largest length after the
     * warm-up. The percentiles and the mean then come from this class's code, as
     * for the Java fabric's own monitors.
     */
    public static QueueMonitor fromDistribution(String name, long bucketBytes, long rateBps, long[] timeInBucket,
                                                long maxBytes, BigInteger byteTimePs) {
        if (byteTimePs.signum() < 0 || byteTimePs.bitLength() > 128) {
            throw new IllegalArgumentException(name + ": length x time " + byteTimePs + " is not a 128-bit count");
        }
        QueueMonitor m = new QueueMonitor(name, bucketBytes, 0, rateBps);
        m.timeInBucket = Arrays.copyOf(timeInBucket, Math.max(timeInBucket.length, 1));
        m.max = maxBytes;
        m.byteTimeHigh = byteTimePs.shiftRight(64).longValue();
        m.byteTimeLow = byteTimePs.longValue();
        return m;
    }

    /** The queue's length integrated over the measured time, in byte-picoseconds. */
    public BigInteger byteTimePs() {
        return BigInteger.valueOf(byteTimeHigh).shiftLeft(64).add(new BigInteger(Long.toUnsignedString(byteTimeLow)));
    }

    /** Picoseconds spent at each bucket's lengths so far (a copy). */
    public long[] timeInBucket() {
        return timeInBucket.clone();
    }

    public String name() {
        return name;
    }

    /** The drain rate of the monitored port, to express queue lengths as time. */
    public long rateBps() {
        return rateBps;
    }

    public void update(long nowPs, long bytes) {
        account(nowPs);
        current = bytes;
        if (nowPs >= measureFromPs && bytes > max) {
            max = bytes;
        }
    }

    /** Closes the distribution at the end of the run. */
    public void finish(long nowPs) {
        account(nowPs);
    }

    public long current() {
        return current;
    }

    public long maxBytes() {
        return Math.max(max, 0);
    }

    private void account(long nowPs) {
        long from = Math.max(lastChangePs, measureFromPs);
        if (nowPs > from) {
            int b = (int) (current / bucketBytes);
            if (b >= timeInBucket.length) {
                timeInBucket = Arrays.copyOf(timeInBucket, Math.max(b + 1, timeInBucket.length * 2));
            }
            long dt = nowPs - from;
            timeInBucket[b] += dt;
            // current and dt are non-negative, so the signed high half is the unsigned one.
            long low = current * dt;
            long sum = byteTimeLow + low;
            byteTimeHigh += Math.multiplyHigh(current, dt) + (Long.compareUnsigned(sum, byteTimeLow) < 0 ? 1 : 0);
            byteTimeLow = sum;
        }
        lastChangePs = nowPs;
    }

    /** The queue length (bytes, upper edge of its bucket) not exceeded for fraction q of the measured time. */
    public long percentileBytes(double q) {
        long total = 0;
        for (long t : timeInBucket) {
            total += t;
        }
        if (total == 0) {
            return 0;
        }
        double target = q * total;
        long acc = 0;
        for (int b = 0; b < timeInBucket.length; b++) {
            acc += timeInBucket[b];
            if (acc >= target && timeInBucket[b] > 0) {
                return Math.min((b + 1) * bucketBytes, Math.max(max, 0));
            }
        }
        return Math.max(max, 0);
    }

    /**
     * Time-weighted mean length in bytes, exact: the length integrated over the measured time (kept to the
     * byte-picosecond) over that time, rounded once. Bucket midpoints would lift every mean by up to half a
     * bucket, and put an empty queue's at 128 B.
     */
    public double meanBytes() {
        long total = 0;
        for (long t : timeInBucket) {
            total += t;
        }
        if (total == 0) {
            return 0;
        }
        return new BigDecimal(byteTimePs()).divide(BigDecimal.valueOf(total), MathContext.DECIMAL128).doubleValue();
    }
}
