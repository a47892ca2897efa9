package org.cosim.setup.workload;

import org.cosim.proto.CdfPoint;
import org.cosim.proto.EmpiricalCdf;
import org.cosim.proto.FlowSizes;
import org.cosim.scenario.ScenarioException;

/**
 * Flow sizes drawn from a fixed size or an empirical CDF. A draw maps a uniform
 * u in [0, 1) to a size by linear interpolation between the CDF's points (the
 * usual reading of tabulated datacenter distributions, e.g. in HPCC's and
 * pFabric's evaluations): below the first point's probability it is the first
 * size; between points i-1 and i it is S(i-1) + (S(i) - S(i-1)) (u - P(i-1)) /
 * (P(i) - P(i-1)). Sizes are rounded to whole bytes, at least one.
 */
public final class FlowSizeDistribution {
    private final long[] sizes;
    private final double[] probs;
    private final double meanBytes;

    private FlowSizeDistribution(long[] sizes, double[] probs) {
        this.sizes = sizes;
        this.probs = probs;
        double mean = probs[0] * sizes[0];
        for (int i = 1; i < sizes.length; i++) {
            mean += (probs[i] - probs[i - 1]) * (sizes[i] + sizes[i - 1]) / 2.0;
        }
        this.meanBytes = Math.max(1, mean);
    }

    /** Reads and checks {@code s}; {@code field} names it in errors (e.g. "workload.poisson.sizes"). */
    public static FlowSizeDistribution from(FlowSizes s, String field) {
        return switch (s.getKindCase()) {
            case FIXED_BYTES -> {
                long bytes = Workloads.flowBytes(s.getFixedBytes(), field + ".fixed_bytes");
                if (bytes < 1) {
                    throw new ScenarioException(field + ".fixed_bytes", "0: a flow needs at least one byte");
                }
                yield new FlowSizeDistribution(new long[] {bytes}, new double[] {1.0});
            }
            case EMPIRICAL -> empirical(s.getEmpirical(), field + ".empirical");
            case CDF -> throw new ScenarioException(field + ".cdf", "'" + s.getCdf() + "' was not read: CDFs are "
                    + "read with the scenario file (ScenarioFiles), which replaces them by their points");
            case KIND_NOT_SET -> throw new ScenarioException(field, "no flow sizes (set fixed_bytes or cdf)");
        };
    }

    private static FlowSizeDistribution empirical(EmpiricalCdf c, String field) {
        String from = c.getSource().isEmpty() ? "" : " (" + c.getSource() + ")";
        int n = c.getPointsCount();
        if (n == 0) {
            throw new ScenarioException(field + ".points", "no points" + from);
        }
        long[] sizes = new long[n];
        double[] probs = new double[n];
        for (int i = 0; i < n; i++) {
            CdfPoint p = c.getPoints(i);
            String at = field + ".points[" + i + "]";
            sizes[i] = Workloads.flowBytes(p.getSizeBytes(), at + ".size_bytes");
            probs[i] = p.getCumulativeProbability();
            if (!(probs[i] >= 0 && probs[i] <= 1)) {
                throw new ScenarioException(at + ".cumulative_probability", probs[i] + ": must be in [0, 1]" + from);
            }
            if (i > 0 && sizes[i] <= sizes[i - 1]) {
                throw new ScenarioException(at + ".size_bytes", Long.toUnsignedString(sizes[i])
                        + ": sizes must increase (the previous point has " + sizes[i - 1] + ")" + from);
            }
            if (i > 0 && probs[i] < probs[i - 1]) {
                throw new ScenarioException(at + ".cumulative_probability", probs[i]
                        + ": probabilities must not decrease (the previous point has " + probs[i - 1] + ")" + from);
            }
        }
        if (probs[n - 1] != 1.0) {
            throw new ScenarioException(field + ".points[" + (n - 1) + "].cumulative_probability", probs[n - 1]
                    + ": the last point must have probability 1" + from);
        }
        if (sizes[n - 1] < 1) {
            throw new ScenarioException(field + ".points[" + (n - 1) + "].size_bytes", "0: the largest size must be "
                    + "at least one byte" + from);
        }
        return new FlowSizeDistribution(sizes, probs);
    }

    /** The size for a uniform {@code u} in [0, 1). */
    public long sizeAt(double u) {
        if (u < probs[0] || sizes.length == 1) {
            return Math.max(1, sizes[0]);
        }
        int i = 1;
        while (i < sizes.length - 1 && u >= probs[i]) {
            i++;
        }
        double span = probs[i] - probs[i - 1];
        double x = span > 0 ? sizes[i - 1] + (sizes[i] - sizes[i - 1]) * (u - probs[i - 1]) / span : sizes[i];
        return Math.max(1, Math.round(x));
    }

    /** The distribution's mean in bytes (of the interpolated distribution, before rounding). */
    public double meanBytes() {
        return meanBytes;
    }
}
