package org.cosim.cli;

import java.io.PrintStream;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import org.apache.commons.cli.CommandLine;
import org.apache.commons.cli.Option;
import org.apache.commons.cli.Options;
import org.cosim.cli.slurm.SlurmStudy;
import org.cosim.runner.Backend;
import org.cosim.runner.omnetpp.CosimHome;
import org.cosim.runner.omnetpp.OmnetppException;
import org.cosim.validation.experiments.Experiment;
import org.cosim.validation.experiments.Experiments;
import org.cosim.validation.experiments.PaperRun;
import org.cosim.validation.validate.ExperimentOutcome;
import org.cosim.validation.validate.RunRecord;
import org.cosim.validation.validate.ValidationReport;
import org.cosim.validation.validate.ValidationRunner;
import org.cosim.validation.validate.Verdict;

/**
 * `cosim validate`: runs the headline experiments of the papers (listed in
 * docs/timely.md, docs/ndp.md, docs/poseidon-swift.md) with the papers' parameters,
 * on one or both back ends, and writes
 * report.md and report.json (paper value, tolerance, measured value, verdict, a
 * figure per experiment). Exit status 0 when every result that ran is within its
 * tolerance, 1 when any is not (or a run failed), 2 for a bad command line.
 */
public final class ValidateCommand implements Command {
    private static final String USAGE = "cosim validate [--paper timely|ndp|poseidon|all] "
            + "[--backend java|omnetpp|both] [--quick] [--out DIR] [--only ID,...] [--jobs N] [--list] [--strict-load] "
            + "[--slurm [--slurm-opts 'OPTIONS'] [--slurm-chunk N] [--detach]] | cosim validate --collect DIR | "
            + "cosim validate --resume DIR [--slurm-opts 'OPTIONS'] [--slurm-chunk N] [--detach]";

    @Override
    public String name() {
        return "validate";
    }

    @Override
    public String summary() {
        return "reproduce the papers' headline results; write report.md/report.json with figures";
    }

    static Options options() {
        Options o = new Options();
        o.addOption(Option.builder("p").longOpt("paper").hasArg().argName("NAME")
                .desc("timely, ndp, poseidon or all (default)").get());
        o.addOption(Option.builder("b").longOpt("backend").hasArg().argName("NAME")
                .desc("java (default), omnetpp, or both (each value from each, and whether they agree)").get());
        o.addOption(Option.builder("q").longOpt("quick")
                .desc("scaled-down versions of every experiment (minutes, for CI), with the checks that still "
                        + "apply at that scale").get());
        o.addOption(Option.builder("o").longOpt("out").hasArg().argName("DIR")
                .desc("where report.md, report.json, plots/ and runs/ go (default results/validate, or "
                        + "results/validate-quick)").get());
        o.addOption(Option.builder().longOpt("only").hasArg().argName("ID,...")
                .desc("only these experiments (ids from --list)").get());
        o.addOption(CommandLines.jobsOption());
        o.addOption(Option.builder().longOpt("list").desc("list the experiments and exit").get());
        o.addOption(CommandLines.strictLoadOption());
        CommandLines.addSlurmOptions(o, "report (report.md, report.json, plots/)");
        o.addOption(CommandLines.helpOption());
        return o;
    }

    @Override
    public int run(String[] args, PrintStream out, PrintStream err) {
        CommandLine cl = CommandLines.parse(options(), args);
        if (cl.hasOption("help")) {
            out.print(CommandLines.help(USAGE, "Runs each headline experiment of TIMELY, NDP and Poseidon with the "
                    + "papers' parameters and reports the paper's value, the tolerance and ours.", options()));
            return 0;
        }
        if (!cl.getArgList().isEmpty()) {
            throw new UsageException("unexpected arguments " + cl.getArgList());
        }
        SlurmStudy.Settings slurm = CommandLines.slurmSettings(cl);
        if (cl.hasOption("collect")) {
            return ValidateOnSlurm.collect(Path.of(cl.getOptionValue("collect")), out, err);
        }
        if (cl.hasOption("resume")) {
            return ValidateOnSlurm.resume(Path.of(cl.getOptionValue("resume")), slurm, out, err);
        }
        String paper = cl.getOptionValue("paper", "all");
        if (!paper.equals("all") && !Experiments.PAPERS.contains(paper)) {
            throw new UsageException("unknown paper '" + paper + "' (timely, ndp, poseidon or all)");
        }
        BackendChoice backend = CommandLines.choice(cl, "backend", BackendChoice.class, BackendChoice.JAVA);
        List<Backend> backends = backend.backends();
        boolean quick = cl.hasOption("quick");
        List<Experiment> chosen = select(Experiments.of(paper), cl.getOptionValue("only"));
        int jobs = CommandLines.jobs(cl, backend.javaOnly(), Integer.MAX_VALUE);
        if (cl.hasOption("list")) {
            for (Experiment e : chosen) {
                out.printf(Locale.ROOT, "%-24s %-9s %s: %s (%d runs)%n", e.id(), e.paper(), e.figure(), e.title(),
                        e.runs().size());
            }
            return 0;
        }
        Optional<String> unavailable = backend.unavailable();
        if (unavailable.isPresent()) {
            // As cosim compare and sweep: said before any run, not as a report of runs that never ran.
            err.println("cosim validate: --backend " + backend.id() + " needs OMNeT++: " + unavailable.get());
            return 1;
        }
        Path scenarios;
        try {
            scenarios = CosimHome.find().scenarios();
        } catch (OmnetppException e) {
            err.println("cosim validate: cannot find the shipped scenarios/: run from inside the cosim tree or set "
                    + "COSIM_HOME");
            return 2;
        }
        Path dir = CommandLines.outputDirectory(cl.getOptionValue("out",
                quick ? "results/validate-quick" : "results/validate"));
        String command = "cosim validate " + String.join(" ", args);
        if (cl.hasOption("slurm")) {
            ValidateOnSlurm.Study study = new ValidateOnSlurm.Study(dir, quick, backend,
                    chosen.stream().map(Experiment::id).toList(), command.trim(), scenarios.toAbsolutePath());
            return ValidateOnSlurm.submit(study, cl.hasOption("strict-load"), slurm, out, err);
        }
        ValidateProgress progress = new ValidateProgress(err, out);
        if (jobs > 1) {
            err.println("cosim validate: " + jobs + " runs at a time (--jobs; results do not depend on it)");
        }
        // The hook waits for the block's end, so the report and the lines below are out before the JVM exits.
        try (StopOnSignal stop = new StopOnSignal(err, "the validation")) {
            ValidationReport report = new ValidationRunner(new ValidationRunner.Options(dir, quick, backends,
                    scenarios, err, stop::requested, jobs, cl.hasOption("strict-load")), progress)
                    .run(chosen, command.trim());
            progress.done();  // the runner has written the report
            return finish(report, dir, out);
        }
    }

    /** The lines after the experiments' (the counts, where the report is); returns the exit status. */
    static int finish(ValidationReport report, Path dir, PrintStream out) {
        if (!report.complete()) {
            out.println("validate: stopped after " + report.experiments().size() + " of "
                    + (report.experiments().size() + report.pending().size()) + " experiments; the report lists "
                    + "the rest as still to run");
        }
        out.printf(Locale.ROOT, "validate: %d pass, %d FAIL, %s%d not run, %d not checked at this scale; wall %s%n",
                report.count(Verdict.PASS), report.count(Verdict.FAIL), report.count(Verdict.DEVIATION)
                        + " known deviations, ", report.count(Verdict.NOT_RUN),
                report.count(Verdict.NOT_CHECKED), String.format(Locale.ROOT, "%.1f s", report.wallSeconds()));
        out.println("report: " + dir.resolve("report.md") + " (and report.json, plots/, runs/)");
        out.flush();
        return report.failed() || !report.complete() ? 1 : 0;
    }

    /** The experiments {@code only} names (ids separated by commas), in its order; all when it is null. */
    static List<Experiment> select(List<Experiment> all, String only) {
        if (only == null) {
            return all;
        }
        List<Experiment> out = new ArrayList<>();
        for (String id : only.split(",")) {
            Experiment e = all.stream().filter(x -> x.id().equals(id.trim())).findFirst().orElseThrow(
                    () -> new UsageException(Experiments.of("all").stream().filter(x -> x.id().equals(id.trim()))
                            .findFirst().map(x -> "experiment '" + id.trim() + "' is of the " + x.paper()
                                    + " paper, not the one --paper chose")
                            .orElse("no experiment '" + id.trim() + "' (cosim validate --list)")));
            out.add(e);
        }
        if (out.isEmpty()) {
            throw new UsageException("--only '" + only + "' names no experiment (cosim validate --list)");
        }
        return out;
    }

    /**
     * Progress of a validation: one line per experiment on stdout, and on a
     * terminal a live line on stderr: the runs going on (which of how many, how
     * far each has got), the run's wall time left when one runs alone, and the
     * whole validation's (estimated from the runs' simulated time x hosts). Runs
     * report from their worker threads, hence the synchronization.
     */
    static final class ValidateProgress implements ValidationRunner.Listener {
        private static final int WIDTH = 150;
        private final PrintStream err;
        private final PrintStream out;
        private final boolean live;
        private final long start = System.nanoTime();
        /** The runs going on, in the order they started. */
        private final Map<String, Going> running = new LinkedHashMap<>();
        private double costFinished;
        private double costTotal;
        private int runTotal;
        private long lastPrint;

        /** A run going on: when it started (wall clock) and how far it has got (0..1 of its simulated time). */
        private static final class Going {
            final ValidationRunner.RunStart run;
            final long startNanos = System.nanoTime();
            double reached;

            Going(ValidationRunner.RunStart run) {
                this.run = run;
            }
        }

        ValidateProgress(PrintStream err, PrintStream out) {
            this.err = err;
            this.out = out;
            this.live = System.console() != null && err == System.err;
        }

        private static String key(PaperRun run, Backend backend) {
            return backend.id() + "/" + run.id();
        }

        @Override
        public synchronized void runStarts(ValidationRunner.RunStart s) {
            running.put(key(s.run(), s.backend()), new Going(s));
            costTotal = s.costTotal();
            runTotal = s.total();
            lastPrint = 0;
            progress(s, 0);
        }

        @Override
        public synchronized void progress(ValidationRunner.RunStart s, long nowPs) {
            Going g = running.get(key(s.run(), s.backend()));
            if (g == null) {
                return;
            }
            g.reached = s.durationPs() > 0 ? Math.min(1, nowPs / (double) s.durationPs()) : 0;
            if (!live) {
                return;
            }
            long t = System.nanoTime();
            if (t - lastPrint < 250_000_000L && nowPs > 0 && nowPs < s.durationPs()) {
                return;
            }
            lastPrint = t;
            err.print("\r" + line(t) + "   ");
        }

        /** The live line: one run as before (its simulated time, its time left), several as a list. */
        private String line(long t) {
            double done = costFinished;
            for (Going g : running.values()) {
                done += g.reached * g.run.cost();
            }
            double allElapsed = (t - start) / 1e9;
            String allLeft = done > 0 && costTotal > 0 ? clock(allElapsed * (costTotal - done) / done) : "?";
            if (running.size() == 1) {
                Going g = running.values().iterator().next();
                ValidationRunner.RunStart s = g.run;
                double runElapsed = (t - g.startNanos) / 1e9;
                String runLeft = g.reached > 0
                        ? String.format(Locale.ROOT, "%.0f s", runElapsed * (1 - g.reached) / g.reached) : "?";
                return String.format(Locale.ROOT, "[run %d/%d] %s %s (%s): %.1f/%.1f ms simulated, run ~%s left, "
                        + "all ~%s left", s.index(), s.total(), s.experiment(), s.run().id(), s.backend(),
                        g.reached * s.durationPs() / 1e9, s.durationPs() / 1e9, runLeft, allLeft);
            }
            StringBuilder b = new StringBuilder();
            b.append(String.format(Locale.ROOT, "[%d runs of %d going, all ~%s left]", running.size(), runTotal,
                    allLeft));
            for (Going g : running.values()) {
                b.append(String.format(Locale.ROOT, " %d: %s %.0f%%;", g.run.index(), g.run.run().id(),
                        100 * g.reached));
            }
            return b.length() > WIDTH ? b.substring(0, WIDTH - 3) + "..." : b.toString();
        }

        private static String clock(double s) {
            long v = Math.round(s);
            return v >= 3600 ? v / 3600 + " h " + v / 60 % 60 + " min" : v >= 60 ? v / 60 + " min" : v + " s";
        }

        @Override
        public synchronized void runEnds(RunRecord r) {
            Going g = running.remove(key(r.run(), r.backend()));
            if (g != null) {
                costFinished += g.run.cost();
            }
            if (r.failure() != null) {
                clear();
                out.println("  run " + r.run().id() + " (" + r.backend() + ") failed: " + r.failure());
            }
        }

        @Override
        public synchronized void experimentEnds(ExperimentOutcome e) {
            clear();
            long pass = e.checks().stream().filter(c -> c.verdict() == Verdict.PASS).count();
            long fail = e.checks().stream().filter(c -> c.verdict() == Verdict.FAIL).count();
            long notRun = e.checks().stream().filter(c -> c.verdict() == Verdict.NOT_RUN).count();
            long deviations = e.checks().stream().filter(c -> c.verdict() == Verdict.DEVIATION).count();
            double wall = e.runs().stream().mapToDouble(RunRecord::wallSeconds).sum();
            out.printf(Locale.ROOT, "%-24s %s: %d pass, %d FAIL, %s%d not run (%.1f s of runs)%n", e.experiment().id(),
                    e.experiment().figure(), pass, fail, deviations > 0 ? deviations + " known deviations, " : "",
                    notRun, wall);
        }

        private void clear() {
            if (live) {
                err.print("\r" + " ".repeat(WIDTH + 3) + "\r");
            }
        }

        synchronized void done() {
            clear();
        }
    }

}
