package org.cosim.cli.slurm;

import java.util.Locale;

/**
 * Where a point of a study submitted to SLURM stands, as the files its task writes say ({@link StudyDir#state}):
 * its results complete, its run failed, its task working on it, or nothing yet (waiting in the queue, or its task
 * ended without results: cancelled, preempted, killed).
 */
public enum PointState {
    DONE, FAILED, RUNNING, PENDING;

    /** Whether the point has an outcome (complete or failed) that a collection reads. */
    public boolean ended() {
        return this == DONE || this == FAILED;
    }

    public String label() {
        return name().toLowerCase(Locale.ROOT);
    }
}
