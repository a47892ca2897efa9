package org.cosim.cli.slurm;

/** A SLURM command failed or refused (sbatch, squeue): its message says which and why. Exit status 1. */
public final class SlurmException extends RuntimeException {
    private static final long serialVersionUID = 1L;

    public SlurmException(String message, Throwable cause) {
        super(message, cause);
    }
}
