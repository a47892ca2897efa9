package org.cosim.validation.experiments;

import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;

/**
 * The papers' checks as the experiments define them, for tests that apply a paper's
 * bound to a run of their own (another size, another scenario): the bound is the
 * check's, at --quick scale, so it is written once, in the experiment.
 */
public final class PaperChecks {
    private PaperChecks() {}

    /** The check of experiment {@code id} whose result text is {@code result}. */
    public static Check check(String id, String result) {
        Experiment e = Experiments.all().stream().filter(x -> x.id().equals(id)).findFirst()
                .orElseThrow(() -> new IllegalArgumentException("no experiment " + id));
        List<Check> found = e.checks().stream().filter(c -> c.result().equals(result)).toList();
        if (found.size() != 1) {
            throw new IllegalArgumentException(id + " has " + found.size() + " checks named \"" + result + "\"");
        }
        return found.get(0);
    }

    /** Asserts that {@code value} lies within the check's --quick tolerance. */
    public static void assertWithinTolerance(Check check, double value, String what) {
        Tolerance t = check.tolerance(true);
        assertTrue(t.accepts(value), () -> what + ": " + value + check.unit() + ", outside " + t.text() + " ("
                + check.result() + ", paper " + check.paper() + ")");
    }
}
