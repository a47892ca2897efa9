package org.cosim.runner.results;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;

/**
 * Compares two results directories of the same scenario (typically the Java and the
 * OMNeT++ back end's): flows.csv flow by flow and column by column, summary.json
 * metric by metric, rtt_samples.csv, timeseries.csv, agent_state.csv and
 * packet_trace.csv (when either has one) line by line. Numbers may
 * differ by a relative {@code tolerance} (0: exactly); what identifies the run
 * rather than measures it (the back end's name) is not compared.
 */
public final class ResultsComparison {
    /** summary.json fields that name the run, not measure it. */
    private static final Set<String> NOT_COMPARED = Set.of("backend");

    public record Difference(String file, String where, String a, String b) {}

    private final String nameA;
    private final String nameB;
    private final double tolerance;
    private final List<Difference> differences = new ArrayList<>();
    private final Map<String, Integer> compared = new LinkedHashMap<>();
    /** Per file, the rows (CSV rows, lines) compared and those with at least one difference; none for JSON. */
    private final Map<String, int[]> rows = new LinkedHashMap<>();

    private ResultsComparison(String nameA, String nameB, double tolerance) {
        this.nameA = nameA;
        this.nameB = nameB;
        this.tolerance = tolerance;
    }

    public static ResultsComparison of(Path a, String nameA, Path b, String nameB, double tolerance) {
        ResultsComparison c = new ResultsComparison(nameA, nameB, tolerance);
        c.csvByColumn(a, b, "flows.csv", "flow");
        c.summary(a, b);
        c.linesExactly(a, b, "rtt_samples.csv");
        c.csvByColumn(a, b, "timeseries.csv", "sample");
        if (Files.exists(a.resolve("agent_state.csv")) || Files.exists(b.resolve("agent_state.csv"))) {
            c.csvByColumn(a, b, "agent_state.csv", "sample");
        }
        if (Files.exists(a.resolve("packet_trace.csv")) || Files.exists(b.resolve("packet_trace.csv"))) {
            c.linesExactly(a, b, "packet_trace.csv");
        }
        return c;
    }

    public boolean agree() {
        return differences.isEmpty();
    }

    public List<Difference> differences() {
        return List.copyOf(differences);
    }

    /** How many differences a report lists unless asked for all (`cosim compare --verbose`). */
    public static final int SHOWN = 20;

    /** The report with every difference. */
    public String report() {
        return report(Integer.MAX_VALUE);
    }

    /**
     * A readable report, the verdict first: identical (or within the tolerance) or not and which files
     * differ; then per file what was compared (values, and rows for the CSVs: how many differ); then the
     * first {@code limit} differences and how many more there are.
     */
    public String report(int limit) {
        StringBuilder b = new StringBuilder();
        List<String> differing = compared.keySet().stream().filter(f -> count(f) > 0).toList();
        b.append(String.format(Locale.ROOT, "comparison %s vs %s (%s): %s: %s%s%n", nameA, nameB,
                tolerance == 0 ? "exact" : "relative tolerance " + tolerance,
                tolerance == 0 ? "identical" : "agree", agree() ? "yes" : "no",
                agree() ? "" : "; differ: " + String.join(", ", differing.stream().map(this::extent).toList())));
        compared.forEach((file, n) -> {
            int[] r = rows.get(file);
            b.append(String.format(Locale.ROOT, "  %-16s %s (%d values%s compared)%n", file,
                    count(file) == 0 ? (tolerance == 0 ? "identical" : "agree") : count(file) + " differences", n,
                    r == null ? "" : " in " + r[0] + " rows"));
        });
        if (differences.isEmpty()) {
            return b.toString();
        }
        b.append(differences.size() <= limit ? "differences:\n"
                : "the first " + limit + " of " + differences.size() + " differences:\n");
        for (Difference d : differences.subList(0, Math.min(limit, differences.size()))) {
            b.append(String.format(Locale.ROOT, "  %s %s: %s %s, %s %s%s%n", d.file(), d.where(), nameA, d.a(), nameB,
                    d.b(), relative(d.a(), d.b())));
        }
        if (differences.size() > limit) {
            b.append("  ... and ").append(differences.size() - limit).append(" more (--verbose lists them all)\n");
        }
        return b.toString();
    }

    private long count(String file) {
        return differences.stream().filter(d -> d.file().equals(file)).count();
    }

    /** "flows.csv (3 of 40 rows)", or for summary.json "summary.json (2 values)". */
    private String extent(String file) {
        int[] r = rows.get(file);
        return r == null ? file + " (" + count(file) + " values)" : file + " (" + r[1] + " of " + r[0] + " rows)";
    }

    private static String relative(String a, String b) {
        try {
            double x = Double.parseDouble(a);
            double y = Double.parseDouble(b);
            double m = Math.max(Math.abs(x), Math.abs(y));
            return m == 0 ? "" : String.format(Locale.ROOT, " (%+.3g%%)", (y - x) / m * 100);
        } catch (NumberFormatException e) {
            return "";
        }
    }

    private boolean same(String a, String b) {
        if (a.equals(b)) {
            return true;
        }
        if (tolerance == 0) {
            return false;
        }
        try {
            double x = Double.parseDouble(a);
            double y = Double.parseDouble(b);
            return Math.abs(x - y) <= tolerance * Math.max(Math.abs(x), Math.abs(y));
        } catch (NumberFormatException e) {
            return false;
        }
    }

    private void count(String file, int n) {
        compared.merge(file, n, Integer::sum);
    }

    private static List<String> lines(Path dir, String file) {
        try {
            return Files.readAllLines(dir.resolve(file), StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read " + dir.resolve(file) + ": " + e.getMessage(), e);
        }
    }

    /** A CSV with a header: each row (named by its first column) compared column by column. */
    private void csvByColumn(Path a, Path b, String file, String rowName) {
        List<String> la = lines(a, file);
        List<String> lb = lines(b, file);
        if (!la.get(0).equals(lb.get(0))) {
            differences.add(new Difference(file, "header", la.get(0), lb.get(0)));
            count(file, 1);
            return;
        }
        String[] header = la.get(0).split(",", -1);
        int n = 0;
        int differingRows = 0;
        for (int r = 1; r < Math.max(la.size(), lb.size()); r++) {
            int before = differences.size();
            if (r >= la.size() || r >= lb.size()) {
                differences.add(new Difference(file, "row " + r, r < la.size() ? la.get(r) : "(no row)",
                        r < lb.size() ? lb.get(r) : "(no row)"));
                differingRows++;
                continue;
            }
            String[] ca = la.get(r).split(",", -1);
            String[] cb = lb.get(r).split(",", -1);
            for (int c = 0; c < header.length; c++) {
                String x = c < ca.length ? ca[c] : "";
                String y = c < cb.length ? cb[c] : "";
                n++;
                if (!same(x, y)) {
                    differences.add(new Difference(file, rowName + " " + ca[0] + " " + header[c], x, y));
                }
            }
            differingRows += differences.size() > before ? 1 : 0;
        }
        count(file, n);
        rows.put(file, new int[] {Math.max(la.size(), lb.size()) - 1, differingRows});
    }

    private void linesExactly(Path a, Path b, String file) {
        List<String> la = lines(a, file);
        List<String> lb = lines(b, file);
        int n = 0;
        int differing = 0;
        for (int i = 0; i < Math.max(la.size(), lb.size()); i++) {
            String x = i < la.size() ? la.get(i) : "(no line)";
            String y = i < lb.size() ? lb.get(i) : "(no line)";
            n++;
            if (!x.equals(y) && (tolerance == 0 || !rowWithinTolerance(x, y))) {
                differences.add(new Difference(file, "line " + (i + 1), x, y));
                differing++;
            }
        }
        count(file, n);
        rows.put(file, new int[] {n, differing});
    }

    private boolean rowWithinTolerance(String x, String y) {
        String[] a = x.split(",", -1);
        String[] b = y.split(",", -1);
        if (a.length != b.length) {
            return false;
        }
        for (int i = 0; i < a.length; i++) {
            if (!same(a[i], b[i])) {
                return false;
            }
        }
        return true;
    }

    private void summary(Path a, Path b) {
        Map<String, String> fa = FlatJson.parse(String.join("\n", lines(a, "summary.json")),
                a.resolve("summary.json").toString());
        Map<String, String> fb = FlatJson.parse(String.join("\n", lines(b, "summary.json")),
                b.resolve("summary.json").toString());
        int n = 0;
        for (String key : union(fa, fb)) {
            if (NOT_COMPARED.contains(key)) {
                continue;
            }
            String x = fa.getOrDefault(key, "(absent)");
            String y = fb.getOrDefault(key, "(absent)");
            n++;
            if (!same(x, y)) {
                differences.add(new Difference("summary.json", key, x, y));
            }
        }
        count("summary.json", n);
    }

    private static List<String> union(Map<String, String> a, Map<String, String> b) {
        List<String> keys = new ArrayList<>(a.keySet());
        for (String k : b.keySet()) {
            if (!a.containsKey(k)) {
                keys.add(k);
            }
        }
        return keys;
    }

    /**
     * A results file that is not what a run writes (cut short by a full disk or a kill, or not JSON at all):
     * its message names the file and where it goes wrong.
     */
    public static final class MalformedResults extends IllegalArgumentException {
        private static final long serialVersionUID = 1L;

        MalformedResults(String message) {
            super(message);
        }
    }

    /**
     * Flattens the JSON that {@link JsonWriter} writes: "a.b" -> the value's text, arrays as "a[i]". Strict:
     * anything else (truncated, a bare word, trailing text) is a {@link MalformedResults}, so a broken file is
     * reported as broken rather than compared value by value.
     */
    public static final class FlatJson {
        private final String s;
        private final String what;
        private int i;
        private final Map<String, String> out = new LinkedHashMap<>();

        private FlatJson(String s, String what) {
            this.s = s;
            this.what = what;
        }

        /** {@code what}: the file, for the messages. */
        public static Map<String, String> parse(String json, String what) {
            FlatJson p = new FlatJson(json, what);
            p.value("");
            p.skip();
            if (p.i < json.length()) {
                throw p.bad("text after the end of the JSON value");
            }
            return p.out;
        }

        private void value(String path) {
            skip();
            char c = peek();
            if (c == '{') {
                i++;
                skip();
                if (peek() == '}') {
                    i++;
                    return;
                }
                while (true) {
                    skip();
                    String key = string();
                    skip();
                    expect(':');
                    value(path.isEmpty() ? key : path + "." + key);
                    skip();
                    if (peek() == ',') {
                        i++;
                    } else {
                        expect('}');
                        return;
                    }
                }
            } else if (c == '[') {
                i++;
                skip();
                int k = 0;
                if (peek() == ']') {
                    i++;
                    return;
                }
                while (true) {
                    value(path + "[" + k++ + "]");
                    skip();
                    if (peek() == ',') {
                        i++;
                    } else {
                        expect(']');
                        return;
                    }
                }
            } else if (c == '"') {
                out.put(path, string());
            } else {
                out.put(path, literal());
            }
        }

        /** A number, true, false or null. */
        private String literal() {
            int start = i;
            while (i < s.length() && ",}] \n\t\r".indexOf(s.charAt(i)) < 0) {
                i++;
            }
            String v = s.substring(start, i);
            if (!v.matches("-?(0|[1-9][0-9]*)(\\.[0-9]+)?([eE][+-]?[0-9]+)?|true|false|null")) {
                i = start;
                throw bad("'" + (v.length() > 20 ? v.substring(0, 20) + "..." : v) + "' is not a JSON value");
            }
            return v;
        }

        private String string() {
            expect('"');
            StringBuilder b = new StringBuilder();
            while (peek() != '"') {
                char c = s.charAt(i++);
                if (c == '\\') {
                    char e = peek();
                    i++;
                    b.append(switch (e) {
                        case 'n' -> '\n';
                        case 't' -> '\t';
                        case 'u' -> {
                            if (i + 4 > s.length() || !s.substring(i, i + 4).matches("[0-9a-fA-F]{4}")) {
                                throw bad("a \\u escape without four hex digits");
                            }
                            char u = (char) Integer.parseInt(s.substring(i, i + 4), 16);
                            i += 4;
                            yield u;
                        }
                        default -> e;
                    });
                } else {
                    b.append(c);
                }
            }
            i++;
            return b.toString();
        }

        private char peek() {
            if (i >= s.length()) {
                throw bad("the file ends in the middle of the JSON (cut short?)");
            }
            return s.charAt(i);
        }

        private void skip() {
            while (i < s.length() && Character.isWhitespace(s.charAt(i))) {
                i++;
            }
        }

        private void expect(char c) {
            if (peek() != c) {
                throw bad("expected '" + c + "'");
            }
            i++;
        }

        private MalformedResults bad(String why) {
            return new MalformedResults(what + ": not the JSON a run writes: " + why + " at offset " + i);
        }
    }
}
