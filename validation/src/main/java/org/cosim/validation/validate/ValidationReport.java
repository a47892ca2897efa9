package org.cosim.validation.validate;

import java.util.List;
import org.cosim.runner.Backend;

/**
 * Everything `cosim validate` found: how it was run (the command, the date,
 * quick or full, the back ends, the machine), the outcome of every experiment
 * finished, the ids of those still to run (none once the validation is over: the
 * report is written after each experiment, so one that stops keeps the rest), and
 * the wall time so far.
 */
public record ValidationReport(String command, String date, boolean quick, List<Backend> backends, String machine,
                               List<ExperimentOutcome> experiments, List<String> pending, double wallSeconds) {
    public ValidationReport {
        experiments = List.copyOf(experiments);
        pending = List.copyOf(pending);
    }

    /** Whether every chosen experiment has finished. */
    public boolean complete() {
        return pending.isEmpty();
    }

    public long count(Verdict v) {
        return experiments.stream().flatMap(e -> e.checks().stream()).filter(c -> c.verdict() == v).count();
    }

    public boolean failed() {
        return experiments.stream().anyMatch(ExperimentOutcome::failed);
    }
}
