package org.cosim.runner.results;

import java.math.BigDecimal;
import java.math.MathContext;

/**
 * A minimal, deterministic JSON writer: keys in the order written, two-space
 * indentation, doubles with 6 significant digits, NaN and infinities as null.
 * Enough for summary files; no reflection, no surprises in the bytes.
 */
public final class JsonWriter {
    private final StringBuilder out = new StringBuilder();
    private int depth;
    private boolean first = true;

    public JsonWriter beginObject() {
        value("{");
        depth++;
        first = true;
        return this;
    }

    public JsonWriter beginObject(String key) {
        key(key);
        return beginObjectInline();
    }

    private JsonWriter beginObjectInline() {
        out.append('{');
        depth++;
        first = true;
        return this;
    }

    public JsonWriter endObject() {
        depth--;
        if (!first) {
            newline();
        }
        out.append('}');
        first = false;
        return this;
    }

    public JsonWriter field(String key, String value) {
        key(key);
        out.append(value == null ? "null" : quote(value));
        return this;
    }

    public JsonWriter field(String key, long value) {
        key(key);
        out.append(value);
        return this;
    }

    /** A uint64 held in a long (the scenario's seed): written as the unsigned number it is. */
    public JsonWriter fieldUnsigned(String key, long value) {
        key(key);
        out.append(Long.toUnsignedString(value));
        return this;
    }

    public JsonWriter field(String key, boolean value) {
        key(key);
        out.append(value);
        return this;
    }

    public JsonWriter field(String key, double value) {
        key(key);
        out.append(number(value));
        return this;
    }

    public JsonWriter field(String key, double[] values) {
        key(key);
        out.append('[');
        for (int i = 0; i < values.length; i++) {
            out.append(i == 0 ? "" : ", ").append(number(values[i]));
        }
        out.append(']');
        return this;
    }

    public static String number(double v) {
        if (Double.isNaN(v) || Double.isInfinite(v)) {
            return "null";
        }
        if (v == Math.rint(v) && Math.abs(v) < 1e15) {
            return Long.toString((long) v);
        }
        return new BigDecimal(v).round(new MathContext(6)).stripTrailingZeros().toPlainString();
    }

    private void key(String key) {
        if (!first) {
            out.append(',');
        }
        newline();
        out.append(quote(key)).append(": ");
        first = false;
    }

    private void value(String s) {
        out.append(s);
    }

    private void newline() {
        out.append('\n');
        out.append("  ".repeat(depth));
    }

    private static String quote(String s) {
        StringBuilder b = new StringBuilder("\"");
        for (char c : s.toCharArray()) {
            switch (c) {
                case '"' -> b.append("\\\"");
                case '\\' -> b.append("\\\\");
                case '\n' -> b.append("\\n");
                case '\t' -> b.append("\\t");
                case '\r' -> b.append("\\r");
                default -> {
                    if (c < 0x20) {
                        b.append(String.format("\\u%04x", (int) c));
                    } else {
                        b.append(c);
                    }
                }
            }
        }
        return b.append('"').toString();
    }

    @Override
    public String toString() {
        return out.toString() + "\n";
    }
}
