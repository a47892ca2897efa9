package org.cosim.runner.results;

import java.util.List;

/**
 * FCT and slowdown over the measured flows ({@link FlowRecord#measured}): how many
 * there are and how many of them finished; FCT mean, nearest-rank p50 and p99, max
 * and min (us) over the finished ones, and slowdown mean and p99 over those with an
 * ideal FCT (a closed long-lived flow finishes but has none). NaN without samples.
 */
public record FctStats(int flowsMeasured, int flowsFinished, double meanUs, double p50Us, double p99Us, double maxUs,
                       double minUs, double slowdownMean, double slowdownP99) {

    public static FctStats of(List<FlowRecord> flows, long warmupPs) {
        List<FlowRecord> measured = FlowRecord.measured(flows, warmupPs);
        List<FlowRecord> done = measured.stream().filter(FlowRecord::finished).toList();
        long[] fct = Stats.sorted(done.stream().mapToLong(FlowRecord::fctPs).toArray());
        double[] slow = Stats.sorted(done.stream().mapToDouble(FlowRecord::slowdown)
                .filter(d -> !Double.isNaN(d)).toArray());
        return new FctStats(measured.size(), done.size(), Stats.us(Stats.mean(fct)), Stats.percentileUs(fct, 0.5),
                Stats.percentileUs(fct, 0.99), Stats.percentileUs(fct, 1.0),
                fct.length == 0 ? Double.NaN : Stats.us(fct[0]), Stats.mean(slow), Stats.percentile(slow, 0.99));
    }

    public int flowsUnfinished() {
        return flowsMeasured - flowsFinished;
    }

    /** Every measured flow finished (and there is at least one). */
    public boolean allFinished() {
        return flowsMeasured > 0 && flowsFinished == flowsMeasured;
    }
}
