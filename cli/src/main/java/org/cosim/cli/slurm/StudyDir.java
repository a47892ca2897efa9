package org.cosim.cli.slurm;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.AtomicMoveNotSupportedException;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.stream.Stream;

/**
 * The files of a study (a sweep or a validation) submitted to SLURM, under its output directory DIR: {@code
 * DIR/slurm/plan.txt} (what the study is: {@link PlanFile}), {@code DIR/slurm/points/} (each point's input, and
 * the files its task writes: {@code NAME.running} while it runs, then its outcome and {@code NAME.state}),
 * {@code DIR/slurm/submit-N.sh} and {@code submit-N.tasks} (the job array of each submission and the points of each
 * of its tasks), {@code DIR/slurm/jobs.txt} (the job ids), {@code DIR/slurm/build/} (the build the tasks run) and
 * {@code DIR/slurm/logs/} (the tasks' output).
 *
 * <p>A task writes a point's results under {@code DIR/.slurm-tmp/} and renames them into place, then writes its
 * outcome and last its state file, each to a temporary name renamed over the final one: a point is done or failed
 * only once its state file exists, so a task killed at any moment leaves the point pending, never half written.
 */
public final class StudyDir {
    private final Path dir;

    public StudyDir(Path dir) {
        this.dir = dir.toAbsolutePath().normalize();
    }

    /** The study's output directory (absolute). */
    public Path dir() {
        return dir;
    }

    public Path slurm() {
        return dir.resolve("slurm");
    }

    public Path plan() {
        return slurm().resolve("plan.txt");
    }

    public Path points() {
        return slurm().resolve("points");
    }

    /** A point's input file, e.g. its resolved scenario ({@code suffix} ".textproto"). */
    public Path input(String point, String suffix) {
        return points().resolve(point + suffix);
    }

    /** A point's outcome, which its task writes before the state ({@code suffix}: the study's kind of outcome). */
    public Path outcome(String point, String suffix) {
        return points().resolve(point + suffix);
    }

    Path stateFile(String point) {
        return points().resolve(point + ".state");
    }

    Path runningFile(String point) {
        return points().resolve(point + ".running");
    }

    /** Where a task writes a point's results before renaming them into place. */
    public Path scratch(String point) {
        return dir.resolve(".slurm-tmp").resolve(point);
    }

    public Path script(int submission) {
        return slurm().resolve("submit-" + submission + ".sh");
    }

    public Path tasks(int submission) {
        return slurm().resolve("submit-" + submission + ".tasks");
    }

    /** The copy of the build the study's tasks run (TaskCommand). */
    public Path build() {
        return slurm().resolve("build");
    }

    public Path logs() {
        return slurm().resolve("logs");
    }

    Path jobsFile() {
        return slurm().resolve("jobs.txt");
    }

    /** Whether {@code dir} holds a study submitted to SLURM. */
    public boolean exists() {
        return Files.isRegularFile(plan());
    }

    /** The point's state, from the files its task wrote. */
    public PointState state(String point) {
        String s = readOrNull(stateFile(point));
        if (s != null) {
            return s.startsWith(PointState.DONE.label()) ? PointState.DONE : PointState.FAILED;
        }
        return Files.exists(runningFile(point)) ? PointState.RUNNING : PointState.PENDING;
    }

    /** Why a failed point failed (the rest of its state file's first line); null unless it failed. */
    public String failure(String point) {
        String s = readOrNull(stateFile(point));
        return s == null || s.startsWith(PointState.DONE.label()) ? null
                : s.substring(s.indexOf(' ') + 1).strip();
    }

    /** A task starts a point: what an earlier attempt left is cleared, and the point is marked running. */
    public void starting(String point, String task) {
        try {
            Files.deleteIfExists(stateFile(point));
            deleteTree(scratch(point));
        } catch (IOException e) {
            throw new UncheckedIOException("cannot clear " + point + "'s earlier attempt: " + e.getMessage(), e);
        }
        writeAtomically(runningFile(point), task + "\n");
    }

    /**
     * A task ends a point: its outcome has been written; the state says done or failed ({@code failure} non-null),
     * and from then on the point has ended.
     */
    public void ended(String point, String failure) {
        writeAtomically(stateFile(point), failure == null ? PointState.DONE.label() + "\n"
                : PointState.FAILED.label() + " " + failure.replace('\n', ' ') + "\n");
        try {
            Files.deleteIfExists(runningFile(point));
        } catch (IOException e) {
            // the state file decides: a stale marker beside it is harmless
        }
    }

    /** What a task left of a point in the scratch directory, after the point ended or was abandoned. */
    public void clearScratch(String point) {
        try {
            deleteTree(scratch(point));
            Files.deleteIfExists(scratch(point).getParent());
        } catch (java.nio.file.DirectoryNotEmptyException e) {
            // another task is writing a point there
        } catch (IOException e) {
            throw new UncheckedIOException("cannot clear " + scratch(point) + ": " + e.getMessage(), e);
        }
    }

    /** A task stopped before the point ended (a signal): the point is pending again, for --resume. */
    public void abandoned(String point) {
        try {
            Files.deleteIfExists(runningFile(point));
        } catch (IOException e) {
            throw new UncheckedIOException("cannot clear " + runningFile(point) + ": " + e.getMessage(), e);
        }
    }

    /** Forgets an earlier study in this directory (its plan, its points' inputs and states, its scratch). */
    public void clear() {
        try {
            deleteTree(slurm());
            deleteTree(dir.resolve(".slurm-tmp"));
        } catch (IOException e) {
            throw new UncheckedIOException("cannot clear " + slurm() + ": " + e.getMessage(), e);
        }
    }

    /** The number the next submission gets (1, 2, ...). */
    public int nextSubmission() {
        int n = 1;
        while (Files.exists(script(n))) {
            n++;
        }
        return n;
    }

    /** Records a submitted job. */
    public void addJob(String jobId) {
        try {
            Files.writeString(jobsFile(), jobId + "\n", StandardCharsets.UTF_8, java.nio.file.StandardOpenOption.CREATE,
                    java.nio.file.StandardOpenOption.APPEND);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot write " + jobsFile() + ": " + e.getMessage(), e);
        }
    }

    /** The jobs submitted for this study, oldest first. */
    public List<String> jobs() {
        String s = readOrNull(jobsFile());
        return s == null ? List.of() : s.lines().filter(l -> !l.isBlank()).map(String::strip).toList();
    }

    /** The points of task {@code task} of submission {@code submission} (a line of its tasks file). */
    public List<String> taskPoints(int submission, int task) {
        List<String> lines = read(tasks(submission)).lines().toList();
        if (task < 0 || task >= lines.size()) {
            throw new IllegalArgumentException(tasks(submission) + " has no task " + task + " (" + lines.size()
                    + " tasks)");
        }
        return List.of(lines.get(task).strip().split(" +"));
    }

    /** Writes the tasks file of a submission: one line per task, its points' names. */
    public void writeTasks(int submission, List<List<String>> tasks) {
        StringBuilder b = new StringBuilder();
        tasks.forEach(t -> b.append(String.join(" ", t)).append('\n'));
        writeAtomically(tasks(submission), b.toString());
    }

    /** Writes {@code text} to a temporary file beside {@code file}, then renames it over {@code file}. */
    public static void writeAtomically(Path file, String text) {
        writeAtomically(file, text.getBytes(StandardCharsets.UTF_8));
    }

    public static void writeAtomically(Path file, byte[] bytes) {
        Path tmp = file.resolveSibling(file.getFileName() + ".tmp");
        try {
            Files.createDirectories(file.toAbsolutePath().getParent());
            Files.write(tmp, bytes);
            move(tmp, file);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot write " + file + ": " + e.getMessage(), e);
        }
    }

    /** Renames a finished directory {@code from} to {@code to}, replacing what an earlier attempt left there. */
    public static void replaceDirectory(Path from, Path to) {
        try {
            deleteTree(to);
            Files.createDirectories(to.getParent());
            move(from, to);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot move " + from + " to " + to + ": " + e.getMessage(), e);
        }
    }

    private static void move(Path from, Path to) throws IOException {
        try {
            Files.move(from, to, StandardCopyOption.ATOMIC_MOVE, StandardCopyOption.REPLACE_EXISTING);
        } catch (AtomicMoveNotSupportedException e) {
            Files.move(from, to, StandardCopyOption.REPLACE_EXISTING);
        }
    }

    /** Deletes {@code p} and everything under it, if it exists. */
    public static void deleteTree(Path p) throws IOException {
        if (!Files.exists(p)) {
            return;
        }
        List<Path> all = new ArrayList<>();
        try (Stream<Path> s = Files.walk(p)) {
            s.sorted(Comparator.reverseOrder()).forEach(all::add);
        }
        for (Path f : all) {
            Files.deleteIfExists(f);
        }
    }

    /** A text file's contents; UncheckedIOException naming it when it cannot be read. */
    public static String read(Path file) {
        try {
            return Files.readString(file, StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read " + file + ": " + e.getMessage(), e);
        }
    }

    private static String readOrNull(Path file) {
        try {
            return Files.readString(file, StandardCharsets.UTF_8);
        } catch (NoSuchFileException e) {
            return null;
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read " + file + ": " + e.getMessage(), e);
        }
    }
}
