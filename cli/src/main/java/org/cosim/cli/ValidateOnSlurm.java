package org.cosim.cli;

import org.cosim.cli.slurm.PlanFile;
import org.cosim.cli.slurm.StudyDir;

final class ValidateOnSlurm {
    static final String KIND = "validate";

    static SlurmTaskCommand.PointTask task(StudyDir dir, PlanFile plan) {
        throw new UnsupportedOperationException();
    }
}
