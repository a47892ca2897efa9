package org.cosim.validation.validate;

import org.cosim.runner.Backend;
import org.cosim.validation.experiments.PaperRun;

/**
 * One simulation of a validation on one back end: where its results went, how
 * long it took, and whether it failed or could not run ({@code notRun}: why).
 * {@code note}: anything the runner changed (a coarser time series, to keep files small).
 */
public record RunRecord(PaperRun run, Backend backend, String dir, double wallSeconds, double simulatedMs,
                        String failure, String notRun, String note) {
    public boolean ok() {
        return failure == null && notRun == null;
    }
}
