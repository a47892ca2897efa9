package org.cosim.validation.experiments;

import static org.cosim.validation.experiments.Tolerance.atLeast;
import static org.cosim.validation.experiments.Tolerance.between;

import java.util.Arrays;
import java.util.List;
import org.cosim.runner.plots.FigureData;
import org.cosim.runner.results.Summary;

/**
 * NDP's Fig 22 (SIGCOMM'17 §6.2, "Handling asymmetry"): the 128-host permutation
 * with one core-to-aggregation link cut to 1 Gb/s. The paper: with its per-path
 * scoreboard NDP "copes well"; without path penalties 15 flows get only about
 * 3 Gb/s. ndp-fig22-asymmetry(-nopenalty).textproto, whose 20 ms RTO floor
 * matches the authors' simulator (docs/ndp.md says why it matters).
 */
final class NdpFig22Experiment {
    private NdpFig22Experiment() {}

    private static final String[] QUICK = {"duration_us=100000", "output.warmup_us=30000"};
    /** A flow clearly below its share of a 10 Gb/s host link. */
    private static final double SUFFERING_GBPS = 8;

    private static final PaperRun PENALTIES = PaperRun.of("ndp/fig22-asymmetry", "path penalties on",
            "ndp-fig22-asymmetry.textproto").quick(QUICK);
    private static final PaperRun NO_PENALTIES = PaperRun.of("ndp/fig22-asymmetry-nopenalty", "path penalties off",
            "ndp-fig22-asymmetry-nopenalty.textproto").quick(QUICK);

    private static double slowest(Runs r, PaperRun run) {
        return Summary.of(r.of(run)).flowThroughputMinGbps();
    }

    private static double suffering(Runs r, PaperRun run) {
        return Arrays.stream(Summary.of(r.of(run)).flowThroughputGbps()).filter(g -> g < SUFFERING_GBPS).count();
    }

    static Experiment experiment() {
        return new Experiment("ndp-fig22", "ndp", "Fig 22", "one core link at 1 Gb/s, with and without path penalties",
                "The 128-host permutation (k = 8) with core[0]-agg[1][0] at 1 Gb/s both ways; NDP with its path "
                        + "scoreboard and without, a 20 ms RTO floor as the authors' simulator (its initial RTO); "
                        + "200 ms, the first 50 ms warm-up (--quick: 100 ms, 30 ms).",
                List.of(PENALTIES, NO_PENALTIES),
                List.of(
                        Check.of("with path penalties: slowest flow", "copes well (no flow starved)",
                                atLeast(8.5, " Gb/s").described(">= 8.5 Gb/s (ours; the paper gives none)"), " Gb/s",
                                r -> slowest(r, PENALTIES)),
                        Check.of("without path penalties: slowest flow", "about 3 Gb/s", between(1.5, 6, " Gb/s")
                                .described("0.5-2x: 1.5..6 Gb/s"), " Gb/s", r -> slowest(r, NO_PENALTIES)),
                        Check.of("without path penalties: flows below 8 Gb/s", "15 flows at about 3 Gb/s",
                                atLeast(8, "").described(">= 8 (half the paper's 15)"), "",
                                r -> suffering(r, NO_PENALTIES))),
                r -> FigureData.lines(FigureData.Kind.SWEEP, "One core link at 1 Gb/s: flows by throughput (Fig 22)",
                        "flow rank (slowest first)", "throughput (Gb/s)", List.of(
                                NdpExperiments.ranked("with path penalties", r.of(PENALTIES)),
                                NdpExperiments.ranked("without path penalties", r.of(NO_PENALTIES)))));
    }
}
