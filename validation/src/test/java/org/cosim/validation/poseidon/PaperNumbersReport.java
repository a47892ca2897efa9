package org.cosim.validation.poseidon;

import java.util.Locale;
import org.cosim.runner.results.FlowRates;
import org.cosim.runner.results.RunResults;
import org.cosim.runner.results.Summary;
import org.cosim.validation.experiments.PaperMetrics;
import org.cosim.validation.experiments.PoseidonExperiments;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.condition.EnabledIfSystemProperty;

/**
 * The full-size cases of docs/poseidon-swift.md ("Poseidon and Swift: choices and
 * measurements"), from the shipped scenario files as they are, printed as its tables.
 * Not part of the build's tests (each number is asserted, CI-sized, elsewhere):
 *
 * <pre>mvn -B -o -q install -DskipTests
 * mvn -B -o test -pl validation -Dtest=PaperNumbersReport -Dcosim.report=full</pre>
 */
@EnabledIfSystemProperty(named = "cosim.report", matches = "full")
class PaperNumbersReport {
    private static final long US = 1_000_000L;
    private static final long MS = 1_000_000_000L;

    private static void print(String format, Object... args) {
        System.out.println(String.format(Locale.ROOT, format, args));
    }

    private static String wall(RunResults... runs) {
        StringBuilder b = new StringBuilder();
        for (RunResults r : runs) {
            b.append(b.length() == 0 ? "" : " / ").append(String.format(Locale.ROOT, "%.2f s",
                    r.wallNanos() / 1e9));
        }
        return b.toString();
    }

    @Test
    void fig14MultiHop() {
        print("| M, N | max-min share | Poseidon victim | Swift victim | Poseidon others (min..max vs share) | wall P / S |");
        for (int[] c : new int[][] {{0, 2}, {2, 2}, {2, 5}, {2, 9}, {5, 2}, {9, 2}}) {
            String f = "fig14-m" + c[0] + "-n" + c[1] + ".textproto";
            RunResults p = PaperRuns.run(f, PaperRuns.POSEIDON);
            RunResults s = PaperRuns.run(f, PaperRuns.SWIFT);
            double share = 200.0 / Math.max(c[0] + 1, c[1] + 1);
            double[] g = PaperRuns.gbps(p);
            double worst = 0;
            for (int i = 1; i < g.length; i++) {
                double own = (200 - share) / (i <= c[0] ? c[0] : c[1]);
                worst = Math.max(worst, Math.abs(g[i] - own) / own);
            }
            print("| %d, %d | %.1f | %.2f (%+.1f%%) | %.2f (%.1f%% of share) | within %.1f%% | %s |", c[0], c[1], share,
                    g[0], 100 * (g[0] - share) / share, PaperRuns.gbps(s)[0], 100 * PaperRuns.gbps(s)[0] / share,
                    100 * worst, wall(p, s));
        }
    }

    @Test
    void fig15ReversePath() {
        print("| N | Poseidon victim | Swift victim | reverse share 200/N | wall P / S |");
        for (int n = 1; n <= 8; n++) {
            String f = "fig15-n" + n + ".textproto";
            RunResults p = PaperRuns.run(f, PaperRuns.POSEIDON);
            RunResults s = PaperRuns.run(f, PaperRuns.SWIFT);
            print("| %d | %.2f | %.2f | %.1f | %s |", n, PaperRuns.gbps(p)[0], PaperRuns.gbps(s)[0], 200.0 / n,
                    wall(p, s));
        }
    }

    @Test
    void fig17aConvergence() {
        RunResults p = PaperRuns.runWith("fig17a-convergence.textproto", PaperRuns.POSEIDON,
                "window {initial_cwnd_packets: 1}");
        RunResults s = PaperRuns.runWith("fig17a-convergence.textproto", PaperRuns.SWIFT,
                "window {initial_cwnd_packets: 1}");
        long tp = convergencePs(p);
        long ts = convergencePs(s);
        print("Fig 17(a): convergence Poseidon %d us, Swift %d us, ratio %.1f; wall %s", tp / US, ts / US,
                (double) ts / tp, wall(p, s));
        for (long tol : new long[] {5, 20}) {
            long a = FlowRates.convergencePs(p.series(), 1, PoseidonExperiments.START_PS, 100, tol / 100.0, 50 * US, 200 * US);
            long b = FlowRates.convergencePs(s.series(), 1, PoseidonExperiments.START_PS, 100, tol / 100.0, 50 * US, 200 * US);
            print("  band +-%d%%: Poseidon %s, Swift %s", tol, us(a), us(b));
        }
    }

    /** The new flow's convergence time in Fig 17(a)'s run; negative if it never converged. */
    private static long convergencePs(RunResults r) {
        return PaperMetrics.convergencePs(r, 1, PoseidonExperiments.START_PS, 100);
    }

    private static String us(long ps) {
        return ps < 0 ? "never (within the run)" : ps / US + " us";
    }

    @Test
    void fig17bStability() {
        print("| N | Poseidon std-dev (1 ms / 100 us) | Swift std-dev (1 ms / 100 us) | ratio at 1 ms / 100 us | wall P / S |");
        StringBuilder ratios = new StringBuilder();
        for (int n : new int[] {25, 50, 100, 200}) {
            String hosts = "topology.parking_lot.hosts_per_switch=" + (n + 1);
            RunResults p = PaperRuns.run("fig17b-stability.textproto", PaperRuns.POSEIDON, hosts);
            RunResults s = PaperRuns.run("fig17b-stability.textproto", PaperRuns.SWIFT, hosts);
            double p1 = meanStdDev(p, MS);
            double s1 = meanStdDev(s, MS);
            double p0 = meanStdDev(p, 100 * US);
            double s0 = meanStdDev(s, 100 * US);
            print("| %d | %.4f / %.3f Gb/s | %.4f / %.3f Gb/s | %.2f / %.2f | %s |", n, p1, p0, s1, s0, s1 / p1, s0 / p0,
                    wall(p, s));
            ratios.append(String.format(Locale.ROOT, "N = %d:", n));
            for (long w : new long[] {100, 200, 500, 1000, 2000, 5000}) {
                ratios.append(String.format(Locale.ROOT, " %.2f", meanStdDev(s, w * US) / meanStdDev(p, w * US)));
            }
            ratios.append('\n');
        }
        print("Swift's std-dev over Poseidon's for windows of 0.1 / 0.2 / 0.5 / 1 / 2 / 5 ms:%n%s", ratios);
    }

    /**
     * Fig 21(b)-(d), Poseidon's sensitivity to p, k and m (one changed from the paper's 40 / 2 / 0.25): rate
     * variation and RTT with 200 flows on one hop (Fig 17(b)'s file), utilization and convergence with two
     * (Fig 17(a)'s).
     */
    @Test
    void fig21Sensitivity() {
        print("| parameter | 200 flows: std-dev (1 ms) | Jain | RTT p50 / p99 | queue mean | 2 flows: throughput | convergence |");
        for (String[] v : new String[][] {{"p", "10"}, {"p", "20"}, {"p", "40"}, {"p", "80"}, {"k_us", "0.5"},
                {"k_us", "1"}, {"k_us", "4"}, {"k_us", "8"}, {"m", "0.1"}, {"m", "0.5"}, {"m", "1"}}) {
            String set = v[0] + ": " + v[1];
            RunResults many = PaperRuns.runWith("fig17b-stability.textproto", PaperRuns.POSEIDON, set);
            RunResults two = PaperRuns.runWith("fig17a-convergence.textproto", PaperRuns.POSEIDON,
                    set + " window {initial_cwnd_packets: 1}");
            Summary s = Summary.of(many);
            double queueUs = many.queues().get(0).meanBytes() * 8 / 200e3;
            print("| %s = %s | %.4f Gb/s | %.4f | %.2f / %.2f us | %.2f us | %.1f Gb/s | %s |", v[0], v[1],
                    meanStdDev(many, MS), s.jainIndex(), s.rttHost().p50Us(), s.rttHost().p99Us(), queueUs,
                    Summary.of(two).goodputGbps(), us(convergencePs(two)));
        }
    }

    /** The last column of docs/poseidon-swift.md's Fig 17(b) table: windows in [k, k+1) keep k packets out. */
    @Test
    void fig17bStabilityWithoutFractionPacing() {
        print("| N | pace_fraction: false: Poseidon, Swift std-dev (1 ms), ratio | wall P / S |");
        for (int n : new int[] {25, 50, 100, 200}) {
            String hosts = "topology.parking_lot.hosts_per_switch=" + (n + 1);
            String body = "window { pace_fraction: false }";
            RunResults p = PaperRuns.runWith("fig17b-stability.textproto", PaperRuns.POSEIDON, body, hosts);
            RunResults s = PaperRuns.runWith("fig17b-stability.textproto", PaperRuns.SWIFT, body, hosts);
            double p1 = meanStdDev(p, MS);
            double s1 = meanStdDev(s, MS);
            print("| %d | %.3f, %.3f, %.2f | %s |", n, p1, s1, s1 / p1, wall(p, s));
        }
    }

    private static double meanStdDev(RunResults r, long windowPs) {
        return PaperMetrics.meanStdDevGbps(r, windowPs);
    }

    @Test
    void fig20bBrownfield() {
        for (String f : new String[] {"fig20b-brownfield-m2-n9.textproto", "fig20b-brownfield-m9-n2.textproto"}) {
            RunResults p = PaperRuns.runWith(f, PaperRuns.POSEIDON, "brownfield: true");
            double[] g = PaperRuns.gbps(p);
            double min = Double.MAX_VALUE;
            double max = 0;
            for (double v : g) {
                min = Math.min(min, v);
                max = Math.max(max, v);
            }
            StringBuilder all = new StringBuilder();
            for (double v : g) {
                all.append(String.format(Locale.ROOT, " %.1f", v));
            }
            print("%s: victim %.2f Gb/s; flows:%s; wall %s", f, g[0], all, wall(p));
        }
    }

    @Test
    void fig7aRamp() {
        for (String cap : new String[] {"1.3", "1.5", "2", "3", "100"}) {
            RunResults p = PaperRuns.runWith("fig7a-ramp.textproto", PaperRuns.POSEIDON,
                    "max_mi: " + cap + " window {initial_cwnd_packets: 0.3}");
            print("Fig 7(a) max_mi %s: %.1f RTTs to 45 Gb/s, %.1f to 47.5", cap,
                    RampCalibrationTest.rttsToReach(p, 45), RampCalibrationTest.rttsToReach(p, 47.5));
        }
        RunResults s = PaperRuns.runWith("fig7a-ramp.textproto", PaperRuns.SWIFT, "window {initial_cwnd_packets: 0.3}",
                "duration_us=8000");
        print("Fig 7(a) Swift: %.1f RTTs to 45 Gb/s", RampCalibrationTest.rttsToReach(s, 45));
    }

    @Test
    void parkingLot() {
        RunResults p = PaperRuns.run("parking-lot.textproto", PaperRuns.POSEIDON);
        RunResults s = PaperRuns.run("parking-lot.textproto", PaperRuns.SWIFT);
        double[] a = PaperRuns.gbps(p);
        double[] b = PaperRuns.gbps(s);
        print("parking lot: Poseidon %.2f / %.2f / %.2f, Swift %.2f / %.2f / %.2f Gb/s; wall %s", a[0], a[1], a[2], b[0],
                b[1], b[2], wall(p, s));
    }
}
