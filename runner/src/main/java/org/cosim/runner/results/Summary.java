package org.cosim.runner.results;

import java.util.ArrayList;
import java.util.List;
import org.cosim.scenario.Units;

/**
 * The headline metrics of a run, computed from {@link RunResults} the same way for
 * both back ends. Throughputs count payload bytes delivered to receiving NICs in
 * the measured interval (after the warm-up): goodput each byte of a flow once, on
 * its first arrival, wire throughput every copy ({@link FlowBytes}); a flow's
 * throughput is its goodput over the part of that interval it was active.
 * Retransmitted and duplicate bytes count the whole run. RTTs: the network and the
 * host RTT of the same samples ({@link RttSamples}). FCTs and slowdowns:
 * {@link FctStats}, over the flows that started after the warm-up; a mixed workload's
 * parts apart: {@link PartStats} (empty for a workload of one kind); slowdown by flow size:
 * {@link Slowdowns} (its non-empty buckets).
 */
public record Summary(double goodputGbps, double wireGbps, double[] flowThroughputGbps, double jainIndex,
                      RttStats rttNetwork, RttStats rttHost, FctStats fct, long retransmittedBytes,
                      long duplicateBytesDelivered, double incastOptimumUs, TracedOneWay tracedOneWay,
                      TracedPortWaits tracedPortWaits, List<PartStats> parts, List<Slowdowns.Bucket> slowdownBySize) {

    public static Summary of(RunResults r) {
        double measuredS = r.measuredPs() / (double) Units.PS_PER_S;
        long wireBytes = 0;
        long retransmitted = 0;
        long duplicates = 0;
        List<Double> rates = new ArrayList<>();
        for (FlowRecord f : r.flows()) {
            wireBytes += f.bytes().deliveredMeasured();
            retransmitted += f.bytes().retransmitted();
            duplicates += f.bytes().duplicateDelivered();
            long from = Math.max(r.warmupPs(), f.startPs());
            long to = f.finished() ? Math.min(f.endPs(), r.reachedPs()) : r.reachedPs();
            if (to > from) {
                rates.add(f.bytes().uniqueDeliveredMeasured() * 8 / ((to - from) / (double) Units.PS_PER_S) / 1e9);
            }
        }
        double[] flowRates = rates.stream().mapToDouble(Double::doubleValue).toArray();


        return new Summary(
                goodputGbps(r.flows(), r.measuredPs()), measuredS > 0 ? wireBytes * 8 / measuredS / 1e9 : 0,
                flowRates, Stats.jain(flowRates),
                RttStats.of(r.rtts().networkRttPs()), RttStats.of(r.rtts().hostRttPs()),
                FctStats.of(r.flows(), r.warmupPs()), retransmitted, duplicates,
                r.incastOptimumPs() < 0 ? Double.NaN : Stats.us(r.incastOptimumPs()),
                r.packetTrace() == null ? null : TracedOneWay.of(r.packetTrace()),
                r.packetTrace() == null ? null : TracedPortWaits.of(r.packetTrace()), PartStats.of(r),
                Slowdowns.bySize(r.flows(), r.warmupPs()));
    }

    /** The goodput of {@code flows}: their payload bytes delivered for the first time in the measured interval. */
    static double goodputGbps(List<FlowRecord> flows, long measuredPs) {
        long bytes = 0;
        for (FlowRecord f : flows) {
            bytes += f.bytes().uniqueDeliveredMeasured();
        }
        return measuredPs > 0 ? bytes * 8 / (measuredPs / (double) Units.PS_PER_S) / 1e9 : 0;
    }


    /** An incast's last FCT over its optimum (NaN unless every measured flow finished in an incast). */
    public double incastLastOverOptimum() {
        return fct.allFinished() ? fct.maxUs() / incastOptimumUs : Double.NaN;
    }

    /** An incast's slowest FCT over its fastest (NaN unless every measured flow finished in an incast). */
    public double incastSlowestOverFastest() {
        return fct.allFinished() && !Double.isNaN(incastOptimumUs) ? fct.maxUs() / fct.minUs() : Double.NaN;
    }

    public double flowThroughputMinGbps() {
        double m = Double.POSITIVE_INFINITY;
        for (double v : flowThroughputGbps) {
            m = Math.min(m, v);
        }
        return flowThroughputGbps.length == 0 ? Double.NaN : m;
    }

    /**
     * The mean throughput of the slowest tenth of the flows (at least one): the
     * "worst 10%" of NDP's Fig 2, less sensitive to one unlucky flow than the minimum.
     */
    public double flowThroughputWorstTenthGbps() {
        if (flowThroughputGbps.length == 0) {
            return Double.NaN;
        }
        double[] g = Stats.sorted(flowThroughputGbps);
        int k = Math.max(1, (g.length + 9) / 10);
        double sum = 0;
        for (int i = 0; i < k; i++) {
            sum += g[i];
        }
        return sum / k;
    }

    public double flowThroughputMaxGbps() {
        double m = 0;
        for (double v : flowThroughputGbps) {
            m = Math.max(m, v);
        }
        return flowThroughputGbps.length == 0 ? Double.NaN : m;
    }
}
