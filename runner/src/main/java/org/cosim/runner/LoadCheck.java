package org.cosim.runner;

import java.io.PrintStream;
import java.util.List;
import java.util.function.Consumer;
import org.cosim.scenario.ScenarioException;
import org.cosim.setup.RunSetup;
import org.cosim.setup.workload.OfferedLoad;

/**
 * The offered-load check run, sweep, validate and compare make before a run (docs/getting-started.md): a link class
 * whose most loaded link the workload offers more than its rate ({@link OfferedLoad}) gets a warning, or, with
 * --strict-load, the scenario is refused. A workload with {@code overload_intended} is not checked.
 */
public final class LoadCheck {
    private LoadCheck() {}

    /** Prints a warning line per overloaded link class on {@code err}, or, strict, refuses (see the other). */
    public static void check(RunSetup setup, String prefix, boolean strict, PrintStream err) {
        check(setup, prefix, strict, (Consumer<String>) err::println);
    }

    /**
     * Hands {@code warn} a warning line per overloaded link class, each after {@code prefix} (e.g. "cosim run");
     * with {@code strict}, throws a ScenarioException on the workload instead.
     */
    public static void check(RunSetup setup, String prefix, boolean strict, Consumer<String> warn) {
        if (setup.scenario().getWorkload().getOverloadIntended()) {
            return;
        }
        List<OfferedLoad.LinkLoad> over = setup.offeredLoad().overloaded();
        if (over.isEmpty()) {
            return;
        }
        if (strict) {
            throw new ScenarioException("workload", String.join("; ", over.stream().map(LoadCheck::describe)
                    .toList()) + ": more than the links carry (--strict-load); lower the load, or set "
                    + "workload.overload_intended: true if the overload is the point");
        }
        for (OfferedLoad.LinkLoad l : over) {
            warn.accept(prefix + ": warning: " + describe(l) + "; the run will overload them "
                    + "(workload.overload_intended: true says it is meant to)");
        }
    }

    /** "offered load 129% of the ToR -> spine links (worst: tor[0] -> spine[1])". */
    static String describe(OfferedLoad.LinkLoad l) {
        return "offered load " + l.percent() + "% of the " + l.linkClass() + " (worst: " + l.from() + " -> "
                + l.to() + ")";
    }
}
