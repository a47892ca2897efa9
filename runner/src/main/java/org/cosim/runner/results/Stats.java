package org.cosim.runner.results;

import java.util.Arrays;
import org.cosim.scenario.Units;

/** Small statistics helpers with one definition each, used by every report. */
public final class Stats {
    private Stats() {}

    /** Nearest-rank percentile: the smallest value with at least q of the samples at or below it. */
    public static long percentile(long[] sorted, double q) {
        if (sorted.length == 0) {
            return 0;
        }
        int rank = (int) Math.ceil(q * sorted.length);
        return sorted[Math.max(0, Math.min(sorted.length - 1, rank - 1))];
    }

    public static double percentile(double[] sorted, double q) {
        if (sorted.length == 0) {
            return Double.NaN;
        }
        int rank = (int) Math.ceil(q * sorted.length);
        return sorted[Math.max(0, Math.min(sorted.length - 1, rank - 1))];
    }

    /** A nearest-rank percentile of picosecond samples, in microseconds; NaN (null in JSON) without samples. */
    public static double percentileUs(long[] sortedPs, double q) {
        return sortedPs.length == 0 ? Double.NaN : us(percentile(sortedPs, q));
    }

    public static double us(double ps) {
        return ps / Units.PS_PER_US;
    }

    public static double mean(long[] values) {
        if (values.length == 0) {
            return Double.NaN;
        }
        double sum = 0;
        for (long v : values) {
            sum += v;
        }
        return sum / values.length;
    }

    public static double mean(double[] values) {
        if (values.length == 0) {
            return Double.NaN;
        }
        double sum = 0;
        for (double v : values) {
            sum += v;
        }
        return sum / values.length;
    }

    /** Jain's fairness index (sum x)^2 / (n sum x^2); 1 = perfectly fair. */
    public static double jain(double[] x) {
        if (x.length == 0) {
            return Double.NaN;
        }
        double sum = 0;
        double sq = 0;
        for (double v : x) {
            sum += v;
            sq += v * v;
        }
        return sq == 0 ? 1.0 : sum * sum / (x.length * sq);
    }

    public static long[] sorted(long[] values) {
        long[] c = values.clone();
        Arrays.sort(c);
        return c;
    }

    public static double[] sorted(double[] values) {
        double[] c = values.clone();
        Arrays.sort(c);
        return c;
    }
}
