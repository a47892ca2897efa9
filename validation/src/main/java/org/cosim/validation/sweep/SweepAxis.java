package org.cosim.validation.sweep;

import java.util.ArrayList;
import java.util.List;
import org.cosim.scenario.ScenarioException;

/**
 * One varied scenario field of a sweep: {@code field.path=v1,v2,...} (the path and
 * values of a --set override). Values split at commas outside braces, brackets and
 * quotes, so a message-typed value may hold commas:
 * {@code protocol.swift={ai: 1, beta: 0.5},{ai: 2, beta: 0.5}}.
 */
public record SweepAxis(String path, List<String> values) {
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
                values.add(value(text.substring(from, i), path));
                from = i + 1;
            }
        }
        if (depth != 0 || quoted) {
            throw new ScenarioException(path, "unbalanced braces or quotes in the values '" + text + "'");
        }
        values.add(value(text.substring(from), path));
        if (values.size() != values.stream().distinct().count()) {
            throw new ScenarioException(path, "a value is listed twice in '" + text + "'");
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
