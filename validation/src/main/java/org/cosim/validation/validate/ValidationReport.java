package org.cosim.validation.validate;

import java.util.List;

/**
 * Everything `cosim validate` found: how it was run (the command, the date,
 * quick or full, the back ends, the machine), the outcome of every experiment,
 * and the total wall time.
 */
public record ValidationReport(String command, String date, boolean quick, List<String> backends, String machine,
                               List<ExperimentOutcome> experiments, double wallSeconds) {
    public long count(Verdict v) {
        return experiments.stream().flatMap(e -> e.checks().stream()).filter(c -> c.verdict() == v).count();
    }

    public boolean failed() {
        return experiments.stream().anyMatch(ExperimentOutcome::failed);
    }
}
