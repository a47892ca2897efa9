package org.cosim.validation.experiments;

import static org.cosim.validation.experiments.Tolerance.atLeast;
import static org.cosim.validation.experiments.Tolerance.between;

import java.util.List;
import org.cosim.runner.plots.FigureData.Series;
import org.cosim.runner.plots.FigureData;
import org.cosim.runner.results.Summary;

/**
 * NDP's Fig 21 (SIGCOMM'17 §7, "Sender-limited traffic"): host A sends to B, C, D
 * and E, and F also sends to E. A cannot fill half of E's link, so E's fair pull
 * queue must pull A only as fast as A's packets arrive and give F the rest. The
 * paper's table of throughputs did not survive into the text; what it states is
 * that A's uplink and E's downlink are both saturated and that A's four flows
 * divide A's link almost perfectly, so about 2.5 Gb/s each and 7.5 Gb/s for
 * F -> E (derived from the text; docs/ndp.md). Flows 0-3 are A's, flow 4 is F's
 * (ndp-fig21-sender-limited.textproto).
 */
final class NdpFig21Experiment {
    private NdpFig21Experiment() {}

    static final PaperRun RUN = PaperRun.of("ndp/fig21-sender-limited", "A -> B, C, D, E; F -> E",
            "ndp-fig21-sender-limited.textproto").quick("duration_us=20000", "output.warmup_us=5000");

    private static final int A_FLOWS = 4;
    private static final int F_FLOW = 4;

    private static double[] rates(Runs r) {
        return Summary.of(r.of(RUN)).flowThroughputGbps();
    }

    private static double aTotal(Runs r) {
        double[] g = rates(r);
        double sum = 0;
        for (int i = 0; i < A_FLOWS; i++) {
            sum += g[i];
        }
        return sum;
    }

    private static double aSlowestOverFastest(Runs r) {
        double[] g = rates(r);
        double min = Double.POSITIVE_INFINITY;
        double max = 0;
        for (int i = 0; i < A_FLOWS; i++) {
            min = Math.min(min, g[i]);
            max = Math.max(max, g[i]);
        }
        return min / max;
    }

    static Experiment experiment() {
        return new Experiment("ndp-fig21", "ndp", "Fig 21", "sender-limited traffic: A to four hosts, F to one of them",
                "432-host fat tree, NDP defaults (ndp-fabric.textproto). Long-lived flows from host 40 (A) to hosts "
                        + "80, 120, 160, 200 (B, C, D, E) and from host 240 (F) to host 200 (E): six hosts in six "
                        + "pods, our choice (the paper does not say where they sit). 50 ms, the first 10 ms warm-up "
                        + "(--quick: 20 ms, 5 ms).",
                List.of(RUN),
                List.of(
                        Check.of("A's uplink: its four flows together", "saturated (10 Gb/s)",
                                atLeast(9.5, " Gb/s").described(">= 9.5 Gb/s (95%; the paper gives none)"), " Gb/s",
                                NdpFig21Experiment::aTotal),
                        Check.of("E's downlink: A -> E plus F -> E", "saturated (10 Gb/s)",
                                atLeast(9.5, " Gb/s").described(">= 9.5 Gb/s (95%; the paper gives none)"), " Gb/s",
                                r -> rates(r)[A_FLOWS - 1] + rates(r)[F_FLOW]),
                        Check.of("A's four flows: slowest over fastest", "almost even (about 2.5 Gb/s each)",
                                atLeast(0.9, "").described(">= 0.9 (ours; the paper gives none)"), "",
                                NdpFig21Experiment::aSlowestOverFastest),
                        Check.of("F -> E", "about 7.5 Gb/s (derived)", between(7, 8, " Gb/s")
                                .described("7..8 Gb/s"), " Gb/s", r -> rates(r)[F_FLOW])),
                r -> FigureData.bars("Sender-limited traffic (Fig 21)", "throughput (Gb/s)",
                        List.of("A -> B", "A -> C", "A -> D", "A -> E", "F -> E"),
                        List.of(new Series("NDP", new double[0], rates(r)))));
    }
}
