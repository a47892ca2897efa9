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
import java.util.function.Function;
import org.cosim.runner.plots.FigureData;
import org.cosim.runner.results.Counters;
import org.cosim.runner.results.JsonWriter;
import org.cosim.runner.results.QueueRecord;
import org.cosim.runner.results.RunResults;
import org.cosim.runner.results.Slowdowns;
import org.cosim.runner.results.Summary;

/**
 * A sweep's results, one row per run in plan order: the varied values, then the
 * headline numbers of each run's summary.json. Written as sweep.csv (empty cells
 * where a number does not apply) and printed as a table; neither holds wall
 * times, so a sweep's files are as reproducible as its runs'.
 */
public final class SweepTable {
    /**
     * One run: the numbers of its table row in {@link #metricNames()} order (NaN where one does not apply; computed
     * from its summary, counters and monitored queues, not its results, which a sweep of big runs could not keep in
     * memory for every point) and the flow-size decades its slowdowns have flows in, or (values null) why it could
     * not start. {@code differences}: with both back ends, how many values of the OMNeT++ run's files differ from
     * the Java run's (0: identical); -1: one back end.
     */
    public record Row(SweepPlan.Point point, String dir, double[] values, List<String> slowdownKeys, String failure,
                      int differences) {
        public Row {
            slowdownKeys = List.copyOf(slowdownKeys);
        }

        public static Row of(SweepPlan.Point point, String dir, RunResults results, Summary summary) {
            return paired(point, dir, results, summary, results.failure(), -1);
        }

        /** The Java run of a paired point, and how its OMNeT++ twin compared. */
        public static Row paired(SweepPlan.Point point, String dir, RunResults java, Summary summary,
                                 String failure, int differences) {
            return measured(point, dir, summary, java.counters(), java.queues(), failure, differences);
        }

        /** A run's row from the numbers it is computed from: its summary, counters and monitored queues. */
        public static Row measured(SweepPlan.Point point, String dir, Summary summary, Counters counters,
                                   List<QueueRecord> queues, String failure, int differences) {
            Measured m = new Measured(summary, counters, List.copyOf(queues));
            double[] v = new double[METRICS.size()];
            for (int i = 0; i < v.length; i++) {
                Double x = METRICS.get(i).value().apply(m);
                v[i] = x == null ? Double.NaN : x;
            }
            return new Row(point, dir, v, summary.slowdownBySize().stream().map(Slowdowns.Bucket::key).toList(),
                    failure, differences);
        }

        public static Row failedToStart(SweepPlan.Point point, String dir, String why) {
            return new Row(point, dir, null, List.of(), why, -1);
        }

        /** A point whose run has not ended yet (sweep.csv is rewritten as runs end). */
        public static Row pending(SweepPlan.Point point, String dir) {
            return new Row(point, dir, null, List.of(), null, -1);
        }

        public boolean ran() {
            return values != null;
        }

        public boolean complete() {
            return ran() && failure == null;
        }

        /** sweep.csv's status: complete, failed (ran and failed, or could not start), or pending (not run). */
        public String status() {
            return complete() ? "complete" : ran() || failure != null ? "failed" : "pending";
        }

        /**
         * The row as a text a process hands to another (a SLURM task to the command that collects the sweep): its
         * directory, failure, differences, slowdown decades and values, a line each; the values as Double#toString
         * writes them, which reads back to the same double, so the table built from it is the same to the byte.
         */
        public String text() {
            StringBuilder b = new StringBuilder();
            b.append("dir ").append(dir).append('\n');
            if (failure != null) {
                b.append("failure ").append(failure.replace("\\", "\\\\").replace("\n", "\\n")).append('\n');
            }
            b.append("differences ").append(differences).append('\n');
            b.append("slowdowns ").append(String.join(" ", slowdownKeys)).append('\n');
            if (values != null) {
                b.append("values");
                for (double v : values) {
                    b.append(' ').append(v);
                }
                b.append('\n');
            }
            return b.toString();
        }

        /** The row of {@code point} that {@link #text} wrote. */
        public static Row parse(SweepPlan.Point point, String text) {
            Map<String, String> f = new LinkedHashMap<>();
            for (String line : text.lines().toList()) {
                int sp = line.indexOf(' ');
                f.put(sp < 0 ? line : line.substring(0, sp), sp < 0 ? "" : line.substring(sp + 1));
            }
            if (!f.containsKey("dir") || !f.containsKey("differences")) {
                throw new IllegalArgumentException("not a sweep row: " + text);
            }
            String failure = f.containsKey("failure") ? unescape(f.get("failure")) : null;
            String slow = f.getOrDefault("slowdowns", "");
            double[] values = null;
            if (f.containsKey("values")) {
                String[] v = f.get("values").split(" ");
                if (v.length != METRICS.size()) {
                    throw new IllegalArgumentException(v.length + " values, not " + METRICS.size() + ": " + text);
                }
                values = new double[v.length];
                for (int i = 0; i < v.length; i++) {
                    values[i] = Double.parseDouble(v[i]);
                }
            }
            return new Row(point, f.get("dir"), values, slow.isEmpty() ? List.of() : List.of(slow.split(" ")),
                    failure, Integer.parseInt(f.get("differences")));
        }

        private static String unescape(String s) {
            StringBuilder b = new StringBuilder();
            for (int i = 0; i < s.length(); i++) {
                char c = s.charAt(i);
                if (c == '\\' && i + 1 < s.length()) {
                    char n = s.charAt(++i);
                    b.append(n == 'n' ? '\n' : n);
                } else {
                    b.append(c);
                }
            }
            return b.toString();
        }

        /** The run's value of metric {@code m} (an index into {@link #metricNames()}); the run must have run. */
        double value(int m) {
            return values[m];
        }
    }

    /** What a row's numbers are computed from: a run's summary, counters and monitored queues. */
    private record Measured(Summary summary, Counters counters, List<QueueRecord> queues) { }

    private record Metric(String name, Function<Measured, Double> value) { }

    private static final List<Metric> METRICS = metrics();

    private static List<Metric> metrics() {
        List<Metric> m = new ArrayList<>(List.of(
            new Metric("goodput_gbps", r -> r.summary().goodputGbps()),
            new Metric("wire_gbps", r -> r.summary().wireGbps()),
            new Metric("flow_min_gbps", r -> r.summary().flowThroughputMinGbps()),
            new Metric("flow_worst10_gbps", r -> r.summary().flowThroughputWorstTenthGbps()),
            new Metric("flow_max_gbps", r -> r.summary().flowThroughputMaxGbps()),
            new Metric("jain", r -> r.summary().jainIndex()),
            new Metric("rtt_network_p50_us", r -> r.summary().rttNetwork().p50Us()),
            new Metric("rtt_network_p99_us", r -> r.summary().rttNetwork().p99Us()),
            new Metric("rtt_network_p999_us", r -> r.summary().rttNetwork().p999Us()),
            new Metric("rtt_host_p50_us", r -> r.summary().rttHost().p50Us()),
            new Metric("rtt_host_p99_us", r -> r.summary().rttHost().p99Us()),
            new Metric("rtt_host_p999_us", r -> r.summary().rttHost().p999Us()),
            // FCT and slowdown count the flows that started after the warm-up (FlowRecord.measured).
            new Metric("flows_measured", r -> (double) r.summary().fct().flowsMeasured()),
            new Metric("flows_finished", r -> (double) r.summary().fct().flowsFinished()),
            new Metric("flows_unfinished", r -> (double) r.summary().fct().flowsUnfinished()),
            new Metric("fct_p50_us", r -> r.summary().fct().p50Us()),
            new Metric("fct_p99_us", r -> r.summary().fct().p99Us()),
            new Metric("fct_max_us", r -> r.summary().fct().maxUs()),
            new Metric("slowdown_p99", r -> r.summary().fct().slowdownP99())));
        // The slowdowns by flow size (Slowdowns: decades), a p50 and a p99 column per decade.
        for (String key : Slowdowns.keys()) {
            m.add(new Metric("slowdown_p50_" + key,
                    r -> bucket(r.summary(), key).map(Slowdowns.Bucket::p50).orElse(Double.NaN)));
            m.add(new Metric("slowdown_p99_" + key,
                    r -> bucket(r.summary(), key).map(Slowdowns.Bucket::p99).orElse(Double.NaN)));
        }
        m.addAll(List.of(
            new Metric("incast_last_over_optimum", r -> r.summary().incastLastOverOptimum()),
            new Metric("incast_slowest_over_fastest", r -> r.summary().incastSlowestOverFastest()),
            new Metric("queue_p99_kb", SweepTable::largestQueueP99Kb),
            new Metric("drops", r -> (double) r.counters().dropPackets()),
            new Metric("pause_frames", r -> (double) r.counters().pfcPauseFramesSentMeasured()),
            new Metric("trimmed", r -> (double) r.counters().trimmedPackets())));
        return List.copyOf(m);
    }

    private static Optional<Slowdowns.Bucket> bucket(Summary s, String key) {
        return s.slowdownBySize().stream().filter(b -> b.key().equals(key)).findFirst();
    }

    /**
     * The columns always printed on the terminal (all of them are in sweep.csv): name in the CSV, heading.
     * {@link #print} adds the slowdowns by size that any run has and the metrics the sweep plots.
     */
    private static final String[][] PRINTED = {{"status", "status"}, {"goodput_gbps", "goodput Gb/s"},
        {"flow_min_gbps", "min flow"}, {"jain", "Jain"}, {"rtt_network_p99_us", "net RTT p99 us"}, {"fct_p99_us", "FCT p99 us"},
        {"slowdown_p99", "slowdown p99"}, {"drops", "drops"}};

    private final List<SweepAxis> axes;
    private final List<Row> rows;
    private final boolean paired;

    public SweepTable(List<SweepAxis> axes, List<Row> rows) {
        this(axes, rows, false);
    }

    /** {@code paired}: every point ran on both back ends; a column says whether their files agree. */
    public SweepTable(List<SweepAxis> axes, List<Row> rows, boolean paired) {
        this.axes = axes;
        this.rows = List.copyOf(rows);
        this.paired = paired;
    }

    /** The largest p99 over the monitored queues: the bottleneck's, in KB (NaN without queues). */
    private static double largestQueueP99Kb(Measured r) {
        double max = Double.NaN;
        for (QueueRecord q : r.queues()) {
            max = Double.isNaN(max) ? q.p99Bytes() / 1e3 : Math.max(max, q.p99Bytes() / 1e3);
        }
        return max;
    }

    public List<String> header() {
        List<String> h = new ArrayList<>(List.of("point", "dir"));
        axes.forEach(a -> h.add(a.path()));
        h.add("status");
        if (paired) {
            h.add("backends");
        }
        METRICS.forEach(m -> h.add(m.name()));
        return h;
    }

    /** "identical", "N differences", or empty when a run did not get to the comparison. */
    private static String agreement(Row r) {
        return r.differences() < 0 ? "" : r.differences() == 0 ? "identical" : r.differences() + " differences";
    }

    private List<String> cells(Row r) {
        List<String> c = new ArrayList<>(List.of(Integer.toString(r.point().index()), r.dir()));
        c.addAll(r.point().values());
        c.add(r.status());
        if (paired) {
            c.add(agreement(r));
        }
        for (int m = 0; m < METRICS.size(); m++) {
            String v = !r.ran() ? "null" : JsonWriter.number(r.value(m));
            c.add(v.equals("null") ? "" : v);
        }
        return c;
    }

    /** The names of the numbers each row holds (sweep.csv's columns after status). */
    public static List<String> metricNames() {
        return METRICS.stream().map(Metric::name).toList();
    }

    /** A run's numbers in {@link #metricNames()} order (NaN where one does not apply); the run must have run. */
    static double[] metricValues(Row r) {
        return r.values().clone();
    }

    /**
     * A figure of {@code metric} over the first varied field: lines against its
     * values when they are all numbers, else grouped bars; one line (or bar) per
     * combination of the other fields. Runs that failed to start are left out.
     */
    public FigureData figure(String metric) {
        int m = metricNames().indexOf(metric);
        if (m < 0) {
            throw new IllegalArgumentException("no metric '" + metric + "' (known: " + metricNames() + ")");
        }
        SweepAxis first = axes.get(0);
        // Over seed itself (the first axis) each seed is a point; after it, seeds are averaged.
        Optional<SeedSummary> seeds = SeedSummary.seedAxis(axes) > 0 ? SeedSummary.of(axes, rows) : Optional.empty();
        Map<String, double[]> byRest = new LinkedHashMap<>();
        if (seeds.isPresent()) {
            // Seeds are repetitions: one line per configuration, at its mean over the seeds.
            for (SeedSummary.Group g : seeds.get().groups()) {
                double[] ys = line(byRest, rest(seeds.get().others(), g.values(), metric), first);
                ys[first.values().indexOf(g.values().get(0))] = g.stats()[m].mean();
            }
        } else {
            for (Row r : rows) {
                List<String> v = r.point().values();
                double[] ys = line(byRest, rest(axes, v, metric), first);
                // A run that failed midway has partial numbers, not a point of the curve: drawn as a gap.
                ys[first.values().indexOf(v.get(0))] = !r.complete() ? Double.NaN : r.value(m);
            }
        }
        return figure(metric, first, byRest, seeds.map(s -> ", mean over seeds (95% CI in sweep_seeds.csv)")
                .orElse(""));
    }

    /** A line's name: the axes after the first with their values, or the metric when there are none. */
    private static String rest(List<SweepAxis> axes, List<String> values, String metric) {
        StringBuilder rest = new StringBuilder();
        for (int a = 1; a < axes.size(); a++) {
            rest.append(rest.length() == 0 ? "" : ", ").append(axes.get(a).label()).append('=').append(values.get(a));
        }
        return rest.length() == 0 ? metric : rest.toString();
    }

    private static double[] line(Map<String, double[]> byRest, String name, SweepAxis first) {
        return byRest.computeIfAbsent(name, k -> {
            double[] y = new double[first.values().size()];
            java.util.Arrays.fill(y, Double.NaN);
            return y;
        });
    }

    private static FigureData figure(String metric, SweepAxis first, Map<String, double[]> byRest, String note) {
        boolean numeric = first.values().stream().allMatch(SweepTable::isNumber);
        double[] xs = numeric ? first.values().stream().mapToDouble(Double::parseDouble).toArray()
                : new double[first.values().size()];
        List<FigureData.Series> series = new ArrayList<>();
        byRest.forEach((name, ys) -> series.add(new FigureData.Series(name, xs, ys)));
        String title = metric + " over " + first.label() + note;
        return numeric ? FigureData.lines(FigureData.Kind.SWEEP, title, first.path(), metric, series)
                : FigureData.bars(title, metric, first.values(), series);
    }

    private static boolean isNumber(String s) {
        try {
            return Double.isFinite(Double.parseDouble(s));
        } catch (NumberFormatException e) {
            return false;
        }
    }

    public String csv() {
        StringBuilder b = new StringBuilder(csvLine(header()));
        rows.forEach(r -> b.append(csvLine(cells(r))));
        return b.toString();
    }

    public void writeCsv(Path file) {
        try {
            Files.writeString(file, csv(), StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot write " + file + ": " + e.getMessage(), e);
        }
    }

    /**
     * The varied values and the headline columns, aligned for a terminal: those always printed, the p99
     * slowdown of each flow-size decade some run has flows in, and the {@code plotted} metrics (--plot).
     */
    public void print(PrintStream out, List<String> plotted) {
        List<String> header = header();
        List<String> names = new ArrayList<>(axes.stream().map(SweepAxis::label).toList());
        List<String[]> printed = new ArrayList<>(List.of(PRINTED));
        if (paired) {
            printed.add(1, new String[] {"backends", "backends"});
        }
        for (String key : Slowdowns.keys()) {
            if (rows.stream().anyMatch(r -> r.ran() && r.slowdownKeys().contains(key))) {
                printed.add(new String[] {"slowdown_p99_" + key, "p99 " + key});
            }
        }
        for (String m : plotted) {
            if (printed.stream().noneMatch(p -> p[0].equals(m))) {
                printed.add(new String[] {m, m});
            }
        }
        int[] shown = new int[printed.size()];
        for (int i = 0; i < shown.length; i++) {
            names.add(printed.get(i)[1]);
            shown[i] = header.indexOf(printed.get(i)[0]);
        }
        List<List<String>> table = new ArrayList<>();
        table.add(names);
        for (Row r : rows) {
            List<String> c = cells(r);
            List<String> line = new ArrayList<>(r.point().values());
            for (int column : shown) {
                line.add(c.get(column).isEmpty() ? "-" : c.get(column));
            }
            table.add(line);
        }
        printAligned(out, table);
    }

    /** Rows of cells, right-aligned in columns, the first row the heading. */
    static void printAligned(PrintStream out, List<List<String>> table) {
        int[] width = new int[table.get(0).size()];
        for (List<String> line : table) {
            for (int i = 0; i < line.size(); i++) {
                width[i] = Math.max(width[i], line.get(i).length());
            }
        }
        for (List<String> line : table) {
            StringBuilder b = new StringBuilder(" ");
            for (int i = 0; i < line.size(); i++) {
                b.append(' ').append(String.format("%" + width[i] + "s", line.get(i)));
            }
            out.println(b);
        }
    }

    static String csvLine(List<String> cells) {
        StringBuilder b = new StringBuilder();
        for (int i = 0; i < cells.size(); i++) {
            String c = cells.get(i);
            if (c.contains(",") || c.contains("\"")) {
                c = "\"" + c.replace("\"", "\"\"") + "\"";
            }
            b.append(i == 0 ? "" : ",").append(c);
        }
        return b.append('\n').toString();
    }
}
