package org.cosim.fabric.stats;

import java.math.BigInteger;
import java.util.Arrays;
import org.cosim.setup.report.QueueLengths;

/**
 * Time-weighted distribution of one queue's length: every change adds the time
 * spent at the previous length to that length's bucket, so percentiles are exact
 * over time (to the bucket width) without sampling events. Time before the
 * measurement start (the warm-up) is not counted. The Java fabric's side of
 * {@link QueueLengths}.
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

    /** The queue's length integrated over the measured time, in byte-picoseconds. */
    private BigInteger byteTimePs() {
        return BigInteger.valueOf(byteTimeHigh).shiftLeft(64).add(new BigInteger(Long.toUnsignedString(byteTimeLow)));
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

    /** The distribution measured so far, as the results report it. */
    public QueueLengths lengths() {
        return new QueueLengths(name, rateBps, bucketBytes, timeInBucket, maxBytes(), byteTimePs());
    }
}
