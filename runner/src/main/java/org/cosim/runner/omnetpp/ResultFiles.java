package org.cosim.runner.omnetpp;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.math.BigDecimal;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * A small reader of OMNeT++'s text result files (.sca version 3, .vec), for the
 * values cosim records: scalars, histogram bins, and vectors with event numbers.
 * Every value cosim reads is an integer (picoseconds, bytes, counts) below 2^53,
 * written with 17 significant digits, so it reads back exactly; {@link #exact}
 * refuses anything else instead of rounding. Vector times are OMNeT++'s exact
 * fixed-point decimals.
 */
public final class ResultFiles {
    /** One value of a vector: the event that recorded it, its time in ps, the value text. */
    public record Entry(long event, long timePs, String value) {}

    /** A statistic's histogram bins: lower edge text -> value text, in file order. */
    public record Histogram(Map<String, String> bins) {}

    private final Map<String, Map<String, String>> scalars = new LinkedHashMap<>();  // module -> name -> value
    private final Map<String, Map<String, Histogram>> histograms = new LinkedHashMap<>();
    private final Map<String, Map<String, List<Entry>>> vectors = new LinkedHashMap<>();

    public static ResultFiles read(Path sca, Path vec) {
        ResultFiles r = new ResultFiles();
        r.readScalars(sca);
        if (vec != null && Files.exists(vec)) {
            r.readVectors(vec);
        }
        return r;
    }

    /**
     * How two partitions' values of the same scalar, or the same vector's entries, become one run's: the combined
     * value, or null when the two may not both exist (a module of one partition only).
     */
    public interface Combine {
        String scalars(String module, String name, String a, String b);

        String vectorEntries(String module, String name, String a, String b);
    }

    /**
     * The result files of a run's partitions as one run's: every module's scalars, histograms and vectors, where
     * a module recorded in several partitions (the bridge, the sampler) has its values combined by {@code combine};
     * a vector of several partitions must have entries at the same times in each, combined one by one.
     */
    public static ResultFiles merge(List<ResultFiles> parts, Combine combine) {
        ResultFiles r = new ResultFiles();
        for (ResultFiles p : parts) {
            for (var m : p.scalars.entrySet()) {
                Map<String, String> into = r.scalars.computeIfAbsent(m.getKey(), k -> new LinkedHashMap<>());
                for (var v : m.getValue().entrySet()) {
                    String before = into.get(v.getKey());
                    into.put(v.getKey(), before == null ? v.getValue()
                            : both(combine.scalars(m.getKey(), v.getKey(), before, v.getValue()), m.getKey(), v.getKey()));
                }
            }
            for (var m : p.histograms.entrySet()) {
                Map<String, Histogram> into = r.histograms.computeIfAbsent(m.getKey(), k -> new LinkedHashMap<>());
                for (var h : m.getValue().entrySet()) {
                    if (into.putIfAbsent(h.getKey(), h.getValue()) != null) {
                        both(null, m.getKey(), h.getKey());
                    }
                }
            }
            for (var m : p.vectors.entrySet()) {
                Map<String, List<Entry>> into = r.vectors.computeIfAbsent(m.getKey(), k -> new LinkedHashMap<>());
                for (var v : m.getValue().entrySet()) {
                    List<Entry> before = into.get(v.getKey());
                    into.put(v.getKey(), before == null ? v.getValue()
                            : mergeEntries(m.getKey(), v.getKey(), before, v.getValue(), combine));
                }
            }
        }
        return r;
    }

    private static String both(String combined, String module, String name) {
        if (combined == null) {
            throw new OmnetppException("the partitions' result files both hold " + module + " " + name
                    + ", which one partition records");
        }
        return combined;
    }

    private static List<Entry> mergeEntries(String module, String name, List<Entry> a, List<Entry> b, Combine combine) {
        if (a.size() != b.size()) {
            throw new OmnetppException("the partitions' result files hold " + a.size() + " and " + b.size()
                    + " values of " + module + " " + name);
        }
        List<Entry> out = new ArrayList<>(a.size());
        for (int i = 0; i < a.size(); i++) {
            if (a.get(i).timePs() != b.get(i).timePs()) {
                throw new OmnetppException("the partitions' result files hold " + module + " " + name + " value " + i
                        + " at " + a.get(i).timePs() + " ps and at " + b.get(i).timePs() + " ps");
            }
            out.add(new Entry(a.get(i).event(), a.get(i).timePs(),
                    both(combine.vectorEntries(module, name, a.get(i).value(), b.get(i).value()), module, name)));
        }
        return out;
    }

    public Map<String, Map<String, String>> scalars() {
        return scalars;
    }

    public String scalar(String module, String name) {
        return scalars.getOrDefault(module, Map.of()).get(name);
    }

    public Histogram histogram(String module, String name) {
        return histograms.getOrDefault(module, Map.of()).get(name);
    }

    /** Vectors by module, then by name (OMNeT++'s "<statistic>:vector" names). */
    public Map<String, Map<String, List<Entry>>> vectors() {
        return vectors;
    }

    public List<Entry> vector(String module, String name) {
        return vectors.getOrDefault(module, Map.of()).get(name);
    }

    /** A recorded integer, exactly; anything else (a fraction, 2^53 or beyond, NaN) is an error. */
    public static long exact(String value, String what) {
        long plain = plainInteger(value);
        if (plain != NOT_PLAIN) {
            return plain;
        }
        try {
            BigDecimal d = new BigDecimal(value);
            long v = d.longValueExact();
            if (Math.abs(v) >= (1L << 53)) {
                throw new ArithmeticException("beyond 2^53");
            }
            return v;
        } catch (ArithmeticException | NumberFormatException e) {
            throw new OmnetppException(what + " = '" + value + "' is not an exact integer below 2^53 in the result files");
        }
    }

    private void readScalars(Path file) {
        try (BufferedReader in = Files.newBufferedReader(file, StandardCharsets.UTF_8)) {
            Map<String, String> bins = null;
            String line;
            while ((line = in.readLine()) != null) {
                if (line.startsWith("scalar ")) {
                    List<String> f = fields(line);
                    scalars.computeIfAbsent(f.get(1), k -> new LinkedHashMap<>()).put(f.get(2), f.get(3));
                    bins = null;
                } else if (line.startsWith("statistic ")) {
                    List<String> f = fields(line);
                    bins = new LinkedHashMap<>();
                    histograms.computeIfAbsent(f.get(1), k -> new LinkedHashMap<>()).put(f.get(2), new Histogram(bins));
                } else if (line.startsWith("bin") && bins != null) {
                    List<String> f = fields(line);
                    bins.put(f.get(1), f.get(2));
                } else if (!line.startsWith("field") && !line.startsWith("attr") && !line.startsWith("itervar")) {
                    bins = null;
                }
            }
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read " + file + ": " + e.getMessage(), e);
        }
    }

    private void readVectors(Path file) {
        List<List<Entry>> byId = new ArrayList<>();  // OMNeT++ numbers vectors 0, 1, 2, ...
        try (BufferedReader in = Files.newBufferedReader(file, StandardCharsets.UTF_8)) {
            String line;
            while ((line = in.readLine()) != null) {
                if (line.isEmpty()) {
                    continue;
                }
                char c = line.charAt(0);
                if (c >= '0' && c <= '9') {
                    dataLine(file, line, byId);
                } else if (line.startsWith("vector ")) {
                    List<String> f = fields(line);
                    if (!f.get(4).equals("ETV")) {
                        throw new OmnetppException(file + ": vector " + f.get(3) + " has columns " + f.get(4)
                                + ", expected ETV (event, time, value)");
                    }
                    List<Entry> entries = new ArrayList<>();
                    int id = Integer.parseInt(f.get(1));
                    while (byId.size() <= id) {
                        byId.add(null);
                    }
                    byId.set(id, entries);
                    vectors.computeIfAbsent(f.get(2), k -> new LinkedHashMap<>()).put(f.get(3), entries);
                }
            }
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read " + file + ": " + e.getMessage(), e);
        }
    }

    /** "id TAB event TAB time TAB value", read without splitting: a long run's file has millions. */
    private static void dataLine(Path file, String line, List<List<Entry>> byId) {
        int t1 = line.indexOf('\t');
        int t2 = t1 < 0 ? -1 : line.indexOf('\t', t1 + 1);
        int t3 = t2 < 0 ? -1 : line.indexOf('\t', t2 + 1);
        long id = t1 < 0 ? NOT_PLAIN : plainInteger(line, 0, t1);
        long event = t2 < 0 ? NOT_PLAIN : plainInteger(line, t1 + 1, t2);
        if (t3 < 0 || id == NOT_PLAIN || event == NOT_PLAIN) {
            throw new OmnetppException(file + ": not a vector data line (id, event, time, value): " + line);
        }
        List<Entry> entries = id >= 0 && id < byId.size() ? byId.get((int) id) : null;
        if (entries == null) {
            throw new OmnetppException(file + ": data of an undeclared vector: " + line);
        }
        long ps = plainSecondsPs(line, t2 + 1, t3);
        if (ps == NOT_PLAIN) {
            ps = timePs(line.substring(t2 + 1, t3));
        }
        entries.add(new Entry(event, ps, line.substring(t3 + 1)));
    }

    /** OMNeT++'s fixed-point seconds ("0.000123456789012") to picoseconds, exactly. */
    static long timePs(String seconds) {
        long fast = plainSecondsPs(seconds);
        return fast != NOT_PLAIN ? fast : new BigDecimal(seconds).movePointRight(12).longValueExact();
    }

    // A results file of a long run holds millions of numbers; BigDecimal made reading
    // them take a second. The fast paths below take the forms OMNeT++ writes for
    // integers and fixed-point times and give NOT_PLAIN for anything else (an
    // exponent, a fraction of a value, too many digits), which BigDecimal then reads.
    private static final long NOT_PLAIN = Long.MIN_VALUE;
    private static final int MAX_PLAIN_DIGITS = 15;  // below 2^53 with room to spare

    /** "-?[0-9]{1,15}" as a long, else NOT_PLAIN. */
    static long plainInteger(String s) {
        return plainInteger(s, 0, s.length());
    }

    /** {@link #plainInteger(String)} of s[from, to). */
    static long plainInteger(String s, int from, int to) {
        boolean negative = from < to && s.charAt(from) == '-';
        int i = negative ? from + 1 : from;
        if (to - i < 1 || to - i > MAX_PLAIN_DIGITS) {
            return NOT_PLAIN;
        }
        long v = 0;
        for (; i < to; i++) {
            char c = s.charAt(i);
            if (c < '0' || c > '9') {
                return NOT_PLAIN;
            }
            v = v * 10 + (c - '0');
        }
        return negative ? -v : v;
    }

    /** "[0-9]{1,3}(.[0-9]{1,12})?" seconds as picoseconds, else NOT_PLAIN. */
    static long plainSecondsPs(String s) {
        return plainSecondsPs(s, 0, s.length());
    }

    /** {@link #plainSecondsPs(String)} of s[from, to). */
    static long plainSecondsPs(String s, int from, int to) {
        int dot = s.indexOf('.', from);
        int wholeEnd = dot < 0 || dot >= to ? to : dot;
        if (wholeEnd - from < 1 || wholeEnd - from > 3 || s.charAt(from) == '-') {
            return NOT_PLAIN;
        }
        long ps = plainInteger(s, from, wholeEnd);
        if (ps == NOT_PLAIN) {
            return NOT_PLAIN;
        }
        long frac = 0;
        int digits = 0;
        if (wholeEnd < to) {
            digits = to - wholeEnd - 1;
            if (digits < 1 || digits > 12) {
                return NOT_PLAIN;
            }
            frac = plainInteger(s, wholeEnd + 1, to);
            if (frac == NOT_PLAIN || frac < 0) {
                return NOT_PLAIN;
            }
        }
        for (int k = digits; k < 12; k++) {
            frac *= 10;
        }
        return ps * 1_000_000_000_000L + frac;
    }

    /** Splits a result-file line on whitespace, honouring OMNeT++'s double quotes and backslash escapes. */
    static List<String> fields(String line) {
        List<String> out = new ArrayList<>();
        StringBuilder cur = new StringBuilder();
        boolean quoted = false;
        boolean any = false;
        for (int i = 0; i < line.length(); i++) {
            char c = line.charAt(i);
            if (quoted) {
                if (c == '\\' && i + 1 < line.length()) {
                    cur.append(line.charAt(++i));
                } else if (c == '"') {
                    quoted = false;
                } else {
                    cur.append(c);
                }
            } else if (c == '"') {
                quoted = true;
                any = true;
            } else if (c == ' ' || c == '\t') {
                if (any) {
                    out.add(cur.toString());
                    cur.setLength(0);
                    any = false;
                }
            } else {
                cur.append(c);
                any = true;
            }
        }
        if (any) {
            out.add(cur.toString());
        }
        return out;
    }
}
