package org.cosim.validation.omnetpp;

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
        Map<Long, List<Entry>> byId = new LinkedHashMap<>();
        try (BufferedReader in = Files.newBufferedReader(file, StandardCharsets.UTF_8)) {
            String line;
            while ((line = in.readLine()) != null) {
                if (line.isEmpty()) {
                    continue;
                }
                char c = line.charAt(0);
                if (c >= '0' && c <= '9') {
                    String[] f = line.split("\t");
                    List<Entry> entries = byId.get(Long.parseLong(f[0]));
                    if (entries == null) {
                        throw new OmnetppException(file + ": data of an undeclared vector: " + line);
                    }
                    entries.add(new Entry(Long.parseLong(f[1]), timePs(f[2]), f[3]));
                } else if (line.startsWith("vector ")) {
                    List<String> f = fields(line);
                    if (!f.get(4).equals("ETV")) {
                        throw new OmnetppException(file + ": vector " + f.get(3) + " has columns " + f.get(4)
                                + ", expected ETV (event, time, value)");
                    }
                    List<Entry> entries = new ArrayList<>();
                    byId.put(Long.parseLong(f.get(1)), entries);
                    vectors.computeIfAbsent(f.get(2), k -> new LinkedHashMap<>()).put(f.get(3), entries);
                }
            }
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read " + file + ": " + e.getMessage(), e);
        }
    }

    /** OMNeT++'s fixed-point seconds ("0.000123456789012") to picoseconds, exactly. */
    static long timePs(String seconds) {
        return new BigDecimal(seconds).movePointRight(12).longValueExact();
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
