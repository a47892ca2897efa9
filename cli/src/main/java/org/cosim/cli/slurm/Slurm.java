package org.cosim.cli.slurm;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

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
     * An IllegalStateException with sbatch's message when it refuses.
     */
    public static String submit(Path script, List<String> options) {
        List<String> cmd = new ArrayList<>(List.of("sbatch", "--parsable"));
        cmd.addAll(options);
        cmd.add(script.toString());
        Result r = run(cmd);
        String id = r.output().strip();
        if (r.status() != 0 || !id.matches("[0-9]+(;.*)?")) {
            throw new IllegalStateException("sbatch refused the job array (" + String.join(" ", cmd) + "): "
                    + r.output().strip());
        }
        return id.split(";")[0];  // "ID;CLUSTER" on a federation
    }

    /** Whether any of {@code jobs} has tasks still queued or running. */
    public static boolean alive(List<String> jobs) {
        if (jobs.isEmpty()) {
            return false;
        }
        // A job SLURM has forgotten makes squeue fail ("Invalid job id"): it is not alive.
        Result r = run(List.of("squeue", "-h", "-o", "%i", "-j", String.join(",", jobs)));
        return r.status() == 0 && !r.output().isBlank();
    }

    /** Whether sbatch is on the PATH. */
    public static boolean available() {
        try {
            return run(List.of("sbatch", "--version")).status() == 0;
        } catch (IllegalStateException e) {
            return false;
        }
    }

    private static Result run(List<String> cmd) {
        ProcessBuilder pb = new ProcessBuilder(cmd).redirectErrorStream(true);
        try {
            Process p = pb.start();
            String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
            return new Result(p.waitFor(), out);
        } catch (IOException e) {
            throw new IllegalStateException("cannot run " + cmd.get(0) + " (is SLURM installed here?): "
                    + e.getMessage(), e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted while running " + cmd.get(0), e);
        }
    }

    /** --slurm-opts: sbatch options separated by spaces (no quoting: an option with a space is not one of them). */
    public static List<String> options(String text) {
        return text == null || text.isBlank() ? List.of() : List.of(text.strip().split("\\s+"));
    }
}
