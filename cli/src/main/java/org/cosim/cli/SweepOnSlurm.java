package org.cosim.cli;

import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.cosim.cli.slurm.PlanFile;
import org.cosim.cli.slurm.PointState;
import org.cosim.cli.slurm.SlurmStudy;
import org.cosim.cli.slurm.StudyDir;
import org.cosim.cli.sweep.SweepPlan;
import org.cosim.cli.sweep.SweepTable;
import org.cosim.proto.Scenario;
import org.cosim.runner.Jobs;
import org.cosim.scenario.ScenarioFiles;

/**
 * `cosim sweep --slurm`, `--collect DIR` and `--resume DIR`: a sweep's points as a SLURM job array. Each point's
 * scenario, checked and resolved as the local sweep resolves it, goes to {@code DIR/slurm/points/POINT.textproto};
 * a task runs it with the local sweep's code for one point ({@link SweepCommand#runOne}) into a scratch directory
 * renamed to {@code DIR/POINT}, and hands over the point's row of sweep.csv ({@link SweepTable.Row#text}); the
 * tables, figures and terminal report are then those of the local sweep ({@link SweepCommand#report}).
 */
final class SweepOnSlurm {
    static final String KIND = "sweep";
    private static final String SCENARIO = ".textproto";
    private static final String ROW = ".row";

    /** A sweep as its plan file holds it: the grid, the back end, whether each run draws its plots, --plot. */
    record Study(Path out, SweepPlan plan, BackendChoice backend, boolean plots, List<String> metrics) {
        StudyDir dir() {
            return new StudyDir(out);
        }

        String name(SweepPlan.Point p) {
            return p.dirName(plan.axes(), plan.points().size());
        }

        List<String> names() {
            return plan.points().stream().map(this::name).toList();
        }

        SweepPlan.Point point(String name) {
            return plan.points().stream().filter(p -> name(p).equals(name)).findFirst().orElseThrow(
                    () -> new IllegalArgumentException("the sweep in " + out + " has no point " + name));
        }

        PlanFile planFile() {
            PlanFile f = new PlanFile().add("kind", KIND).add("backend", backend.id())
                    .add("plots", Boolean.toString(plots));
            plan.axes().forEach(a -> f.add("vary", a.path() + "=" + String.join(",", a.values())));
            metrics.forEach(m -> f.add("plot", m));
            return f;
        }

        static Study read(Path out) {
            StudyDir dir = new StudyDir(out);
            PlanFile f = PlanFile.read(dir);
            if (!f.get("kind").equals(KIND)) {
                throw new UsageException(out + " holds a " + f.get("kind") + ", not a sweep (cosim "
                        + f.get("kind") + " --collect)");
            }
            BackendChoice backend = BackendChoice.valueOf(f.get("backend").toUpperCase(java.util.Locale.ROOT));
            return new Study(out, SweepPlan.of(f.all("vary")), backend, Boolean.parseBoolean(f.get("plots")),
                    f.all("plot"));
        }
    }

    private SweepOnSlurm() {}

    /** Writes the sweep's plan and its points' scenarios under DIR/slurm, submits every point, and follows them. */
    static int submit(Study study, List<Scenario> scenarios, SlurmStudy.Settings settings, PrintStream out,
                      PrintStream err) {
        SlurmStudy.checkSubmittable(study.dir());
        return follow(study, prepare(study, scenarios), settings, out, err);
    }

    /** Writes the plan and the points' scenarios of a fresh study (an earlier one's files go); returns its points. */
    static List<SlurmStudy.Point> prepare(Study study, List<Scenario> scenarios) {
        StudyDir dir = study.dir();
        dir.clear();  // an earlier study's states would read as this one's
        study.planFile().write(dir);
        List<SlurmStudy.Point> points = new ArrayList<>();
        for (int i = 0; i < scenarios.size(); i++) {
            String name = study.name(study.plan().points().get(i));
            StudyDir.writeAtomically(dir.input(name, SCENARIO), ScenarioFiles.canonicalText(scenarios.get(i)));
            points.add(new SlurmStudy.Point(name, Jobs.cost(scenarios.get(i))));
        }
        return points;
    }

    /** Submits again the points without complete results, once no job of the sweep is queued or running. */
    static int resume(Path out, SlurmStudy.Settings settings, PrintStream stdout, PrintStream err) {
        Study study = Study.read(out);
        CommandLines.outputDirectory(out.toString());
        SlurmStudy.checkSubmittable(study.dir());
        List<SlurmStudy.Point> missing = missing(study);
        if (missing.isEmpty()) {
            err.println("cosim sweep: every point of " + out + " is complete: nothing to resume");
            return collect(study, stdout, err);
        }
        err.println("cosim sweep: resuming " + missing.size() + " of " + study.names().size() + " points");
        return follow(study, missing, settings, stdout, err);
    }

    /** The points without complete results (failed, or not ended), in plan order. */
    static List<SlurmStudy.Point> missing(Study study) {
        StudyDir dir = study.dir();
        List<SlurmStudy.Point> missing = new ArrayList<>();
        for (String name : study.names()) {
            if (dir.state(name) != PointState.DONE) {
                Scenario s = ScenarioFiles.parse(read(dir.input(name, SCENARIO)), name + SCENARIO);
                missing.add(new SlurmStudy.Point(name, Jobs.cost(s)));
            }
        }
        return missing;
    }

    /** sweep.csv and the rest from what has finished, as the local sweep writes them. */
    static int collect(Path out, PrintStream stdout, PrintStream err) {
        Study study = Study.read(out);
        CommandLines.outputDirectory(out.toString());
        return collect(study, stdout, err);
    }

    private static int collect(Study study, PrintStream out, PrintStream err) {
        Map<String, PointState> states = SlurmStudy.states(study.dir(), study.names());
        List<SweepTable.Row> rows = rows(study);
        SweepCommand.writeTables(study.plan(), rows, study.backend() == BackendChoice.BOTH, study.out());
        SlurmStudy.Counts counts = SlurmStudy.Counts.of(states);
        err.println("cosim sweep: SLURM points: " + counts.summary("cosim sweep --resume " + study.out())
                + (counts.of(PointState.RUNNING) > 0 ? " (running points are pending in sweep.csv)" : ""));
        return SweepCommand.report(study.plan(), rows, study.out(), study.backend() == BackendChoice.BOTH,
                study.metrics(), false, out, err);
    }

    private static int follow(Study study, List<SlurmStudy.Point> points, SlurmStudy.Settings settings,
                              PrintStream out, PrintStream err) {
        String job = SlurmStudy.submit(study.dir(), "cosim-sweep-" + study.dir().dir().getFileName(), points,
                settings, err);
        boolean paired = study.backend() == BackendChoice.BOTH;
        SweepCommand.writeTables(study.plan(), rows(study), paired, study.out());
        if (settings.detach()) {
            out.println("submitted: SLURM job " + job + "; `cosim sweep --collect " + study.out() + "` writes "
                    + "sweep.csv from the points finished so far");
            return 0;
        }
        SlurmStudy.await(study.dir(), study.names(),
                () -> SweepCommand.writeTables(study.plan(), rows(study), paired, study.out()), err);
        return collect(study, out, err);
    }

    /** The rows in plan order: those that ended as their tasks handed them over, the others pending. */
    static List<SweepTable.Row> rows(Study study) {
        StudyDir dir = study.dir();
        List<SweepTable.Row> rows = new ArrayList<>();
        for (SweepPlan.Point p : study.plan().points()) {
            String name = study.name(p);
            PointState state = dir.state(name);
            Path row = dir.outcome(name, ROW);
            rows.add(!state.ended() ? SweepTable.Row.pending(p, name)
                    : Files.exists(row) ? SweepTable.Row.parse(p, read(row))
                    : SweepTable.Row.failedToStart(p, name, dir.failure(name)));
        }
        return rows;
    }

    /** A task's code for one point: the local sweep's, into a scratch directory renamed into place. */
    static SlurmTaskCommand.PointTask task(StudyDir dir, PlanFile plan) {
        Study study = Study.read(dir.dir());
        return (name, stop, err) -> {
            SweepPlan.Point p = study.point(name);
            Scenario s = ScenarioFiles.parse(read(dir.input(name, SCENARIO)), name + SCENARIO);
            Path scratch = dir.scratch(name);
            SweepTable.Row row;
            try {
                row = SweepCommand.runOne(p, name, s, scratch, study.backend(), study.plots(), stop, err);
            } catch (RuntimeException e) {
                if (stop.requested()) {
                    throw e;  // stopped in its set-up: pending, not failed
                }
                row = SweepTable.Row.failedToStart(p, name, e.toString());  // as the local sweep records it
            }
            if (stop.requested()) {
                return null;  // the caller leaves it pending
            }
            if (Files.exists(scratch)) {
                StudyDir.replaceDirectory(scratch, dir.dir().resolve(name));
            }
            StudyDir.writeAtomically(dir.outcome(name, ROW), row.text());
            return row.complete() ? null : row.failure() == null ? row.status() : row.failure();
        };
    }

    private static String read(Path file) {
        return StudyDir.read(file);
    }
}
