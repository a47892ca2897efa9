package org.cosim.cli.sweep;

import java.math.BigDecimal;
import java.math.RoundingMode;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.cosim.scenario.ScenarioException;

/**
 * One varied scenario field of a sweep: {@code field.path=v1,v2,...} (the path and
 * values of a --set override). Values split at commas outside braces, brackets and
 * quotes, so a message-typed value may hold commas:
 * {@code protocol.swift={ai: 1, beta: 0.5},{ai: 2, beta: 0.5}}. A value
 * {@code a..b} stands for the whole numbers from a to b, {@code a..b:step} for
 * a, a + step, ... up to b (exact decimal steps: 0.1..0.3:0.1 is 0.1, 0.2, 0.3).
 */
public record SweepAxis(String path, List<String> values) {
    private static final Pattern RANGE =
            Pattern.compile("(-?\\d+(?:\\.\\d+)?)\\.\\.(-?\\d+(?:\\.\\d+)?)(?::(-?\\d+(?:\\.\\d+)?))?");

    public SweepAxis {
        values = List.copyOf(values);
    }

    public static SweepAxis parse(String spec) {
        int eq = spec.indexOf('=');
        if (eq <= 0) {
            throw new ScenarioException(spec, "a varied field must look like field.path=value1,value2,...");
        }
        String path = spec.substring(0, eq).trim();
        List<String> values = split(spec.substring(eq + 1), path);
        return new SweepAxis(path, values);
    }

    /** The name the field goes by in tables: its last path segment, e.g. senders, params[ai]. */
    public String label() {
        int dot = path.lastIndexOf('.', path.indexOf('[') < 0 ? path.length() : path.indexOf('['));
        return path.substring(dot + 1);
    }

    private static List<String> split(String text, String path) {
        List<String> values = new ArrayList<>();
        int depth = 0;
        boolean quoted = false;
        int from = 0;
        for (int i = 0; i < text.length(); i++) {
            char c = text.charAt(i);
            if (c == '"' && (i == 0 || text.charAt(i - 1) != '\\')) {
                quoted = !quoted;
            } else if (!quoted && (c == '{' || c == '[')) {
                depth++;
            } else if (!quoted && (c == '}' || c == ']')) {
                depth--;
            } else if (!quoted && depth == 0 && c == ',') {
                values.addAll(expand(value(text.substring(from, i), path), path));
                from = i + 1;
            }
        }
        if (depth != 0 || quoted) {
            throw new ScenarioException(path, "unbalanced braces or quotes in the values '" + text + "'");
        }
        values.addAll(expand(value(text.substring(from), path), path));
        if (values.size() != values.stream().distinct().count()) {
            throw new ScenarioException(path, "a value is listed twice in '" + text + "'");
        }
        return values;
    }

    /** A range a..b or a..b:step as its values; any other value as itself. */
    private static List<String> expand(String v, String path) {
        Matcher m = RANGE.matcher(v);
        if (!m.matches()) {
            return List.of(v);
        }
        BigDecimal from = new BigDecimal(m.group(1));
        BigDecimal to = new BigDecimal(m.group(2));
        BigDecimal step = m.group(3) == null ? BigDecimal.ONE : new BigDecimal(m.group(3));
        if (step.signum() <= 0 || to.compareTo(from) < 0) {
            throw new ScenarioException(path, "the range '" + v + "' must run upwards with a step > 0");
        }
        if (to.subtract(from).divide(step, 0, RoundingMode.FLOOR).compareTo(BigDecimal.valueOf(SweepPlan.MAX_POINTS))
                >= 0) {
            throw new ScenarioException(path, "the range '" + v + "' has more than " + SweepPlan.MAX_POINTS
                    + " values");
        }
        List<String> values = new ArrayList<>();
        for (BigDecimal x = from; x.compareTo(to) <= 0; x = x.add(step)) {
            values.add(x.toPlainString());
        }
        return values;
    }

    private static String value(String v, String path) {
        String t = v.trim();
        if (t.isEmpty()) {
            throw new ScenarioException(path, "an empty value in the list (values are separated by commas)");
        }
        return t;
    }
}
