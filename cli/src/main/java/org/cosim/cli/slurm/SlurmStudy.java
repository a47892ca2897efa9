package org.cosim.cli.slurm;

import java.io.IOException;
import java.io.PrintStream;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.EnumMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import org.cosim.cli.UsageException;

/**
 * A study's points on SLURM: submitting those given as one job array ({@link #submit}), and waiting for them with
 * their counts on the terminal ({@link #await}); what the points are and how they run is the study's (sweep or
 * validation) business.
 */
public final class SlurmStudy {
    /** How often the files are read while waiting. */
    static final long POLL_MILLIS = 2000;

    /** A point: its name (its files' names) and its estimated cost (simulated us x hosts; Chunking). */
    public record Point(String name, double cost) { }

    /**
     * --slurm-opts (sbatch's options), --slurm-chunk (points per task; 0: chosen by Chunking) and --detach (submit
     * and return).
     */
    public record Settings(List<String> sbatchOptions, int perTask, boolean detach) {
        public Settings {
            sbatchOptions = List.copyOf(sbatchOptions);
        }
    }

    /** The points of each state, in PointState order. */
    public record Counts(Map<PointState, Integer> byState) {
        public static Counts of(Map<String, PointState> states) {
            Map<PointState, Integer> m = new EnumMap<>(PointState.class);
            for (PointState s : PointState.values()) {
                m.put(s, 0);
            }
            states.values().forEach(s -> m.merge(s, 1, Integer::sum));
            return new Counts(m);
        }

        public int of(PointState s) {
            return byState.get(s);
        }

        /**
         * What a collection says of the points: the counts, and when some lack complete results, that {@code
         * resume} (the command that resumes the study) runs them again.
         */
        public String summary(String resume) {
            int total = byState.values().stream().mapToInt(Integer::intValue).sum();
            return line() + (of(PointState.DONE) == total ? ""
                    : "; `" + resume + "` runs again those without complete results");
        }

        /** "3 done, 1 failed, 2 running, 4 pending". */
        public String line() {
            StringBuilder b = new StringBuilder();
            byState.forEach((s, n) -> b.append(b.length() == 0 ? "" : ", ").append(n).append(' ').append(s.label()));
            return b.toString();
        }
    }

    private SlurmStudy() {}

    /** Refuses to submit without SLURM, or while an earlier submission into the directory is queued or running. */
    public static void checkSubmittable(StudyDir dir) {
        Slurm.unavailable().ifPresent(why -> {
            throw new UsageException("--slurm and --resume submit with sbatch, which does not work here: " + why);
        });
        if (dir.exists() && Slurm.alive(dir.jobs())) {
            throw new UsageException(dir.dir() + ": SLURM job " + String.join(",", dir.jobs()) + " of it is still "
                    + "queued or running (wait for it, or scancel it)");
        }
    }

    /** Each point's state, in the order given. */
    public static Map<String, PointState> states(StudyDir dir, List<String> points) {
        Map<String, PointState> m = new LinkedHashMap<>();
        points.forEach(p -> m.put(p, dir.state(p)));
        return m;
    }

    /**
     * Submits {@code points} (their inputs already under {@code dir}) as a job array in tasks chosen by {@link
     * Chunking}; returns the job id.
     */
    public static String submit(StudyDir dir, String jobName, List<Point> points, Settings settings,
                                PrintStream err) {
        int submission = dir.nextSubmission();
        List<List<String>> tasks = Chunking.tasks(points.stream().map(Point::name).toList(),
                points.stream().mapToDouble(Point::cost).toArray(), settings.perTask());
        dir.writeTasks(submission, tasks);
        try {
            Files.createDirectories(dir.logs());
        } catch (IOException e) {
            throw new UncheckedIOException("cannot make " + dir.logs() + ": " + e.getMessage(), e);
        }
        Map<String, String> env = new LinkedHashMap<>();
        String home = System.getenv("COSIM_HOME");
        if (home != null) {
            env.put("COSIM_HOME", home);
        }
        Path script = new ArrayScript(dir, submission, tasks.size(), jobName, TaskCommand.forStudy(dir),
                Path.of("").toAbsolutePath(), env).write();
        String job = Slurm.submit(script, settings.sbatchOptions());
        dir.addJob(job);
        err.printf(Locale.ROOT, "cosim: submitted SLURM job %s: %d points in %d array tasks (%s)%n", job,
                points.size(), tasks.size(), script);
        return job;
    }

    /**
     * Waits until every point has ended, or none of the study's jobs is queued or running any more (a cancelled
     * or killed task leaves its points pending); prints the counts when they change, and calls {@code changed}
     * then. Returns the states at the end.
     */
    public static Map<String, PointState> await(StudyDir dir, List<String> points, Runnable changed,
                                                PrintStream err) {
        Map<String, PointState> last = null;
        while (true) {
            boolean alive = Slurm.alive(dir.jobs());
            // Read after asking squeue: a task that ended before the question has its files in place.
            Map<String, PointState> now = states(dir, points);
            if (!now.equals(last)) {
                err.println("cosim: SLURM " + String.join(",", dir.jobs()) + ": " + Counts.of(now).line());
                changed.run();
                last = now;
            }
            if (!alive || now.values().stream().allMatch(PointState::ended)) {
                return now;
            }
            try {
                Thread.sleep(POLL_MILLIS);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                return now;
            }
        }
    }
}
