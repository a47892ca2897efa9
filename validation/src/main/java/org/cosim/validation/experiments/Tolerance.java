package org.cosim.validation.experiments;

import java.util.Locale;
import java.util.function.DoublePredicate;

/**
 * What a reproduced value must satisfy to pass, and how the report states it.
 * The bounds are the headline results' tolerances of the protocol pages
 * (docs/timely.md, docs/ndp.md, docs/poseidon-swift.md), or, where those give
 * none, ours, and the text says so. NaN never passes.
 */
public record Tolerance(String text, DoublePredicate test) {
    public boolean accepts(double value) {
        return !Double.isNaN(value) && test.test(value);
    }

    public static Tolerance atLeast(double min, String unit) {
        return new Tolerance(">= " + fmt(min) + unit, v -> v >= min);
    }

    public static Tolerance atMost(double max, String unit) {
        return new Tolerance("<= " + fmt(max) + unit, v -> v <= max);
    }

    public static Tolerance between(double min, double max, String unit) {
        return new Tolerance(fmt(min) + ".." + fmt(max) + unit, v -> v >= min && v <= max);
    }

    /** Within +-rel of target, e.g. within(66.7, 0.15, " Gb/s"). */
    public static Tolerance within(double target, double rel, String unit) {
        return new Tolerance(fmt(target) + unit + " +-" + fmt(rel * 100) + "%",
                v -> Math.abs(v - target) <= rel * Math.abs(target));
    }

    /** The same test with a different description (e.g. naming where the bound comes from). */
    public Tolerance described(String newText) {
        return new Tolerance(newText, test);
    }

    static String fmt(double v) {
        if (v == Math.rint(v) && Math.abs(v) < 1e15) {
            return Long.toString((long) v);
        }
        String s = String.format(Locale.ROOT, "%.3g", v);
        return s.contains("e") ? s : s.replaceAll("\\.?0+$", "");
    }
}
