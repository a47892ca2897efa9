package org.cosim.validation.experiments;

import static org.cosim.validation.experiments.Tolerance.atLeast;
import static org.cosim.validation.experiments.Tolerance.atMost;
import static org.cosim.validation.experiments.Tolerance.between;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.cosim.runner.plots.FigureData.Series;
import org.cosim.runner.plots.FigureData;
import org.cosim.runner.results.FlowRecord;
import org.cosim.runner.results.RunResults;
import org.cosim.runner.results.Stats;
import org.cosim.runner.results.Summary;

/**
 * NDP (SIGCOMM'17), the headline results of docs/ndp.md: unresponsive flows through
 * CP and NDP ports (Fig 2, {@link NdpFig2Experiment}), the 432-host permutation
 * (Fig 14), the 100 -> 1 incast of Fig 4, receiver priority on the testbed (Fig 10),
 * the N -> 1 incasts of Fig 16 (under the paper's 10:1 WRR and csg-htsim's strict
 * priority), the large incasts of Fig 20 on 8192 hosts, short transfers under load
 * (Fig 15), utilization from 128 to 8192 hosts, and in classes of their own the
 * sensitivity to IW and buffers (Fig 17), the side effects of incast (§6.1.1, Figs
 * 18-19), sender-limited traffic (Fig 21), asymmetry (Fig 22) and a 4:1 oversubscribed core (Fig 23).
 * The shipped ndp-* scenarios,
 * their defaults docs/ndp.md documents.
 */
final class NdpExperiments {
    private NdpExperiments() {}

    static final PaperRun PERMUTATION = PaperRun.of("ndp/permutation-432", "permutation, 432 hosts",
            "ndp-fig14-permutation.textproto").quick("duration_us=12000", "output.warmup_us=4000");
    static final PaperRun PERMUTATION_128 = PaperRun.of("ndp/permutation-128", "permutation, 128 hosts",
            "ndp-permutation-128.textproto").quick("duration_us=20000", "output.warmup_us=5000");
    static final PaperRun PERMUTATION_8192 = PaperRun.of("ndp/permutation-8192", "permutation, 8192 hosts",
            "ndp-fig14-permutation.textproto", "topology.fat_tree.k=32", "duration_us=8000",
            "output.warmup_us=2000").notInQuick();
    static final PaperRun FIG4 = PaperRun.of("ndp/fig4-incast", "100 -> 1 x 135 KB", "ndp-fig4-incast.textproto");
    /** Fig 4's permutation: Fig 14's, at Fig 4's initial window of 15 packets (ndp-fig4-incast.textproto says why). */
    static final PaperRun FIG4_PERMUTATION = PaperRun.of("ndp/fig4-permutation-432", "permutation, 432 hosts, IW 15",
            "ndp-fig14-permutation.textproto", "protocol.ndp.initial_window_packets=15")
            .quick("duration_us=12000", "output.warmup_us=4000");
    static final PaperRun DCTCP_PERMUTATION = PaperRun.of("ndp/dctcp-permutation-432", "DCTCP permutation, 432 hosts",
            "ndp-dctcp-permutation.textproto").quick("duration_us=12000", "output.warmup_us=4000");
    static final PaperRun DCQCN_PERMUTATION = PaperRun.of("ndp/dcqcn-permutation-432", "DCQCN permutation, 432 hosts",
            "ndp-dcqcn-permutation.textproto").quick("duration_us=12000", "output.warmup_us=4000");
    static final PaperRun MPTCP_PERMUTATION = PaperRun.of("ndp/mptcp-permutation-432", "MPTCP permutation, 432 hosts",
            "ndp-mptcp-permutation.textproto").quick("duration_us=12000", "output.warmup_us=4000");

    static List<Experiment> all() {
        return List.of(NdpFig2Experiment.experiment(), permutation(), fig4(), fig10(), fig16(), fig20(), fig15(), scaling(),
                NdpFig17Experiment.experiment(), NdpIncastWithPermutationExperiment.experiment(),
                NdpFig19Experiment.experiment(), NdpFig21Experiment.experiment(), NdpFig22Experiment.experiment(),
                NdpFig23Experiment.experiment());
    }

    /**
     * All flows' goodput over the senders' 10 Gb/s links, in %: a permutation's mean
     * utilization (one flow per host), also with other flows beside it (§6.1.1).
     */
    static double utilization(RunResults r) {
        long senders = r.flows().stream().mapToInt(FlowRecord::src).distinct().count();
        return 100 * Summary.of(r).goodputGbps() / (10.0 * senders);
    }

    static Experiment permutation() {
        return new Experiment("ndp-fig14", "ndp", "Fig 14", "permutation on the 432-host fat tree",
                "k = 12 fat tree, 10 Gb/s and 1 us links, 9000 B packets, NDP ports (8-packet data queues, 10:1 WRR, "
                        + "return-to-sender), IW 30; every host one long-lived flow to another (a keyed derangement); "
                        + "100 ms, the first 10 ms warm-up (--quick: 12 ms, 4 ms). DCTCP: the same hosts and traffic "
                        + "on 200-packet queues marking ECN at 15 packets, one ECMP path per flow, a 1 ms RTO "
                        + "floor, a SYN round trip and ACKs queued with the data. DCQCN: a shared buffer of 200 "
                        + "packets per port, ECN at 20 packets, PFC at 100 packets per ingress, one ECMP path per "
                        + "flow. MPTCP as the authors' "
                        + "simulator runs it: 100-packet drop-tail queues (ACKs in them too), 8 uncoupled subflows on "
                        + "distinct random paths, each opening with a SYN round trip.",
                List.of(PERMUTATION, DCTCP_PERMUTATION, DCQCN_PERMUTATION, MPTCP_PERMUTATION),
                List.of(
                        Check.of("NDP mean utilization", "92-95%", atLeast(88, "%"), "%",
                                r -> utilization(r.of(PERMUTATION))),
                        Check.of("NDP slowest flow", ">= 9 Gb/s", atLeast(8, " Gb/s"), " Gb/s",
                                r -> Summary.of(r.of(PERMUTATION)).flowThroughputMinGbps()),
                        Check.of("DCTCP (single-path ECMP) mean utilization", "about 40%", between(30, 50, "%")
                                .described("40 +- 10 points"), "%", r -> utilization(r.of(DCTCP_PERMUTATION))),
                        Check.of("DCTCP slowest flow", "below 1 Gb/s (some flows)", atMost(1, " Gb/s"), " Gb/s",
                                r -> Summary.of(r.of(DCTCP_PERMUTATION)).flowThroughputMinGbps()),
                        Check.of("MPTCP mean utilization", "89%", between(84, 94, "%").described("89 +- 5 points"),
                                "%", r -> utilization(r.of(MPTCP_PERMUTATION))),
                        Check.of("MPTCP slowest flow", "6 Gb/s", between(4, 8, " Gb/s").described("6 +- 2 Gb/s"),
                                " Gb/s", r -> Summary.of(r.of(MPTCP_PERMUTATION)).flowThroughputMinGbps())
                                .inQuick(between(2, 8, " Gb/s").described("2 to 8 Gb/s at --quick's 12 ms, while "
                                        + "the uncoupled subflows still recover from the start's losses")),
                        Check.of("DCQCN (single-path ECMP) mean utilization", "about 40%", between(30, 50, "%")
                                .described("40 +- 10 points"), "%", r -> utilization(r.of(DCQCN_PERMUTATION)))),
                r -> FigureData.lines(FigureData.Kind.SWEEP, "Permutation: flows by throughput (Fig 14)",
                        "flow rank (slowest first)", "throughput (Gb/s)", List.of(ranked("NDP", r.of(PERMUTATION)),
                                ranked("DCTCP", r.of(DCTCP_PERMUTATION)), ranked("DCQCN", r.of(DCQCN_PERMUTATION)),
                                ranked("MPTCP", r.of(MPTCP_PERMUTATION)))));
    }

    /** A run's flows by throughput, slowest first. */
    static Series ranked(String name, RunResults r) {
        double[] g = Stats.sorted(Summary.of(r).flowThroughputGbps());
        double[] rank = new double[g.length];
        for (int i = 0; i < g.length; i++) {
            rank[i] = i + 1;
        }
        return new Series(name, rank, g);
    }

    static Experiment fig4() {
        return new Experiment("ndp-fig4", "ndp", "Fig 4", "100 -> 1 incast of 135 KB, and permutation latency",
                "100 hosts of the 432-host fat tree send 135 KB (15 packets, inside the initial window) to one host at "
                        + "once. Optimum: the first packet's earliest arrival plus every byte once through the "
                        + "receiver's link. Latency: from a packet's send to its ACK (with resends), in the permutation "
                        + "of Fig 14. Both at an initial window of 15 packets: the paper's Fig 4 text has the 1350 KB "
                        + "transfers' first window take as long as the 135 KB transfers.",
                List.of(FIG4, FIG4_PERMUTATION),
                List.of(
                        Check.of("last FCT over the optimum", "1.02 (11,055 us)", atMost(1.03, "").described(
                                "<= 1.03"), "", r -> Summary.of(r.of(FIG4)).incastLastOverOptimum()),
                        Check.of("headers returned to sender (share of trims)", "25%", between(15, 35, "%"), "%",
                                r -> 100 * r.of(FIG4).counters().returnedShare())
                                .deviation("most trimming here happens at core and aggregation ports, whose header "
                                        + "queues absorb the burst; the receiver's ToR drains headers 10:1 (0% with "
                                        + "strict priority, 46% at 1:1); the FCT, the point of the figure, is "
                                        + "within 1% (docs/ndp.md)", between(2, 10, "%")),
                        Check.of("permutation median latency (host RTT)", "about 100 us", between(50, 200, " us").described(
                                "0.5-2x: 50..200 us (ours; the paper gives none)"), " us",
                                r -> Summary.of(r.of(FIG4_PERMUTATION)).rttHost().p50Us())),
                r -> FigureData.lines(FigureData.Kind.CDF, "Send-to-ACK latency (Fig 4)", "host RTT (us)",
                        "fraction of packets", List.of(
                                TimelyExperiments.cdf("100 -> 1 incast", r.of(FIG4).rtts().hostRttPs(), 1e-6),
                                TimelyExperiments.cdf("permutation", r.of(FIG4_PERMUTATION).rtts().hostRttPs(), 1e-6)))
                        .withLogX());
    }

    // ------------------------------------------------------------ Fig 10

    private static final PaperRun FIG10_IDLE = PaperRun.of("ndp/fig10-idle", "200 KB alone",
            "ndp-fig10-idle.textproto");
    private static final PaperRun FIG10_PRIORITY = PaperRun.of("ndp/fig10-priority",
            "200 KB against six long flows, 400 ms after them, prioritized", "ndp-fig10-priority.textproto");
    private static final PaperRun FIG10_FAIR = PaperRun.of("ndp/fig10-fair",
            "200 KB against six long flows, 400 ms after them, fair pulls", "ndp-fig10-fair.textproto");
    private static final PaperRun FIG10_TOGETHER = PaperRun.of("ndp/fig10-priority-simultaneous",
            "200 KB against six long flows, all starting at 0, prioritized",
            "ndp-fig10-priority-simultaneous.textproto");

    /** The 200 KB flow's (flow 0's) FCT in a run, in us. */
    private static double shortFlowFctUs(Runs r, PaperRun run) {
        return r.of(run).flows().get(0).fctPs() / 1e6;
    }

    /** The 200 KB flow's FCT in a run minus its FCT alone, in us. */
    private static double overIdleUs(Runs r, PaperRun run) {
        return shortFlowFctUs(r, run) - shortFlowFctUs(r, FIG10_IDLE);
    }

    static Experiment fig10() {
        List<PaperRun> runs = List.of(FIG10_IDLE, FIG10_PRIORITY, FIG10_FAIR, FIG10_TOGETHER);
        return new Experiment("ndp-fig10", "ndp", "Fig 10", "a prioritized short flow against six long flows",
                "NDP's 8-server testbed (4 leaves of 2 hosts, 2 spines, the NetFPGA switches: strict-priority headers, "
                        + "the arrival trimmed, no return-to-sender; 1500 B packets, 10 Gb/s): a 200 KB flow from "
                        + "host 7 and long flows from hosts 1-6 into host 0. The short flow starts 400 ms after the "
                        + "long ones, as in the authors' experiment code (host_impl/lib/f_ndp_prio.c); the paper's "
                        + "text has every flow start together (last row). Values: the short flow's FCT over its FCT "
                        + "alone.",
                runs,
                List.of(
                        Check.of("with receiver priority: FCT over idle", "+50 us", atMost(50, " us").described(
                                "<= +50 us"), " us", r -> overIdleUs(r, FIG10_PRIORITY)),
                        Check.of("without priority: FCT over idle", "+500 us (1/7 of the link)", atLeast(250, " us")
                                .described(">= +250 us"), " us", r -> overIdleUs(r, FIG10_FAIR)),
                        Check.of("all starting together, with priority: FCT over idle", "+50 us", atMost(50, " us")
                                .described("<= +50 us"), " us", r -> overIdleUs(r, FIG10_TOGETHER))
                                .deviation("the six long flows' initial windows are in the network with it and a "
                                        + "few tens of their packets get through first; the authors' experiment "
                                        + "starts the short flow 400 ms later (first row; docs/ndp.md)",
                                        between(50, 60, " us"))),
                r -> {
                    List<String> cats = List.of("idle", "priority", "fair", "priority, together");
                    double[] fct = runs.stream().mapToDouble(run -> shortFlowFctUs(r, run)).toArray();
                    return FigureData.bars("A 200 KB flow against six long flows (Fig 10)", "FCT (us)", cats,
                            List.of(new Series("200 KB flow", new double[0], fct)));
                });
    }

    // ------------------------------------------------------------ Fig 16

    static final int[] FIG16_N = {8, 32, 64, 100, 200, 431};

    /** The Fig 16 incasts under NDP with 10:1 WRR, with strict-priority headers, and under the three baselines. */
    private enum Incast16 {
        WRR("wrr", "10:1 WRR", "ndp-fig16-incast.textproto"),
        STRICT("strict", "strict priority", "ndp-fig16-incast-strict.textproto"),
        DCTCP("dctcp", "DCTCP", "ndp-dctcp-fig16-incast.textproto"),
        DCQCN("dcqcn", "DCQCN", "ndp-dcqcn-fig16-incast.textproto"),
        MPTCP("mptcp", "MPTCP", "ndp-mptcp-fig16-incast.textproto");

        final String id;
        final String label;
        final String file;

        Incast16(String id, String label, String file) {
            this.id = id;
            this.label = label;
            this.file = file;
        }
    }

    /** Room for the slowest: NDP needs N x 360 us (at most 155 ms), DCTCP and DCQCN twice that, MPTCP more. */
    private static PaperRun fig16Run(int n, Incast16 kind) {
        int us = switch (kind) {
            case WRR, STRICT -> 200_000;
            case DCTCP, DCQCN -> 300_000;
            case MPTCP -> 1_000_000;
        };
        return PaperRun.of("ndp/fig16-" + kind.id + "-n" + n, n + " -> 1 x 450 KB, " + kind.label, kind.file,
                "workload.incast.senders=" + n, "duration_us=" + us);
    }

    private static List<PaperRun> fig16Runs(Incast16 kind) {
        return Arrays.stream(FIG16_N).mapToObj(n -> fig16Run(n, kind)).toList();
    }

    private static double worst(Runs r, List<PaperRun> runs, java.util.function.ToDoubleFunction<Summary> m) {
        double w = Double.NEGATIVE_INFINITY;
        for (PaperRun run : runs) {
            double v = m.applyAsDouble(Summary.of(r.of(run)));
            w = Double.isNaN(v) ? Double.NaN : Math.max(w, v);
            if (Double.isNaN(w)) {
                return w;
            }
        }
        return w;
    }

    static Experiment fig16() {
        List<PaperRun> runs = new ArrayList<>();
        for (Incast16 k : Incast16.values()) {
            runs.addAll(fig16Runs(k));
        }
        String ns = Arrays.toString(FIG16_N);
        return new Experiment("ndp-fig16", "ndp", "Fig 16", "N -> 1 incasts of 450 KB",
                "N backends of the 432-host fat tree answer one frontend with 450 KB each, all at once, N = " + ns
                        + ", the N highest host ids as in the NDP authors' script; under the paper's 10:1 WRR "
                        + "between header and data queues, and under strict-priority headers (csg-htsim's NDP queue, "
                        + "docs/ndp.md); DCTCP on 200-packet queues marking at 15 packets, a 1 ms RTO floor; "
                        + "DCQCN on a shared buffer (200 packets per port) marking at 20 packets, PFC at 100 "
                        + "packets per ingress; MPTCP on 100-packet drop-tail queues (8 uncoupled subflows); "
                        + "DCTCP and MPTCP with SYN round trips and ACKs queued with the data. Values: the "
                        + "worst over N.",
                runs,
                List.of(
                        Check.of("10:1 WRR: last FCT over the optimum (worst N)", "about 1.01", atMost(1.03, "")
                                .described("<= 1.03"), "", r -> worst(r, fig16Runs(Incast16.WRR),
                                Summary::incastLastOverOptimum)),
                        Check.of("10:1 WRR: slowest FCT over fastest (worst N)", "<= 1.2", atMost(1.3, "").described(
                                "<= 1.3"), "", r -> worst(r, fig16Runs(Incast16.WRR), Summary::incastSlowestOverFastest))
                                .accepted("N = 431 only (every other host sends): the fastest of the receiver's "
                                        + "five rack-mates gets half its first window through and keeps that head "
                                        + "start; in the authors' simulator a 0.7% over-pull keeps the receiver's port "
                                        + "full, and its round robin in flow-id order brings the rack-mates' pulled "
                                        + "packets as one bunch each round, ending with those that had the head start, "
                                        + "which are trimmed until it is gone (1.05-1.10 there; with both, ours gives "
                                        + "1.08: scenarios/custom/ndp-htsim-fig16.textproto, docs/ndp.md); with "
                                        + "pulls paced at the link rate, as the paper says, their simulator gives "
                                        + "1.25-1.47 at N = 431, a rack-mate first",
                                        between(1.3, 1.8, "")),
                        Check.of("strict priority: last FCT over the optimum (worst N)", "about 1.01", atMost(1.03, "")
                                .described("<= 1.03"), "", r -> worst(r, fig16Runs(Incast16.STRICT),
                                Summary::incastLastOverOptimum)),
                        Check.of("strict priority: slowest FCT over fastest (worst N)", "<= 1.2", atMost(1.3, "")
                                .described("<= 1.3"), "", r -> worst(r, fig16Runs(Incast16.STRICT),
                                Summary::incastSlowestOverFastest)),
                        Check.of("DCTCP's worst last FCT over the optimum, over NDP's (strict)",
                                "DCTCP 5% above on average, NDP 1%", atLeast(1, "").described(">= 1 (ordering)"), "",
                                r -> worst(r, fig16Runs(Incast16.DCTCP), Summary::incastLastOverOptimum)
                                        / worst(r, fig16Runs(Incast16.STRICT), Summary::incastLastOverOptimum)),
                        Check.of("DCQCN: last FCT over the optimum (worst N)", "about 1.01", atMost(1.03, "")
                                .described("<= 1.03"), "", r -> worst(r, fig16Runs(Incast16.DCQCN),
                                Summary::incastLastOverOptimum)),
                        Check.of("MPTCP: last FCT over the optimum (worst N)", "crippled (synchronized losses)",
                                atLeast(1.5, "").described(">= 1.5 (NDP: <= 1.03)"), "", r -> worst(r,
                                        fig16Runs(Incast16.MPTCP), Summary::incastLastOverOptimum))),
                NdpExperiments::fig16Figure);
    }

    /**
     * The paper's Fig 16: the first and the last flow's completion time against N, each protocol's first flow
     * dashed in its colour, with the optimum (the last byte of N x 450 KB through the receiver's link). On log
     * axes, a last FCT a few percent above the optimum sits on it, and the gap down to the first is the spread.
     */
    private static FigureData fig16Figure(Runs r) {
        List<Series> series = new ArrayList<>();
        double[] optimum = new double[FIG16_N.length];
        for (Incast16 k : Incast16.values()) {
            List<PaperRun> sweep = fig16Runs(k);
            double[] x = new double[sweep.size()];
            double[] last = new double[x.length];
            double[] first = new double[x.length];
            for (int i = 0; i < x.length; i++) {
                Summary s = Summary.of(r.of(sweep.get(i)));
                x[i] = FIG16_N[i];
                last[i] = s.fct().allFinished() ? s.fct().maxUs() / 1000 : Double.NaN;  // a gap where flows did not finish
                first[i] = s.fct().minUs() / 1000;
                optimum[i] = s.incastOptimumUs() / 1000;
            }
            series.add(new Series(k.label + ": last flow", x, last));
            series.add(new Series(k.label + ": first flow", x, first).asDashed());
        }
        series.add(new Series("optimum (N x 450 KB at 10 Gb/s)", Arrays.stream(FIG16_N).asDoubleStream().toArray(),
                optimum));
        return FigureData.lines(FigureData.Kind.SWEEP, "Incast of 450 KB: first and last completion against N "
                + "(Fig 16)", "senders N", "completion time (ms)", series).withLogX().withLogY();
    }

    // ------------------------------------------------------------ Fig 20

    static final int[] FIG20_N = {10, 100, 1000, 4000, 8000};
    private static PaperRun fig20Run(int n) {
        // Room for the slowest: N x 270,000 B through 10 Gb/s takes N x 216 us.
        PaperRun r = PaperRun.of("ndp/fig20-n" + n, n + " -> 1 x 270,000 B, 8192 hosts",
                "ndp-fig20-incast-8192.textproto", "workload.incast.senders=" + n,
                "duration_us=" + Math.max(20_000, n * 275L), "output.sample_interval_us=" + Math.max(1000, n / 4));
        return n > 1000 ? r.notInQuick() : r;
    }

    private static List<PaperRun> fig20Runs() {
        return Arrays.stream(FIG20_N).mapToObj(NdpExperiments::fig20Run).toList();
    }

    static Experiment fig20() {
        return new Experiment("ndp-fig20", "ndp", "Fig 20", "large incasts on 8192 hosts",
                "k = 32 fat tree (8192 hosts), N -> 1 incasts of 270,000 B (30 packets) with a 23-packet initial "
                        + "window, N = " + Arrays.toString(FIG20_N) + " (--quick: up to 1000), the N highest host ids "
                        + "as in the NDP authors' script. Resends per packet: "
                        + "data sent beyond the flows' bytes, over their bytes.",
                fig20Runs(),
                List.of(
                        Check.of("last FCT over the optimum, N = 10..8000 (worst)", "<= 1.02", atMost(1.04, "")
                                .described("<= 1.04"), "", r -> {
                                    double w = 0;
                                    for (PaperRun run : fig20Runs()) {
                                        if (r.has(run)) {
                                            w = Math.max(w, Summary.of(r.of(run)).incastLastOverOptimum());
                                        }
                                    }
                                    return w;
                                }),
                        Check.of("flows finished, N = 8000", "all (overhead <= 2%)", atLeast(100, "%"), "%",
                                r -> 100.0 * Summary.of(r.of(fig20Run(8000))).fct().flowsFinished() / 8000)
                                .fullOnly("needs 8000 flows and 2.2 s of simulated time"),
                        Check.of("resends per packet, N = 1000", "about 1 (\"barely exceeds one\")",
                                between(0.5, 1.5, "").described("0.5..1.5 (ours; the paper gives none)"), "",
                                r -> PaperMetrics.resendsPerPacket(r.of(fig20Run(1000)))),
                        Check.of("headers returned to sender, N = 1000 (share of trims)", "RTS dominant above 100 flows",
                                atLeast(50, "%"), "%", r -> 100 * r.of(fig20Run(1000)).counters().returnedShare())),
                r -> {
                    List<double[]> pts = new ArrayList<>();
                    for (int i = 0; i < FIG20_N.length; i++) {
                        PaperRun run = fig20Runs().get(i);
                        if (r.has(run)) {
                            RunResults res = r.of(run);
                            pts.add(new double[] {FIG20_N[i], 100 * (Summary.of(res).incastLastOverOptimum() - 1),
                                    PaperMetrics.resendsPerPacket(res)});
                        }
                    }
                    double[] x = pts.stream().mapToDouble(p -> p[0]).toArray();
                    return FigureData.lines(FigureData.Kind.SWEEP, "Large incasts: overhead and resends (Fig 20)",
                            "senders N", "percent / resends per packet", List.of(
                                    new Series("last FCT over optimum (%)", x,
                                            pts.stream().mapToDouble(p -> p[1]).toArray()),
                                    new Series("resends per packet", x, pts.stream().mapToDouble(p -> p[2]).toArray())))
                            .withLogX();
                });
    }

    // ------------------------------------------------------------ Fig 15

    private static final String[] FIG15_QUICK = {"topology.fat_tree.k=8",
        "workload.mix.parts[1].poisson.senders.ranges[0].first=127",
        "workload.mix.parts[0].poisson.receivers.ranges[0].first=127",
        "workload.mix.parts[2].random.hosts.ranges[0].count=126", "duration_us=30000", "output.warmup_us=5000"};
    static final PaperRun FIG15 = PaperRun.of("ndp/fig15-short-flows", "NDP, 90 KB transfers under load",
            "ndp-fig15-short-flows.textproto").quick(FIG15_QUICK);
    static final PaperRun FIG15_DCTCP = PaperRun.of("ndp/dctcp-fig15-short-flows", "DCTCP, 90 KB transfers under "
            + "load", "ndp-dctcp-fig15-short-flows.textproto").quick(FIG15_QUICK);
    static final PaperRun FIG15_DCQCN = PaperRun.of("ndp/dcqcn-fig15-short-flows", "DCQCN, 90 KB transfers under "
            + "load", "ndp-dcqcn-fig15-short-flows.textproto").quick(FIG15_QUICK);
    /** The paper's DCQCN as its authors' simulator runs it for Fig 15: DCTCP over lossless Ethernet. */
    static final PaperRun FIG15_DCQCN_AS_AUTHORS = PaperRun.of("ndp/dctcp-lossless-fig15-short-flows",
            "DCTCP over lossless Ethernet (the authors' DCQCN), 90 KB transfers under load",
            "ndp-dctcp-lossless-fig15-short-flows.textproto").quick(FIG15_QUICK);
    static final PaperRun FIG15_MPTCP = PaperRun.of("ndp/mptcp-fig15-short-flows", "MPTCP, 90 KB transfers under "
            + "load", "ndp-mptcp-fig15-short-flows.textproto").quick(FIG15_QUICK);

    /** The MPTCP Fig 15 ratios at --quick's scale, where the background's queues are still building up. */
    private static final Tolerance MPTCP_FIG15_QUICK = atLeast(2.5, "x").described(">= 2.5x at --quick's 128 hosts "
            + "and 30 ms, where the long flows' queues are still building up");

    /**
     * The lossless DCTCP's median transfer over the lossy one's at --quick's scale: within a few percent of 1, on
     * either side (0.96x at 128 hosts and 30 ms; 1.05x full size).
     */
    private static final Tolerance DCQCN_FIG15_QUICK = between(0.9, 1.5, "x").described("0.9-1.5x at --quick's 128 "
            + "hosts and 30 ms, where the two medians are within a few percent");

    private static double transferPercentile(Runs r, PaperRun run, double q) {
        return PaperMetrics.fctPercentileUs(r.of(run), NdpExperiments::transfer, q);
    }

    /** The pair's 90 KB transfers: flows from host 0 or to host 0 (the pair's two directions). */
    private static boolean transfer(FlowRecord f) {
        return f.sizeBytes() == 90_000;
    }

    static Experiment fig15() {
        return new Experiment("ndp-fig15", "ndp", "Fig 15", "90 KB transfers under load",
                "Two hosts in different pods of the 432-host fat tree exchange 90 KB transfers (Poisson, 10% of their "
                        + "link each way) while the other 430 hosts run four long flows each to random hosts among "
                        + "themselves; 300 ms, 10 ms warm-up (--quick: 128 hosts, 30 ms). Slowdown: FCT over the ideal "
                        + "FCT on an idle network. DCTCP: the same traffic on its baseline switches (200-packet "
                        + "queues, ECN at 15 packets, one path per flow, a 1 ms RTO floor). The paper's DCQCN is, "
                        + "in its authors' simulator, DCTCP over lossless Ethernet (10,000-packet queues, ECN at 16 "
                        + "packets, PFC at 15 packets per ingress), which the DCQCN checks run; our rate-based "
                        + "DCQCN (a shared buffer, ECN at 20 packets, PFC) is in the figure. MPTCP: 100-packet "
                        + "drop-tail queues, 8 uncoupled subflows per connection. DCTCP and MPTCP open each transfer "
                        + "with a SYN round trip, and their ACKs wait in the queues with the data, as in the "
                        + "authors' simulator.",
                List.of(FIG15, FIG15_DCTCP, FIG15_DCQCN_AS_AUTHORS, FIG15_DCQCN, FIG15_MPTCP),
                List.of(
                        Check.of("NDP's slowest transfer over the ideal", "2x", atMost(2, "x"), "x",
                                r -> max(PaperMetrics.slowdowns(r.of(FIG15), NdpExperiments::transfer)))
                                .deviation("a few transfers meet a background flow's full window at a shared "
                                        + "core or aggregation queue and lose it to trimming and resending; the "
                                        + "authors' htsim on the same workload gives 3.79x (docs/validation.md)",
                                        between(1, 3.5, "x")),
                        Check.of("NDP's median transfer over the ideal", "(not given)", atMost(2, "x").described(
                                "<= 2x (the worst case of the paper)"), "x",
                                r -> Stats.percentile(PaperMetrics.slowdowns(r.of(FIG15), NdpExperiments::transfer),
                                        0.5)),
                        Check.of("DCTCP's median transfer time over NDP's", "3x", atLeast(2, "x"), "x",
                                r -> transferPercentile(r, FIG15_DCTCP, 0.5) / transferPercentile(r, FIG15, 0.5)),
                        Check.of("DCTCP's p99 transfer time over NDP's", "4x", atLeast(2, "x"), "x",
                                r -> transferPercentile(r, FIG15_DCTCP, 0.99) / transferPercentile(r, FIG15, 0.99)),
                        Check.of("DCQCN's median transfer time over DCTCP's (the authors' DCQCN: DCTCP over "
                                + "lossless Ethernet)", "slightly above 1 (sporadic PAUSEs)", between(1, 1.5, "x")
                                .described("1-1.5x"), "x", r -> transferPercentile(r, FIG15_DCQCN_AS_AUTHORS, 0.5)
                                / transferPercentile(r, FIG15_DCTCP, 0.5)).inQuick(DCQCN_FIG15_QUICK),
                        Check.of("DCQCN's p99 transfer time over DCTCP's (the authors' DCQCN: DCTCP over "
                                + "lossless Ethernet)", "slightly above 1 (sporadic PAUSEs)", between(1, 1.5, "x")
                                .described("1-1.5x"), "x", r -> transferPercentile(r, FIG15_DCQCN_AS_AUTHORS, 0.99)
                                / transferPercentile(r, FIG15_DCTCP, 0.99)),
                        Check.of("MPTCP's median transfer time over NDP's", "10x", atLeast(5, "x").described(
                                ">= 5x (half the paper's)"), "x", r -> transferPercentile(r, FIG15_MPTCP, 0.5)
                                / transferPercentile(r, FIG15, 0.5)).inQuick(MPTCP_FIG15_QUICK),
                        Check.of("MPTCP's p99 transfer time over NDP's", "10x", atLeast(5, "x").described(
                                ">= 5x (half the paper's)"), "x", r -> transferPercentile(r, FIG15_MPTCP, 0.99)
                                / transferPercentile(r, FIG15, 0.99)).inQuick(MPTCP_FIG15_QUICK)),
                r -> FigureData.lines(FigureData.Kind.CDF, "90 KB transfers under load (Fig 15)",
                        "FCT (us)", "fraction of transfers", List.of(
                                TimelyExperiments.cdf("NDP", PaperMetrics.fctsUs(r.of(FIG15), NdpExperiments::transfer)),
                                TimelyExperiments.cdf("DCTCP", PaperMetrics.fctsUs(r.of(FIG15_DCTCP),
                                        NdpExperiments::transfer)),
                                TimelyExperiments.cdf("DCTCP over lossless Ethernet (the authors' DCQCN)",
                                        PaperMetrics.fctsUs(r.of(FIG15_DCQCN_AS_AUTHORS), NdpExperiments::transfer)),
                                TimelyExperiments.cdf("DCQCN (rate-based)", PaperMetrics.fctsUs(r.of(FIG15_DCQCN),
                                        NdpExperiments::transfer)),
                                TimelyExperiments.cdf("MPTCP", PaperMetrics.fctsUs(r.of(FIG15_MPTCP),
                                        NdpExperiments::transfer)))).withLogX());
    }

    private static double max(double[] sorted) {
        return sorted.length == 0 ? Double.NaN : sorted[sorted.length - 1];
    }

    // ------------------------------------------------------------ scaling

    static Experiment scaling() {
        return new Experiment("ndp-scaling", "ndp", "§6.2 Larger topologies", "permutation from 128 to 8192 hosts",
                "The permutation on fat trees of k = 8 (128 hosts, 100 ms), 12 (432, Fig 14's run) and 32 (8192 hosts, "
                        + "8 ms with 2 ms warm-up, full size only: about 5 minutes).",
                List.of(PERMUTATION_128, PERMUTATION, PERMUTATION_8192),
                List.of(
                        Check.of("utilization, 128 hosts", "98%", atLeast(94, "%"), "%",
                                r -> utilization(r.of(PERMUTATION_128))),
                        Check.of("utilization, 8192 hosts", "90%", between(86, 94, "%").described(
                                "90 +- 4 points (ours; the paper gives none)"), "%", r -> utilization(r.of(PERMUTATION_8192)))
                                .fullOnly("8192 hosts take minutes")),
                r -> {
                    List<double[]> pts = new ArrayList<>();
                    for (PaperRun run : List.of(PERMUTATION_128, PERMUTATION, PERMUTATION_8192)) {
                        if (r.has(run)) {
                            pts.add(new double[] {r.of(run).flows().size(), utilization(r.of(run))});
                        }
                    }
                    return FigureData.lines(FigureData.Kind.SWEEP, "Permutation utilization against size (§6.2)",
                            "hosts", "mean utilization (%)", List.of(new Series("NDP",
                                    pts.stream().mapToDouble(p -> p[0]).toArray(),
                                    pts.stream().mapToDouble(p -> p[1]).toArray()))).withLogX();
                });
    }
}
