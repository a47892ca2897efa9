package org.cosim.validation.experiments;

import java.util.function.ToDoubleFunction;

/**
 * One headline result of a paper, as the report shows it: what is measured, the
 * paper's value, the tolerance, and how to compute the value from the runs.
 *
 * <p>A check may not apply at the --quick scale ({@code quickSkip}: why), or
 * need a looser bound there ({@code quickTolerance}); it may know why this
 * simulator differs from the paper ({@code deviation}, shown with a failing
 * value), or have that reason accepted as the simulator's answer ({@code
 * accepted}: reported as a known deviation in every mode). A check with {@code missing} set cannot run at all (a baseline with no
 * agent); the report lists it as "not run: missing" and it counts neither as a
 * pass nor as a failure.
 */
public record Check(String result, String paper, Tolerance tolerance, String unit, ToDoubleFunction<Runs> metric,
                    Tolerance quickTolerance, String quickSkip, String deviation, Tolerance knownRange,
                    boolean accepted, String missing) {

    public static Check of(String result, String paper, Tolerance tolerance, String unit,
                           ToDoubleFunction<Runs> metric) {
        return new Check(result, paper, tolerance, unit, metric, null, null, null, null, false, null);
    }

    /** A result this simulator cannot produce, e.g. notRun("MPTCP ...", "10x", "no MPTCP agent"). */
    public static Check notRun(String result, String paper, String why) {
        return new Check(result, paper, null, "", null, null, null, null, null, false, why);
    }

    /** Not checked in --quick, for this reason (reported as such). */
    public Check fullOnly(String why) {
        return new Check(result, paper, tolerance, unit, metric, quickTolerance, why, deviation, knownRange, accepted, missing);
    }

    /** Checked against {@code quick} in --quick, where the smaller scale shifts the value. */
    public Check inQuick(Tolerance quick) {
        return new Check(result, paper, tolerance, unit, metric, quick, quickSkip, deviation, knownRange, accepted, missing);
    }

    /**
     * Why this simulator's value lies outside the tolerance (docs/validation.md,
     * "Outside the tolerance, and why", has the details), and the range it is
     * known to lie in. A full validation reports such a value as a failure with
     * this reason; --quick, which guards against
     * regressions in CI, reports a value within {@code range} as a documented
     * deviation (not a pass, not a failure) and one outside it as a failure.
     */
    public Check deviation(String why, Tolerance range) {
        return new Check(result, paper, tolerance, unit, metric, quickTolerance, quickSkip, why, range, false, missing);
    }

    /**
     * As {@link #deviation}, with the deviation accepted as this simulator's
     * answer (docs/validation.md says who decided and on what evidence): a value
     * within {@code range} is a known deviation in the full validation too, not a
     * failure; one outside it still fails.
     */
    public Check accepted(String why, Tolerance range) {
        return new Check(result, paper, tolerance, unit, metric, quickTolerance, quickSkip, why, range, true, missing);
    }

    /** Whether a value within the known range is a known deviation in this mode. */
    public boolean deviationApplies(boolean quickMode) {
        return knownRange != null && (quickMode || accepted);
    }

    /** The tolerance that applies in the given mode. */
    public Tolerance tolerance(boolean quickMode) {
        return quickMode && quickTolerance != null ? quickTolerance : tolerance;
    }

    public boolean runnable() {
        return missing == null;
    }
}
