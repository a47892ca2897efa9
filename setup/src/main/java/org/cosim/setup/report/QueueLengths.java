package org.cosim.setup.report;

import java.math.BigDecimal;
import java.math.BigInteger;
import java.math.MathContext;

/**
 * One switch queue's time-weighted length distribution after the warm-up, as both back ends record it:
 * {@code timeInBucket[b]} picoseconds at a length in [b * bucketBytes, (b+1) * bucketBytes), the largest
 * length, and the length integrated over the measured time (byte-picoseconds, up to 128 bits). The
 * percentiles and the mean the results report come from here, whichever back end measured.
 */
public record QueueLengths(String name, long rateBps, long bucketBytes, long[] timeInBucket, long maxBytes,
                           BigInteger byteTimePs) {
    public QueueLengths {
        if (byteTimePs.signum() < 0 || byteTimePs.bitLength() > 128) {
            throw new IllegalArgumentException(name + ": length x time " + byteTimePs + " is not a 128-bit count");
        }
        timeInBucket = timeInBucket.clone();
        maxBytes = Math.max(maxBytes, 0);
    }

    /** Picoseconds spent at each bucket's lengths (a copy). */
    @Override
    public long[] timeInBucket() {
        return timeInBucket.clone();
    }

    private long measuredPs() {
        long total = 0;
        for (long t : timeInBucket) {
            total += t;
        }
        return total;
    }

    /** The queue length (bytes, upper edge of its bucket) not exceeded for fraction q of the measured time. */
    public long percentileBytes(double q) {
        long total = measuredPs();
        if (total == 0) {
            return 0;
        }
        double target = q * total;
        long acc = 0;
        for (int b = 0; b < timeInBucket.length; b++) {
            acc += timeInBucket[b];
            if (acc >= target && timeInBucket[b] > 0) {
                return Math.min((b + 1) * bucketBytes, maxBytes);
            }
        }
        return maxBytes;
    }

    /**
     * Time-weighted mean length in bytes, exact: the length integrated over the measured time (kept to the
     * byte-picosecond) over that time, rounded once. Bucket midpoints would lift every mean by up to half a
     * bucket, and put an empty queue's at 128 B.
     */
    public double meanBytes() {
        long total = measuredPs();
        if (total == 0) {
            return 0;
        }
        return new BigDecimal(byteTimePs).divide(BigDecimal.valueOf(total), MathContext.DECIMAL128).doubleValue();
    }
}
