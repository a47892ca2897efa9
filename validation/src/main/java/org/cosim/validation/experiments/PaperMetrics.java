package org.cosim.validation.experiments;

import java.util.function.Predicate;
import org.cosim.runner.results.FlowRates;
import org.cosim.runner.results.FlowRecord;
import org.cosim.runner.results.RunResults;
import org.cosim.runner.results.Stats;
import org.cosim.scenario.Units;

/**
 * The metrics of the paper cases that go beyond Summary, one definition each,
 * shared by the experiments and the paper-case tests.
 */
public final class PaperMetrics {
    public static final long US = Units.PS_PER_US;
    public static final long MS = Units.PS_PER_MS;

    private PaperMetrics() {}

    /**
     * Poseidon Fig 17(a): the convergence time of {@code flow}, started at
     * {@code startPs}, to {@code fairGbps} (FlowRates.convergencePs: within +-10%,
     * 50 us average, held for 200 us); -1 if it never converges within the run.
     */
    public static long convergencePs(RunResults r, int flow, long startPs, double fairGbps) {
        return FlowRates.convergencePs(r.series(), flow, startPs, fairGbps, 0.10, 50 * US, 200 * US);
    }

    /**
     * Poseidon Fig 7(a): how many of its RTTs {@code flow}, started at
     * {@code startPs}, takes to reach {@code gbps}: "reached" = the mean of two
     * consecutive samples is at least {@code gbps}; the RTT is the flow's mean host
     * RTT sample until then. NaN if it never gets there.
     */
    public static double rttsToReach(RunResults r, int flow, long startPs, double gbps) {
        double[] rate = FlowRates.gbps(r.series(), flow);
        long[] t = r.series().times();
        long reached = -1;
        for (int s = 1; s < rate.length && reached < 0; s++) {
            if (t[s - 1] > startPs && (rate[s - 1] + rate[s]) / 2 >= gbps) {
                reached = t[s];
            }
        }
        double sum = 0;
        int n = 0;
        for (int i = 0; i < r.rtts().size(); i++) {
            if (r.rtts().flow()[i] == flow && r.rtts().timePs()[i] <= reached) {
                sum += r.rtts().hostRttPs()[i];
                n++;
            }
        }
        return reached < 0 || n == 0 ? Double.NaN : (reached - startPs) / (sum / n);
    }

    /**
     * Poseidon Fig 16: flows stepping onto a hop and off it. {@code phases[i]} =
     * {from ms, to ms, the flows active then...}; each phase is measured from
     * {@code settlePs} after its start to its end. Returns {the worst distance of an
     * active flow's mean rate from its fair share (200 Gb/s / active flows), as a
     * fraction; the standard deviation of a flow's rate in {@code windowPs}
     * windows, averaged over the flows of the phases shared by two or more}.
     */
    public static double[] stepPhases(RunResults r, int[][] phases, double linkGbps, long settlePs, long windowPs) {
        double worst = 0;
        double dev = 0;
        int shared = 0;
        for (int[] p : phases) {
            int active = p.length - 2;
            long from = p[0] * MS + settlePs;
            long to = p[1] * MS;
            for (int i = 2; i < p.length; i++) {
                double mean = FlowRates.meanGbps(r.series(), p[i], from, to);
                worst = Math.max(worst, Math.abs(mean / (linkGbps / active) - 1));
                if (active > 1) {
                    dev += FlowRates.stdDevGbps(r.series(), p[i], from, to, windowPs);
                    shared++;
                }
            }
        }
        return new double[] {worst, shared == 0 ? Double.NaN : dev / shared};
    }

    /**
     * Poseidon Fig 18: the {@code q} quantile of the host RTTs of the samples taken in
     * (fromPs, toPs], every flow's, in microseconds; NaN if there are none.
     */
    public static double rttQuantileUs(RunResults r, long fromPs, long toPs, double q) {
        long[] t = r.rtts().timePs();
        long[] rtt = r.rtts().hostRttPs();
        long[] in = new long[t.length];
        int n = 0;
        for (int i = 0; i < t.length; i++) {
            if (t[i] > fromPs && t[i] <= toPs) {
                in[n++] = rtt[i];
            }
        }
        long[] samples = java.util.Arrays.copyOf(in, n);
        java.util.Arrays.sort(samples);
        return n == 0 ? Double.NaN : Stats.percentile(samples, q) / (double) US;
    }

    /**
     * Poseidon Fig 17(b): each flow's throughput standard deviation over time
     * (rate averaged in windows of {@code windowPs} after the warm-up,
     * FlowRates.stdDevGbps), averaged over the flows.
     */
    public static double meanStdDevGbps(RunResults r, long windowPs) {
        double sum = 0;
        for (int f = 0; f < r.flows().size(); f++) {
            sum += FlowRates.stdDevGbps(r.series(), f, r.warmupPs(), r.reachedPs(), windowPs);
        }
        return sum / r.flows().size();
    }

    /** The sorted FCTs (us) of the finished measured flows ({@link FlowRecord#measured}) that match. */
    public static double[] fctsUs(RunResults r, Predicate<FlowRecord> which) {
        return Stats.sorted(finishedMeasured(r, which).mapToDouble(f -> f.fctPs() / (double) US).toArray());
    }

    private static java.util.stream.Stream<FlowRecord> finishedMeasured(RunResults r, Predicate<FlowRecord> which) {
        return FlowRecord.measured(r.flows(), r.warmupPs()).stream().filter(which).filter(FlowRecord::finished);
    }

    /** A nearest-rank percentile of {@link #fctsUs}; NaN without flows. */
    public static double fctPercentileUs(RunResults r, Predicate<FlowRecord> which, double q) {
        return Stats.percentile(fctsUs(r, which), q);
    }

    /** The matching flows' slowdowns (FCT over ideal FCT), sorted, as {@link #fctsUs} selects them. */
    public static double[] slowdowns(RunResults r, Predicate<FlowRecord> which) {
        return Stats.sorted(finishedMeasured(r, which).mapToDouble(FlowRecord::slowdown).toArray());
    }

    /**
     * TIMELY Fig 18: how long after {@code fromPs} the mean rate of {@code flows},
     * averaged over the last {@code windowPs}, first reaches {@code gbps}; -1 if it
     * never does within the run.
     */
    public static long recoveryPs(RunResults r, int[] flows, long fromPs, double gbps, long windowPs) {
        var ts = r.series();
        int k = (int) Math.max(1, windowPs / ts.intervalPs());
        double seconds = k * ts.intervalPs() / (double) Units.PS_PER_S;
        long sum = 0;
        for (int i = 0; i < ts.samples(); i++) {
            for (int f : flows) {
                sum += ts.flowBytes()[i][f] - (i >= k ? ts.flowBytes()[i - k][f] : 0);
            }
            if (i >= k - 1 && ts.times()[i] > fromPs && sum * 8 / seconds / 1e9 / flows.length >= gbps) {
                return ts.times()[i] - fromPs;
            }
        }
        return -1;
    }

    /** When the last of the finished flows finished (-1 if none did). */
    public static long lastFinishPs(RunResults r) {
        return r.flows().stream().filter(FlowRecord::finished).mapToLong(FlowRecord::endPs).max().orElse(-1);
    }

    /** Data resent per byte of the flows (sent on the wire beyond the flow sizes, over the sizes). */
    public static double resendsPerPacket(RunResults r) {
        long size = 0;
        long sent = 0;
        for (FlowRecord f : r.flows()) {
            size += f.sizeBytes();
            sent += f.bytes().sent();
        }
        return size == 0 ? Double.NaN : (sent - size) / (double) size;
    }
}
