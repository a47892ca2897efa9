package org.cosim.validation.experiments;

import static org.cosim.validation.experiments.Tolerance.atLeast;
import static org.cosim.validation.experiments.Tolerance.atMost;

import java.util.ArrayList;
import java.util.List;
import org.cosim.runner.plots.FigureData.Series;
import org.cosim.runner.plots.FigureData;
import org.cosim.runner.results.FlowRates;
import org.cosim.runner.results.TimeSeries;
import org.cosim.scenario.Units;

/**
 * NDP's Figs 18-19 (SIGCOMM'17 §6.1.1, collateral damage of an incast): a long flow
 * to host 1, and 10 ms later a 64 -> 1 incast of 900 KB per flow to host 2 on the
 * same ToR (ndp-fig19-collateral.textproto; flow 0 is the long flow). The paper:
 * under NDP the long flow "suffers a small dip in throughput of less than 1ms" and
 * then recovers fully; under DCTCP the incast's losses slow both for a while; under
 * DCQCN PFC pauses the upstream switches and hurts the long flow. The paper gives no
 * numbers for the baselines, so their checks only ask for the damage it describes.
 *
 * <p>Definitions (ours; the paper's is a plot): the long flow's rate before the
 * incast is its mean over the 5 ms before it starts. The incast lasts from its
 * start to the end of the last sample in which an incast flow delivered data.
 * The dip is the time, in the run's 100 us samples within the incast, during
 * which the long flow gets less than half its rate before.
 */
final class NdpFig19Experiment {
    private NdpFig19Experiment() {}

    /** The incast's start_us in ndp-fig19-collateral.textproto, which the baselines' files inherit. */
    private static final long INCAST_START_PS = 10 * Units.PS_PER_MS;
    private static final long BEFORE_PS = 5 * Units.PS_PER_MS;
    private static final int LONG_FLOW = 0;

    private static final PaperRun NDP = PaperRun.of("ndp/fig19-collateral", "NDP", "ndp-fig19-collateral.textproto");
    private static final PaperRun DCTCP = PaperRun.of("ndp/dctcp-fig19-collateral", "DCTCP",
            "ndp-dctcp-fig19-collateral.textproto");
    private static final PaperRun DCQCN = PaperRun.of("ndp/dcqcn-fig19-collateral", "DCQCN",
            "ndp-dcqcn-fig19-collateral.textproto");

    /** The long flow's mean rate in the 5 ms before the incast, in Gb/s. */
    private static double rateBefore(TimeSeries ts) {
        return FlowRates.meanGbps(ts, LONG_FLOW, INCAST_START_PS - BEFORE_PS, INCAST_START_PS);
    }

    /** The end of the last sample in which an incast flow (every flow but the long one) delivered data. */
    static long incastEndPs(TimeSeries ts) {
        long end = INCAST_START_PS;
        for (int s = 0; s < ts.samples(); s++) {
            long[] bytes = ts.flowBytes()[s];
            for (int f = 0; f < bytes.length; f++) {
                if (f != LONG_FLOW && bytes[f] > 0) {
                    end = Math.max(end, ts.times()[s]);
                    break;
                }
            }
        }
        return end;
    }

    /** Time during the incast with the long flow below half its rate before, in ms. */
    static double dipMs(TimeSeries ts) {
        double half = rateBefore(ts) / 2;
        double[] gbps = FlowRates.gbps(ts, LONG_FLOW);
        long end = incastEndPs(ts);
        long below = 0;
        for (int s = 0; s < ts.samples(); s++) {
            if (ts.times()[s] > INCAST_START_PS && ts.times()[s] <= end && gbps[s] < half) {
                below += ts.intervalPs();
            }
        }
        return below / (double) Units.PS_PER_MS;
    }

    /** The long flow's mean rate from 1 ms into the incast to its end, over its rate before. */
    static double keptShare(TimeSeries ts) {
        return FlowRates.meanGbps(ts, LONG_FLOW, INCAST_START_PS + Units.PS_PER_MS, incastEndPs(ts)) / rateBefore(ts);
    }

    static Experiment experiment() {
        return new Experiment("ndp-fig19", "ndp", "Figs 18-19", "collateral damage of an incast to a long flow",
                "432-host fat tree. A long-lived flow from host 300 to host 1 from time 0; at 10 ms a 64 -> 1 incast "
                        + "of 900 KB per flow from hosts 368-431 to host 2, on host 1's ToR. NDP: the paper's "
                        + "fabric; DCTCP and DCQCN: the baselines' switches of Fig 14. Rates in 100 us samples; "
                        + "the long flow's rate before is its mean over 5-10 ms; the dip is the time within the "
                        + "incast with the long flow below half that. 70 ms (baselines 150 ms).",
                List.of(NDP, DCTCP, DCQCN),
                List.of(
                        Check.of("NDP: the long flow's dip (below half its rate)", "less than 1 ms",
                                atMost(1, " ms").described("< 1 ms"), " ms", r -> dipMs(r.of(NDP).series())),
                        Check.of("NDP: the long flow during the rest of the incast, share of its rate before",
                                "recovers to full throughput", atLeast(0.95, "").described(">= 0.95"), "",
                                r -> keptShare(r.of(NDP).series())),
                        Check.of("DCTCP: packets dropped", "loss at the ToR (and at the aggregation port above it)",
                                atLeast(1, "").described(">= 1"), "", r -> r.of(DCTCP).counters().dropPackets()),
                        Check.of("DCTCP: the long flow during the incast, share of its rate before",
                                "slow to recover", atMost(0.95, "").described("at most 0.95 (NDP keeps >= 0.95)"), "",
                                r -> keptShare(r.of(DCTCP).series())),
                        Check.of("DCQCN: PFC pause frames", "upstream switches paused repeatedly",
                                atLeast(1, "").described(">= 1"), "", r -> r.of(DCQCN).counters().pfcPauseFramesSent()),
                        Check.of("DCQCN: the long flow during the incast, share of its rate before",
                                "hurt by the pauses", atMost(0.95, "").described("at most 0.95"), "",
                                r -> keptShare(r.of(DCQCN).series()))),
                r -> {
                    List<Series> series = new ArrayList<>();
                    for (PaperRun run : List.of(NDP, DCTCP, DCQCN)) {
                        series.add(TimelyExperiments.movingAverage(run.label() + ": long flow", r.of(run),
                                new int[] {LONG_FLOW}, r.of(run).series().intervalPs()));
                    }
                    return FigureData.lines(FigureData.Kind.TIME_SERIES,
                            "A long flow while a 64 -> 1 incast hits its ToR (Figs 18-19)", "time (ms)",
                            "rate (Gb/s, 100 us samples)", series);
                });
    }
}
