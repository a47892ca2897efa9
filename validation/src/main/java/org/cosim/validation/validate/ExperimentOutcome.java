package org.cosim.validation.validate;

import java.util.List;
import java.util.Map;
import org.cosim.runner.Backend;
import org.cosim.validation.experiments.Experiment;

/** An experiment's results: its checks, its runs on every back end, and its figures (per back end, relative paths). */
public record ExperimentOutcome(Experiment experiment, List<CheckOutcome> checks, List<RunRecord> runs,
                                Map<Backend, String> plots) {
    public boolean failed() {
        return checks.stream().anyMatch(c -> c.verdict() == Verdict.FAIL)
                || runs.stream().anyMatch(r -> r.failure() != null);
    }
}
