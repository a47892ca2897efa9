package org.cosim.validation.experiments;

import static org.cosim.validation.experiments.Tolerance.atMost;
import static org.cosim.validation.experiments.Tolerance.between;

import java.util.List;
import org.cosim.runner.plots.FigureData.Series;
import org.cosim.runner.plots.FigureData;

/**
 * NDP §6.1.1's first experiment on the side effects of incast: a long-lived incast
 * alongside Fig 14's permutation (ndp-incast-with-permutation.textproto and its
 * DCTCP and DCQCN twins). The paper: total utilization is NDP 92% and DCTCP 40%,
 * "the same as the permutation running alone", while DCQCN's PFC collapses the
 * network to 17%. Its incast's size is not given; ours is 64 -> 1. Each protocol is
 * compared with its own permutation alone, the runs of Fig 14 ({@code ndp-fig14}).
 */
final class NdpIncastWithPermutationExperiment {
    private NdpIncastWithPermutationExperiment() {}

    private static final String[] QUICK = {"duration_us=12000", "output.warmup_us=4000"};

    private static final PaperRun NDP = PaperRun.of("ndp/incast-with-permutation", "NDP, permutation and incast",
            "ndp-incast-with-permutation.textproto").quick(QUICK);
    private static final PaperRun DCTCP = PaperRun.of("ndp/dctcp-incast-with-permutation",
            "DCTCP, permutation and incast", "ndp-dctcp-incast-with-permutation.textproto").quick(QUICK);
    private static final PaperRun DCQCN = PaperRun.of("ndp/dcqcn-incast-with-permutation",
            "DCQCN, permutation and incast", "ndp-dcqcn-incast-with-permutation.textproto").quick(QUICK);

    private static double changeFromAlone(Runs r, PaperRun withIncast, PaperRun alone) {
        return NdpExperiments.utilization(r.of(withIncast)) - NdpExperiments.utilization(r.of(alone));
    }

    static Experiment experiment() {
        return new Experiment("ndp-incast-permutation", "ndp", "§6.1.1", "a long-lived incast alongside the permutation",
                "Fig 14's permutation on the 432-host fat tree plus a long-lived 64 -> 1 incast from the 64 highest "
                        + "host ids to host 0 (the paper does not give its size), NDP and the DCTCP and DCQCN "
                        + "baselines of Fig 14; 30 ms, the first 10 ms warm-up (--quick: 12 ms, 4 ms). "
                        + "Utilization: all flows' goodput over the 432 hosts' 10 Gb/s links; \"alone\": Fig 14's "
                        + "runs of the same protocol.",
                List.of(NDP, DCTCP, DCQCN, NdpExperiments.PERMUTATION, NdpExperiments.DCTCP_PERMUTATION,
                        NdpExperiments.DCQCN_PERMUTATION),
                List.of(
                        Check.of("NDP utilization with the incast", "92%", between(87, 97, "%")
                                .described("92 +- 5 points"), "%", r -> NdpExperiments.utilization(r.of(NDP))),
                        Check.of("NDP: with the incast minus alone", "the same as the permutation alone",
                                between(-3, 3, " points").described("+-3 points (ours; the paper gives none)"), " points",
                                r -> changeFromAlone(r, NDP, NdpExperiments.PERMUTATION)),
                        Check.of("DCTCP: with the incast minus alone", "the same as the permutation alone (40%)",
                                between(-3, 3, " points").described("+-3 points (ours; the paper gives none)"), " points",
                                r -> changeFromAlone(r, DCTCP, NdpExperiments.DCTCP_PERMUTATION)),
                        Check.of("DCQCN utilization with the incast", "17% (congestion collapse)",
                                between(8.5, 34, "%").described("0.5-2x: 8.5..34% (ours; the paper gives none)"), "%",
                                r -> NdpExperiments.utilization(r.of(DCQCN))),
                        Check.of("DCQCN: with the incast over alone", "collapses (17% against 40%)",
                                atMost(0.8, "").described("<= 0.8 (ours; the paper gives none)"), "",
                                r -> NdpExperiments.utilization(r.of(DCQCN)) / NdpExperiments.utilization(r.of(NdpExperiments.DCQCN_PERMUTATION)))),
                r -> FigureData.bars("A long-lived incast alongside the permutation (§6.1.1)", "utilization (%)",
                        List.of("NDP", "DCTCP", "DCQCN"), List.of(
                                new Series("permutation alone", new double[0], new double[] {
                                        NdpExperiments.utilization(r.of(NdpExperiments.PERMUTATION)),
                                        NdpExperiments.utilization(r.of(NdpExperiments.DCTCP_PERMUTATION)),
                                        NdpExperiments.utilization(r.of(NdpExperiments.DCQCN_PERMUTATION))}),
                                new Series("with a 64 -> 1 incast", new double[0], new double[] {
                                        NdpExperiments.utilization(r.of(NDP)), NdpExperiments.utilization(r.of(DCTCP)),
                                        NdpExperiments.utilization(r.of(DCQCN))}))));
    }
}
