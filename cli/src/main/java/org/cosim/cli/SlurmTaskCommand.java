package org.cosim.cli;

import java.io.PrintStream;
import java.net.InetAddress;
import java.net.UnknownHostException;
import java.nio.file.Path;
import java.util.List;
import org.cosim.cli.slurm.PlanFile;
import org.cosim.cli.slurm.StudyDir;

/**
 * `cosim slurm-task DIR SUBMISSION TASK`, what a task of a study's job array runs (ArrayScript; not listed among
 * the commands): the points of line TASK of submission SUBMISSION's tasks file, one after the other, each through
 * the study's own code for one point (the sweep's or the validation's), so its files are those a local run
 * writes. A point's outcome is recorded whether its run completes or fails; SIGTERM (scancel, preemption) stops
 * the run and leaves the point pending, for --resume.
 */
final class SlurmTaskCommand implements Command {
    /** A study's code for one point: runs it, writes its results and outcome; returns why it failed, or null. */
    interface PointTask {
        String run(String point, StopOnSignal stop, PrintStream err);
    }

    @Override
    public String name() {
        return "slurm-task";
    }

    @Override
    public String summary() {
        return null;  // internal: not listed
    }

    @Override
    public int run(String[] args, PrintStream out, PrintStream err) {
        if (args.length != 3) {
            throw new UsageException("usage: cosim slurm-task DIR SUBMISSION TASK (run by a study's job array)");
        }
        StudyDir dir = new StudyDir(Path.of(args[0]));
        PlanFile plan = PlanFile.read(dir);
        List<String> points = dir.taskPoints(Integer.parseInt(args[1]), Integer.parseInt(args[2]));
        String kind = plan.get("kind");
        PointTask task = switch (kind) {
            case SweepOnSlurm.KIND -> SweepOnSlurm.task(dir, plan);
            case ValidateOnSlurm.KIND -> ValidateOnSlurm.task(dir, plan);
            default -> throw new UsageException(dir.plan() + ": unknown kind of study '" + kind + "'");
        };
        String who = System.getenv().getOrDefault("SLURM_ARRAY_JOB_ID", "?") + "_"
                + System.getenv().getOrDefault("SLURM_ARRAY_TASK_ID", args[2]) + " on " + host();
        try (StopOnSignal stop = new StopOnSignal(err, "the task's point")) {
            for (String p : points) {
                if (stop.requested()) {
                    break;
                }
                dir.starting(p, who);
                String failure;
                try {
                    failure = task.run(p, stop, err);
                } catch (RuntimeException e) {
                    failure = e.toString();
                }
                dir.clearScratch(p);
                if (stop.requested()) {
                    dir.abandoned(p);
                    err.println("cosim slurm-task: " + p + ": stopped by a signal; left pending (--resume runs it)");
                    break;
                }
                dir.ended(p, failure);
                err.println("cosim slurm-task: " + p + ": " + (failure == null ? "done" : "FAILED (" + failure
                        + ")"));
            }
        }
        return 0;
    }

    private static String host() {
        try {
            return InetAddress.getLocalHost().getHostName();
        } catch (UnknownHostException e) {
            return "?";
        }
    }
}
