package org.cosim.validation.experiments;

import java.util.ArrayList;
import java.util.List;

/**
 * One simulation an experiment needs: a shipped scenario file (under scenarios/)
 * with overrides, as a person would run it ({@code ./cosim run scenarios/FILE
 * --set ...}), and the extra overrides that scale it down for {@code --quick}.
 * Experiments that need the same simulation share one PaperRun (same id), and a
 * validation runs it once.
 *
 * @param id    unique, a path-like name ("timely/incast"); also the results folder
 * @param label what the run is, in plots and tables ("TIMELY, gradient")
 */
public record PaperRun(String id, String label, String scenario, List<String> overrides, List<String> quickOverrides,
                       boolean fullOnly) {
    public PaperRun {
        overrides = List.copyOf(overrides);
        quickOverrides = List.copyOf(quickOverrides);
    }

    public PaperRun(String id, String label, String scenario, List<String> overrides, List<String> quickOverrides) {
        this(id, label, scenario, overrides, quickOverrides, false);
    }

    public static PaperRun of(String id, String label, String scenario, String... overrides) {
        return new PaperRun(id, label, scenario, List.of(overrides), List.of());
    }

    /** The same run with these overrides added for --quick (applied after the full-size ones). */
    public PaperRun quick(String... more) {
        List<String> q = new ArrayList<>(quickOverrides);
        q.addAll(List.of(more));
        return new PaperRun(id, label, scenario, overrides, q, fullOnly);
    }

    /** The same run, left out of --quick (too big to scale down meaningfully; its checks must be full-only). */
    public PaperRun notInQuick() {
        return new PaperRun(id, label, scenario, overrides, quickOverrides, true);
    }

    /** The overrides of the full or the quick version. */
    public List<String> overrides(boolean quickMode) {
        if (!quickMode) {
            return overrides;
        }
        List<String> all = new ArrayList<>(overrides);
        all.addAll(quickOverrides);
        return all;
    }

    /** The command line that reproduces the run by hand. */
    public String commandLine(boolean quickMode) {
        StringBuilder b = new StringBuilder("./cosim run scenarios/" + scenario);
        for (String o : overrides(quickMode)) {
            b.append(" --set ").append(o.matches("[A-Za-z0-9_.\\[\\]=:-]+") ? o : "'" + o + "'");
        }
        return b.toString();
    }
}
