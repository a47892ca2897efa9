package org.cosim.cli.slurm;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * SLURM's commands, run as processes: {@code sbatch --parsable} submits a job array and gives its id, {@code
 * squeue} says which of a study's jobs still have tasks queued or running. They use the cluster's configuration
 * as any command on the machine would (SLURM_CONF, the default slurm.conf).
 */
public final class Slurm {
    /** The outcome of a command: its exit status and its output (stdout and stderr together). */
    private record Result(int status, String output) { }

    private Slurm() {}

    /**
     * Submits {@code script} with {@code options} (--slurm-opts, split at spaces) before it; returns the job id.
     * A SlurmException with sbatch's message when it refuses.
     */
    public static String submit(Path script, List<String> options) {
        List<String> cmd = new ArrayList<>(List.of("sbatch", "--parsable"));
        cmd.addAll(options);
        cmd.add(script.toString());
        Result r = run(cmd);
        String id = r.output().strip();
        if (r.status() != 0 || !id.matches("[0-9]+(;.*)?")) {
            throw new SlurmException("sbatch refused the job array (" + String.join(" ", cmd) + "): "
                    + r.output().strip(), null);
        }
        return id.split(";")[0];  // "ID;CLUSTER" on a federation
    }

    /**
     * Whether any of {@code jobs} has tasks still queued or running. A job SLURM has forgotten makes squeue fail
     * with "Invalid job id": not alive; any other failure (the controller out of reach for a moment) counts as
     * alive, since the points' files, not squeue, say when they are done.
     */
    public static boolean alive(List<String> jobs) {
        if (jobs.isEmpty()) {
            return false;
        }
        Result r = run(List.of("squeue", "-h", "-o", "%i", "-j", String.join(",", jobs)));
        return r.status() == 0 ? !r.output().isBlank() : !r.output().contains("Invalid job id");
    }

    /** Why sbatch cannot submit from here (not installed, or no cluster configuration); empty when it can. */
    public static Optional<String> unavailable() {
        try {
            Result r = run(List.of("sbatch", "--version"));
            return r.status() == 0 ? Optional.empty()
                    : Optional.of("sbatch --version fails: " + r.output().strip().replace('\n', ' '));
        } catch (SlurmException e) {
            return Optional.of(e.getMessage());
        }
    }

    private static Result run(List<String> cmd) {
        ProcessBuilder pb = new ProcessBuilder(cmd).redirectErrorStream(true);
        try {
            Process p = pb.start();
            String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
            return new Result(p.waitFor(), out);
        } catch (IOException e) {
            throw new SlurmException("cannot run " + cmd.get(0) + " (is SLURM installed here?): "
                    + e.getMessage(), e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new SlurmException("interrupted while running " + cmd.get(0), e);
        }
    }

    /** --slurm-opts: sbatch options separated by spaces (no quoting: an option with a space is not one of them). */
    public static List<String> options(String text) {
        return text == null || text.isBlank() ? List.of() : List.of(text.strip().split("\\s+"));
    }
}
