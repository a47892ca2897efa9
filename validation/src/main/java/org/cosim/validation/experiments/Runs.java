package org.cosim.validation.experiments;

import org.cosim.runner.results.RunResults;

/** The results of an experiment's runs on one back end, by run. */
public interface Runs {
    /** The run's results; throws if the run is not available (see {@link #has}). */
    RunResults of(PaperRun run);

    /** Whether the run ran (a full-only run does not in --quick). */
    boolean has(PaperRun run);
}
