package org.cosim.cli;

import java.io.IOException;
import java.io.PrintStream;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.function.BooleanSupplier;
import org.cosim.cli.slurm.PlanFile;
import org.cosim.cli.slurm.PointState;
import org.cosim.cli.slurm.SlurmStudy;
import org.cosim.cli.slurm.StudyDir;
import org.cosim.validation.experiments.Experiment;
import org.cosim.validation.experiments.Experiments;
import org.cosim.validation.validate.StoredUnit;
import org.cosim.validation.validate.ValidationReport;
import org.cosim.validation.validate.ValidationRunner;

/**
 * `cosim validate --slurm`, `--collect DIR` and `--resume DIR`: a validation's distinct runs (its units,
 * ValidationRunner#units: a run shared by several experiments is one unit) as a SLURM job array. A task runs a
 * unit with the local validation's code for one run (ValidationRunner#runUnit) into a scratch directory whose
 * run directories are renamed to {@code DIR/runs/...}, and stores the unit's records and results ({@link
 * StoredUnit}); the experiments are then judged, and the report written, by the local validation's code from
 * those outcomes (ValidationRunner with a RunSource).
 */
final class ValidateOnSlurm {
    static final String KIND = "validate";
    private static final String OUTCOME = ".outcome";

    /** A validation as its plan file holds it: the chosen experiments in order, and how they run. */
    record Study(Path out, boolean quick, BackendChoice backend, List<String> experiments, String command,
                 Path scenarios) {
        StudyDir dir() {
            return new StudyDir(out);
        }

        List<Experiment> chosen() {
            return ValidateCommand.select(Experiments.of("all"), String.join(",", experiments));
        }

        ValidationRunner.Options options(Path into, PrintStream notes, BooleanSupplier stop, boolean strictLoad) {
            return new ValidationRunner.Options(into, quick, backend.backends(), scenarios, notes, stop, 1,
                    strictLoad);
        }

        PlanFile planFile(List<String> units) {
            PlanFile f = new PlanFile().add("kind", KIND).add("quick", Boolean.toString(quick))
                    .add("backend", backend.id()).add("command", command).add("scenarios", scenarios.toString());
            experiments.forEach(e -> f.add("experiment", e));
            units.forEach(u -> f.add("unit", u));
            return f;
        }

        static Study read(Path out) {
            PlanFile f = PlanFile.read(new StudyDir(out));
            if (!f.get("kind").equals(KIND)) {
                throw new UsageException(out + " holds a " + f.get("kind") + ", not a validation (cosim "
                        + f.get("kind") + " --collect)");
            }
            return new Study(out, Boolean.parseBoolean(f.get("quick")),
                    BackendChoice.valueOf(f.get("backend").toUpperCase(Locale.ROOT)), f.all("experiment"),
                    f.get("command"), Path.of(f.get("scenarios")));
        }
    }

    private ValidateOnSlurm() {}

    /** A unit's name for its files: its key ("java/timely/incast") with '+' for '/'. */
    static String name(String unit) {
        return unit.replace('/', '+').replaceAll("[^A-Za-z0-9._=+-]", "_");
    }

    private static List<String> names(List<String> units) {
        return units.stream().map(ValidateOnSlurm::name).toList();
    }

    /** Plans the validation's units (checking their loads with --strict-load), submits them, and follows them. */
    static int submit(Study study, boolean strictLoad, SlurmStudy.Settings settings, PrintStream out,
                      PrintStream err) {
        StudyDir dir = study.dir();
        SlurmStudy.checkSubmittable(dir);
        List<ValidationRunner.Unit> units = new ValidationRunner(study.options(study.out(), err, () -> false,
                strictLoad), new ValidationRunner.Listener() { }).units(study.chosen());
        dir.clear();  // a fresh study: an earlier one's states would read as this one's
        List<String> keys = units.stream().map(ValidationRunner.Unit::key).toList();
        study.planFile(keys).write(dir);
        List<SlurmStudy.Point> points = units.stream().map(u -> new SlurmStudy.Point(name(u.key()), u.cost()))
                .toList();
        return follow(study, keys, points, settings, out, err);
    }

    /** Submits again the units without complete outcomes, once no job of the validation is queued or running. */
    static int resume(Path out, SlurmStudy.Settings settings, PrintStream stdout, PrintStream err) {
        Study study = Study.read(out);
        CommandLines.outputDirectory(out.toString());
        StudyDir dir = study.dir();
        SlurmStudy.checkSubmittable(dir);
        List<String> keys = PlanFile.read(dir).all("unit");
        List<ValidationRunner.Unit> units = new ValidationRunner(study.options(study.out(), err, () -> false, false),
                new ValidationRunner.Listener() { }).units(study.chosen());
        List<SlurmStudy.Point> missing = new ArrayList<>();
        for (ValidationRunner.Unit u : units) {
            if (dir.state(name(u.key())) != PointState.DONE) {
                missing.add(new SlurmStudy.Point(name(u.key()), u.cost()));
            }
        }
        if (missing.isEmpty()) {
            err.println("cosim validate: every run of " + out + " is complete: nothing to resume");
            return collect(study, keys, stdout, err);
        }
        err.println("cosim validate: resuming " + missing.size() + " of " + keys.size() + " runs");
        return follow(study, keys, missing, settings, stdout, err);
    }

    /** The report from the units that have ended, as the local validation writes it; status 1 while some have not. */
    static int collect(Path out, PrintStream stdout, PrintStream err) {
        Study study = Study.read(out);
        CommandLines.outputDirectory(out.toString());
        return collect(study, PlanFile.read(study.dir()).all("unit"), stdout, err);
    }

    private static int collect(Study study, List<String> keys, PrintStream out, PrintStream err) {
        StudyDir dir = study.dir();
        Map<String, PointState> states = SlurmStudy.states(dir, names(keys));
        SlurmStudy.Counts counts = SlurmStudy.Counts.of(states);
        err.println("cosim validate: SLURM runs: " + counts.summary("cosim validate --resume " + study.out())
                + (counts.of(PointState.DONE) < states.size() ? " (the report marks the checks of runs without "
                + "results as not run, or failed)" : ""));
        ValidateCommand.ValidateProgress progress = new ValidateCommand.ValidateProgress(err, out);
        ValidationReport report = new ValidationRunner(study.options(study.out(), err, () -> false, false), progress,
                key -> stored(dir, key)).run(study.chosen(), study.command());
        progress.done();
        int status = ValidateCommand.finish(report, study.out(), out);
        return counts.of(PointState.DONE) < states.size() ? Math.max(status, 1) : status;  // runs missing: 1
    }

    /** Unit {@code key}'s outcome as its task stored it, or why there is none. */
    private static StoredUnit stored(StudyDir dir, String key) {
        String name = name(key);
        PointState state = dir.state(name);
        Path file = dir.outcome(name, OUTCOME);
        if (!state.ended()) {
            return StoredUnit.missing(null, "its SLURM task has not ended it (" + state.label() + ")");
        }
        if (!Files.exists(file)) {
            return StoredUnit.missing("its SLURM task failed: " + dir.failure(name), null);
        }
        try {
            return StoredUnit.of(Files.readAllBytes(file));
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read " + file + ": " + e.getMessage(), e);
        }
    }

    private static int follow(Study study, List<String> keys, List<SlurmStudy.Point> points,
                              SlurmStudy.Settings settings, PrintStream out, PrintStream err) {
        String job = SlurmStudy.submit(study.dir(), "cosim-validate-" + study.dir().dir().getFileName(), points,
                settings, err);
        if (settings.detach()) {
            out.println("submitted: SLURM job " + job + "; `cosim validate --collect " + study.out() + "` writes "
                    + "the report from the runs finished so far");
            return 0;
        }
        SlurmStudy.await(study.dir(), names(keys), () -> { }, err);
        return collect(study, keys, out, err);
    }

    /** A task's code for one unit: the local validation's, into a scratch directory renamed into place. */
    static SlurmTaskCommand.PointTask task(StudyDir dir, PlanFile plan) {
        Study study = Study.read(dir.dir());
        List<String> keys = plan.all("unit");
        return (name, stop, err) -> {
            String key = keys.stream().filter(k -> name(k).equals(name)).findFirst().orElseThrow(
                    () -> new IllegalArgumentException("the validation in " + dir.dir() + " has no run " + name));
            Path scratch = dir.scratch(name);
            StoredUnit unit = new ValidationRunner(study.options(scratch, err, stop::requested, false),
                    new ValidationRunner.Listener() { }).runUnit(study.chosen(), key);
            if (stop.requested()) {
                return null;  // the caller leaves it pending
            }
            String failure = null;
            for (StoredUnit.StoredRun r : unit.runs()) {
                if (r.dir() != null && Files.exists(scratch.resolve(r.dir()))) {
                    StudyDir.replaceDirectory(scratch.resolve(r.dir()), dir.dir().resolve(r.dir()));
                }
                failure = failure != null ? failure : r.failure() != null ? r.failure() : r.notRun();
            }
            StudyDir.writeAtomically(dir.outcome(name, OUTCOME), unit.bytes());
            return failure;
        };
    }
}
