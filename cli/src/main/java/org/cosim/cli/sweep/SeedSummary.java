package org.cosim.cli.sweep;

import java.io.IOException;
import java.io.PrintStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.cosim.runner.results.JsonWriter;

/**
 * A sweep that varies {@code seed} repeats each configuration: this is every
 * other combination of values with each headline number's mean over the seeds,
 * its sample standard deviation and the half-width of its 95% confidence interval
 * (Student's t with seeds - 1 degrees of freedom). Only complete runs count;
 * a number a run does not have (an FCT where no flow finished) is averaged over
 * the runs that have it. Written as sweep_seeds.csv beside sweep.csv.
 */
public final class SeedSummary {
    /** The scenario field whose values are repetitions, not a factor. */
    public static final String SEED = "seed";

    /** One configuration: the other axes' values and, per metric, the statistics over its seeds. */
    public record Group(List<String> values, int seeds, Stats[] stats) { }

    /** Mean, sample standard deviation and 95% CI half-width of n values (NaN where n is too small). */
    public record Stats(int n, double mean, double sd, double ci95) {
        static Stats of(List<Double> xs) {
            int n = xs.size();
            if (n == 0) {
                return new Stats(0, Double.NaN, Double.NaN, Double.NaN);
            }
            // Summed as offsets from the first value, so that equal values give exactly that value and sd 0.
            double first = xs.get(0);
            double offsets = 0;
            for (double x : xs) {
                offsets += x - first;
            }
            double mean = first + offsets / n;
            if (n == 1) {
                return new Stats(1, mean, Double.NaN, Double.NaN);
            }
            double ss = 0;
            for (double x : xs) {
                ss += (x - mean) * (x - mean);
            }
            double sd = Math.sqrt(ss / (n - 1));
            return new Stats(n, mean, sd, studentT975(n - 1) * sd / Math.sqrt(n));
        }
    }

    private final List<SweepAxis> others;
    private final int seedAxis;
    private final List<Group> groups;

    private SeedSummary(List<SweepAxis> axes, int seedAxis, List<Group> groups) {
        List<SweepAxis> o = new ArrayList<>(axes);
        o.remove(seedAxis);
        this.others = List.copyOf(o);
        this.seedAxis = seedAxis;
        this.groups = List.copyOf(groups);
    }

    /** The summary of a sweep that varies seed; empty if it does not. */
    public static Optional<SeedSummary> of(List<SweepAxis> axes, List<SweepTable.Row> rows) {
        int seedAxis = seedAxis(axes);
        if (seedAxis < 0) {
            return Optional.empty();
        }
        // Per configuration, the numbers of its complete runs: a failed or pending run is not a sample of it.
        Map<List<String>, List<double[]>> byConfig = new LinkedHashMap<>();
        for (SweepTable.Row r : rows) {
            List<String> key = new ArrayList<>(r.point().values());
            key.remove(seedAxis);
            List<double[]> runs = byConfig.computeIfAbsent(List.copyOf(key), k -> new ArrayList<>());
            if (r.complete()) {
                runs.add(SweepTable.metricValues(r));
            }
        }
        int metrics = SweepTable.metricNames().size();
        List<Group> groups = new ArrayList<>();
        byConfig.forEach((key, runs) -> {
            Stats[] stats = new Stats[metrics];
            for (int m = 0; m < metrics; m++) {
                int column = m;
                stats[m] = Stats.of(runs.stream().map(v -> v[column]).filter(Double::isFinite).toList());
            }
            groups.add(new Group(key, runs.size(), stats));
        });
        return Optional.of(new SeedSummary(axes, seedAxis, groups));
    }

    /** Where seed is among the axes; -1 if it is not varied. */
    public static int seedAxis(List<SweepAxis> axes) {
        for (int a = 0; a < axes.size(); a++) {
            if (axes.get(a).path().equals(SEED)) {
                return a;
            }
        }
        return -1;
    }

    public List<Group> groups() {
        return groups;
    }

    /** The axes other than seed, in the sweep's order. */
    public List<SweepAxis> others() {
        return others;
    }

    /** The position of the seed axis among the sweep's axes. */
    public int seedAxis() {
        return seedAxis;
    }

    /**
     * t such that P(T <= t) = 0.975 for Student's t with {@code df} degrees of
     * freedom: the table's values to 30, then the Cornish-Fisher expansion around
     * the normal quantile (error below 1e-4 from 30 on).
     */
    static double studentT975(int df) {
        if (df < 1) {
            throw new IllegalArgumentException("degrees of freedom must be >= 1: " + df);
        }
        if (df <= T975.length) {
            return T975[df - 1];
        }
        double z = 1.959963984540054;
        double z3 = z * z * z;
        double z5 = z3 * z * z;
        double z7 = z5 * z * z;
        return z + (z3 + z) / (4.0 * df) + (5 * z5 + 16 * z3 + 3 * z) / (96.0 * df * df)
                + (3 * z7 + 19 * z5 + 17 * z3 - 15 * z) / (384.0 * df * df * df);
    }

    private static final double[] T975 = {12.7062, 4.3027, 3.1824, 2.7764, 2.5706, 2.4469, 2.3646, 2.3060, 2.2622,
        2.2281, 2.2010, 2.1788, 2.1604, 2.1448, 2.1314, 2.1199, 2.1098, 2.1009, 2.0930, 2.0860, 2.0796, 2.0739,
        2.0687, 2.0639, 2.0595, 2.0555, 2.0518, 2.0484, 2.0452, 2.0423};

    public List<String> header() {
        List<String> h = new ArrayList<>();
        others.forEach(a -> h.add(a.path()));
        h.add("seeds");
        for (String m : SweepTable.metricNames()) {
            h.add(m + "_mean");
            h.add(m + "_sd");
            h.add(m + "_ci95");
        }
        return h;
    }

    public String csv() {
        StringBuilder b = new StringBuilder(SweepTable.csvLine(header()));
        for (Group g : groups) {
            List<String> c = new ArrayList<>(g.values());
            c.add(Integer.toString(g.seeds()));
            for (Stats s : g.stats()) {
                c.add(cell(s.mean()));
                c.add(cell(s.sd()));
                c.add(cell(s.ci95()));
            }
            b.append(SweepTable.csvLine(c));
        }
        return b.toString();
    }

    private static String cell(double v) {
        String s = JsonWriter.number(v);
        return s.equals("null") ? "" : s;
    }

    public void writeCsv(Path file) {
        try {
            Files.writeString(file, csv(), StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot write " + file + ": " + e.getMessage(), e);
        }
    }

    /** The configurations with a few headline numbers as mean +- CI half-width, aligned for a terminal. */
    public void print(PrintStream out, List<String> metrics) {
        List<String> names = SweepTable.metricNames();
        List<List<String>> table = new ArrayList<>();
        List<String> head = new ArrayList<>(others.stream().map(SweepAxis::label).toList());
        head.add("seeds");
        head.addAll(metrics);
        table.add(head);
        for (Group g : groups) {
            List<String> line = new ArrayList<>(g.values());
            line.add(Integer.toString(g.seeds()));
            for (String m : metrics) {
                Stats s = g.stats()[names.indexOf(m)];
                line.add(s.n() == 0 ? "-" : Double.isNaN(s.ci95()) ? shortNumber(s.mean())
                        : shortNumber(s.mean()) + " +- " + shortNumber(s.ci95()));
            }
            table.add(line);
        }
        SweepTable.printAligned(out, table);
    }

    private static String shortNumber(double v) {
        return String.format(java.util.Locale.ROOT, "%.4g", v);
    }
}
