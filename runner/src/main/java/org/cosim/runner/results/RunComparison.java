package org.cosim.runner.results;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.function.Function;
import org.cosim.runner.plots.FigureData;
import org.cosim.runner.plots.Plots;

/**
 * Several runs' results directories side by side (`cosim compare --dirs A B C`): the
 * headline numbers each run's summary.json holds, a row per number and a column per
 * run, and the figures that overlay them (slowdown against flow size; RTT CDF). Every
 * number is read as the run wrote it, so it is the one its own summary and sweep.csv
 * give (FCT and slowdown over the flows that started after the warm-up,
 * {@link FlowRecord#measured}); nothing is recomputed here.
 */
public final class RunComparison {
    /** One run: its directory, the name its column goes by, and its summary.json flattened ("fct.p99_us"). */
    public record Run(Path dir, String label, Map<String, String> summary) {
        /** A number of the summary, NaN when absent or null. */
        double number(String key) {
            String v = summary.get(key);
            return v == null || v.equals("null") ? Double.NaN : Double.parseDouble(v);
        }
    }

    /** A row of the table: its heading and how each run's cell is read. */
    private record Row(String heading, Function<Run, String> cell) {}

    private static final int MAX_CDF_POINTS = 2000;

    private final List<Run> runs;

    private RunComparison(List<Run> runs) {
        this.runs = List.copyOf(runs);
    }

    /**
     * Reads each directory's summary.json ({@link ResultsComparison.MalformedResults} when one is not what a run
     * writes). A column is named by the run's scenario and protocol as run; runs that share both also by their
     * directory's name.
     */
    public static RunComparison of(List<Path> dirs) {
        List<Map<String, String>> summaries = new ArrayList<>();
        List<String> labels = new ArrayList<>();
        for (Path d : dirs) {
            Path file = d.resolve("summary.json");
            Map<String, String> s = ResultsComparison.FlatJson.parse(read(file), file.toString());
            summaries.add(s);
            labels.add(s.getOrDefault("scenario", "?") + ", " + s.getOrDefault("protocol", "?"));
        }
        List<Run> runs = new ArrayList<>();
        for (int i = 0; i < dirs.size(); i++) {
            boolean shared = labels.indexOf(labels.get(i)) != labels.lastIndexOf(labels.get(i));
            Path name = dirs.get(i).toAbsolutePath().normalize().getFileName();
            runs.add(new Run(dirs.get(i), shared ? labels.get(i) + " (" + name + ")" : labels.get(i),
                    summaries.get(i)));
        }
        return new RunComparison(runs);
    }

    public List<Run> runs() {
        return runs;
    }

    private static String read(Path file) {
        try {
            return Files.readString(file, StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read " + file + ": " + e.getMessage(), e);
        }
    }

    /** The rows, in the order of a run's terminal summary; a row no run has a value for is left out. */
    private List<Row> rows() {
        List<Row> rows = new ArrayList<>();
        rows.add(new Row("back end", r -> text(r, "backend")));
        rows.add(new Row("seed", r -> text(r, "seed")));
        rows.add(new Row("measured ms", r -> format((r.number("reached_ps") - r.number("warmup_ps")) / 1e9)));
        rows.add(number("goodput Gb/s", "throughput.goodput_gbps"));
        rows.add(number("wire Gb/s", "throughput.wire_gbps"));
        rows.add(number("Jain's index", "throughput.jain_index"));
        rows.add(number("flows measured", "fct.flows_measured"));
        rows.add(number("flows finished", "fct.flows_finished"));
        rows.add(number("FCT p50 us", "fct.p50_us"));
        rows.add(number("FCT p99 us", "fct.p99_us"));
        rows.add(number("slowdown mean", "fct.slowdown_mean"));
        rows.add(number("slowdown p99", "fct.slowdown_p99"));
        for (String bucket : keysUnder("slowdown_by_size")) {
            String at = "slowdown_by_size." + bucket + ".";
            rows.add(new Row("slowdown " + bucket, r -> Double.isNaN(r.number(at + "flows")) ? "-"
                    : "p50 " + format(r.number(at + "p50")) + ", p99 " + format(r.number(at + "p99")) + " ("
                    + format(r.number(at + "finished")) + "/" + format(r.number(at + "flows")) + ")"));
        }
        for (String part : keysUnder("parts")) {
            String at = "parts." + part + ".";
            rows.add(new Row("part " + part + " goodput Gb/s", r -> format(r.number(at + "goodput_gbps"))));
            rows.add(new Row("part " + part + " FCT p50/p99 us", r -> Double.isNaN(r.number(at + "flows_measured"))
                    ? "-" : format(r.number(at + "p50_us")) + " / " + format(r.number(at + "p99_us"))));
            rows.add(number("part " + part + " slowdown p99", at + "slowdown_p99"));
        }
        rows.add(number("network RTT p50 us", "rtt_network_us.p50"));
        rows.add(number("network RTT p99 us", "rtt_network_us.p99"));
        rows.add(number("network RTT p99.9 us", "rtt_network_us.p999"));
        rows.add(number("host RTT p50 us", "rtt_host_us.p50"));
        rows.add(number("host RTT p99 us", "rtt_host_us.p99"));
        rows.add(new Row("largest queue p99 KB", r -> format(largestQueue(r, "p99_bytes") / 1e3)));
        rows.add(new Row("largest queue max KB", r -> format(largestQueue(r, "max_bytes") / 1e3)));
        rows.add(number("drops (packets)", "counters.drop_packets"));
        rows.add(number("pause frames", "counters.pfc_pause_frames_sent_after_warmup"));
        rows.add(number("retransmitted bytes", "counters.retransmitted_bytes"));
        rows.add(number("ECN marks", "counters.ecn_marks"));
        rows.add(number("trimmed packets", "counters.trimmed_packets"));
        return rows.stream().filter(row -> runs.stream().anyMatch(r -> !row.cell().apply(r).equals("-"))).toList();
    }

    private static Row number(String heading, String key) {
        return new Row(heading, r -> format(r.number(key)));
    }

    private static String text(Run r, String key) {
        return r.summary().getOrDefault(key, "-");
    }

    /** The names under an object of the summaries ("slowdown_by_size" -> its buckets), in the runs' order. */
    private List<String> keysUnder(String object) {
        Set<String> keys = new LinkedHashSet<>();
        for (Run r : runs) {
            for (String k : r.summary().keySet()) {
                if (k.startsWith(object + ".")) {
                    String rest = k.substring(object.length() + 1);
                    keys.add(rest.substring(0, rest.indexOf('.') < 0 ? rest.length() : rest.indexOf('.')));
                }
            }
        }
        return List.copyOf(keys);
    }

    /** The largest value of a field over the run's monitored queues (NaN without queues). */
    private static double largestQueue(Run r, String field) {
        double max = Double.NaN;
        for (Map.Entry<String, String> e : r.summary().entrySet()) {
            if (e.getKey().startsWith("queues.") && e.getKey().endsWith("." + field)) {
                double v = Double.parseDouble(e.getValue());
                max = Double.isNaN(max) ? v : Math.max(max, v);
            }
        }
        return max;
    }

    /** A number for the table: whole numbers as such, others to 3-4 significant digits; "-" for none. */
    public static String format(double v) {
        if (Double.isNaN(v)) {
            return "-";
        }
        if (v == Math.rint(v) && Math.abs(v) < 1e15) {
            return Long.toString((long) v);
        }
        double a = Math.abs(v);
        return String.format(Locale.ROOT, a >= 100 ? "%.1f" : a >= 1 ? "%.2f" : "%.3g", v);
    }

    /** The table: a heading row of the runs' names, then a row per number; cells right-aligned. */
    public String table() {
        List<List<String>> lines = new ArrayList<>();
        List<String> head = new ArrayList<>(List.of(""));
        runs.forEach(r -> head.add(r.label()));
        lines.add(head);
        for (Row row : rows()) {
            List<String> line = new ArrayList<>(List.of(row.heading()));
            runs.forEach(r -> line.add(row.cell().apply(r)));
            lines.add(line);
        }
        int[] width = new int[head.size()];
        for (List<String> line : lines) {
            for (int i = 0; i < line.size(); i++) {
                width[i] = Math.max(width[i], line.get(i).length());
            }
        }
        StringBuilder b = new StringBuilder();
        for (List<String> line : lines) {
            b.append(String.format("  %-" + width[0] + "s", line.get(0)));
            for (int i = 1; i < line.size(); i++) {
                b.append("   ").append(String.format("%" + width[i] + "s", line.get(i)));
            }
            b.append('\n');
        }
        return b.toString();
    }

    /** Slowdown against flow size, a p99 and a p50 curve per run that has slowdown_by_size; null if none has. */
    public FigureData slowdownFigure() {
        List<Plots.SlowdownCurve> curves = new ArrayList<>();
        for (Run r : runs) {
            List<String> buckets = new ArrayList<>();
            for (String k : r.summary().keySet()) {
                if (k.startsWith("slowdown_by_size.") && k.endsWith(".size_p50_bytes")) {
                    buckets.add(k.substring("slowdown_by_size.".length(), k.length() - ".size_p50_bytes".length()));
                }
            }
            if (!buckets.isEmpty()) {
                curves.add(new Plots.SlowdownCurve(r.label(),
                        values(r, buckets, "size_p50_bytes", 1e-3), values(r, buckets, "p50", 1),
                        values(r, buckets, "p99", 1)));
            }
        }
        return curves.isEmpty() ? null : Plots.slowdownFigure("FCT slowdown by flow size (" + curves.size() + " runs)",
                curves);
    }

    private static double[] values(Run r, List<String> buckets, String field, double scale) {
        return buckets.stream().mapToDouble(b -> r.number("slowdown_by_size." + b + "." + field) * scale).toArray();
    }

    /** The runs' network RTT CDFs from their rtt_samples.csv; null if no run has a sample. */
    public FigureData rttFigure() {
        List<FigureData.Series> series = new ArrayList<>();
        for (Run r : runs) {
            long[] rtt = Stats.sorted(rttSamples(r.dir().resolve("rtt_samples.csv")));
            if (rtt.length == 0) {
                continue;
            }
            int step = Math.max(1, rtt.length / MAX_CDF_POINTS);
            List<double[]> points = new ArrayList<>();
            for (int i = 0; i < rtt.length; i += step) {
                points.add(new double[] {Stats.us(rtt[i]), (i + 1) / (double) rtt.length});
            }
            points.add(new double[] {Stats.us(rtt[rtt.length - 1]), 1.0});
            series.add(new FigureData.Series(r.label(), points.stream().mapToDouble(p -> p[0]).toArray(),
                    points.stream().mapToDouble(p -> p[1]).toArray()));
        }
        return series.isEmpty() ? null : FigureData.lines(FigureData.Kind.CDF, "Network RTT CDF (the samples "
                + "rtt_samples.csv keeps)", "network RTT (us)", "fraction of samples", series);
    }

    /** rtt_samples.csv's network RTTs (ps, its network_rtt_ps column); none when the file is absent. */
    private static long[] rttSamples(Path file) {
        if (!Files.exists(file)) {
            return new long[0];
        }
        try (var lines = Files.lines(file, StandardCharsets.UTF_8)) {
            var it = lines.iterator();
            int column = it.hasNext() ? List.of(it.next().split(",")).indexOf(ResultsWriter.NETWORK_RTT_COLUMN) : -1;
            if (column < 0) {
                throw new ResultsComparison.MalformedResults(file + ": not the rtt_samples.csv a run writes: no "
                        + ResultsWriter.NETWORK_RTT_COLUMN + " column");
            }
            List<Long> rtts = new ArrayList<>();
            while (it.hasNext()) {
                String l = it.next();
                if (!l.isBlank()) {
                    rtts.add(Long.parseLong(l.split(",")[column]));
                }
            }
            return rtts.stream().mapToLong(Long::longValue).toArray();
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read " + file + ": " + e.getMessage(), e);
        } catch (NumberFormatException e) {
            throw new ResultsComparison.MalformedResults(file + ": not the rtt_samples.csv a run writes: "
                    + e.getMessage());
        }
    }
}
