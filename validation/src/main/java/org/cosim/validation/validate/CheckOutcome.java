package org.cosim.validation.validate;

import java.util.List;
import org.cosim.runner.Backend;
import org.cosim.validation.experiments.Check;
import org.cosim.validation.experiments.Tolerance;

/**
 * One headline result across the back ends run: each back end's value and
 * verdict, the overall verdict (FAIL if any back end fails; PASS if one passes
 * and none fails), and, when two back ends produced values, whether they agree.
 */
public record CheckOutcome(Check check, Tolerance tolerance, List<Value> values, Verdict verdict, String agreement) {
    /** One back end's value ({@code NaN} when not run or not computable) and why it is what it is. */
    public record Value(Backend backend, double value, Verdict verdict, String note) {}

    /** The most telling verdict among the back ends': FAIL, then a deviation, a pass, not checked, not run. */
    static Verdict combine(List<Value> values) {
        for (Verdict v : new Verdict[] {Verdict.FAIL, Verdict.DEVIATION, Verdict.PASS, Verdict.NOT_CHECKED}) {
            if (values.stream().anyMatch(x -> x.verdict() == v)) {
                return v;
            }
        }
        return Verdict.NOT_RUN;
    }

    /** "identical", "differ by x%" or null (fewer than two values). */
    static String agreement(List<Value> values) {
        List<Value> numbers = values.stream().filter(v -> !Double.isNaN(v.value())).toList();
        if (numbers.size() < 2) {
            return null;
        }
        double a = numbers.get(0).value();
        double b = numbers.get(1).value();
        double scale = Math.max(Math.abs(a), Math.abs(b));
        if (Math.abs(a - b) <= 1e-9 * scale) {
            return "identical";
        }
        return String.format(java.util.Locale.ROOT, "differ by %.3g%%", 100 * Math.abs(a - b) / scale);
    }
}
