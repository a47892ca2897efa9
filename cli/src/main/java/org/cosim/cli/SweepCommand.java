package org.cosim.cli;

import java.io.IOException;
import java.io.PrintStream;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Future;
import java.util.concurrent.atomic.AtomicInteger;
import org.apache.commons.cli.CommandLine;
import org.apache.commons.cli.Option;
import org.apache.commons.cli.Options;
import org.cosim.cli.slurm.SlurmStudy;
import org.cosim.cli.sweep.SeedSummary;
import org.cosim.cli.sweep.SweepPlan;
import org.cosim.cli.sweep.SweepTable;
import org.cosim.proto.Scenario;
import org.cosim.runner.Backend;
import org.cosim.runner.Jobs;
import org.cosim.runner.LoadCheck;
import org.cosim.runner.PairedRun;
import org.cosim.runner.RunControl;
import org.cosim.runner.RunFiles;
import org.cosim.runner.RunSettings;
import org.cosim.runner.omnetpp.OmnetppException;
import org.cosim.runner.plots.Plots;
import org.cosim.runner.results.RunResults;
import org.cosim.runner.results.Summary;
import org.cosim.scenario.OneofSwitches;
import org.cosim.scenario.ScenarioException;
import org.cosim.scenario.ScenarioFiles;
import org.cosim.setup.RunSetup;
import org.cosim.setup.SetUpStop;

/**
 * `cosim sweep SCENARIO --vary field=v1,v2 ...`: one scenario over every
 * combination of the varied fields' values, each run's results in a directory of
 * its own and one row per run in sweep.csv. Every point's scenario is checked
 * before anything runs; runs go in parallel on the Java back end (independent
 * simulations, so the files are the same at any --jobs).
 */
public final class SweepCommand implements Command {
    private static final String USAGE = "cosim sweep SCENARIO --vary field.path=v1,v2,... [--vary ...] "
            + "[--set field.path=value ...] [--out DIR] [--jobs N] [--backend java|omnetpp|both] [--plot METRIC ...] "
            + "[--plots] [--strict-load] [--slurm [--slurm-opts 'OPTIONS'] [--slurm-chunk N] [--detach]] | "
            + "cosim sweep --collect DIR | "
            + "cosim sweep --resume DIR [--slurm-opts 'OPTIONS'] [--slurm-chunk N] [--detach]";

    /** The numbers printed over the seeds (all are in sweep_seeds.csv). */
    private static final List<String> SEED_COLUMNS = List.of("goodput_gbps", "flow_min_gbps", "rtt_network_p99_us",
            "fct_p99_us");

    @Override
    public String name() {
        return "sweep";
    }

    @Override
    public String summary() {
        return "run a scenario over every combination of some fields' values; one row per run in sweep.csv";
    }

    static Options options() {
        Options o = new Options();
        o.addOption(Option.builder("v").longOpt("vary").hasArg().argName("field.path=v1,v2,...")
                .desc("a field and its values (repeatable; runs every combination, the first --vary outermost), "
                        + "e.g. --vary workload.incast.senders=8,32,100; a..b and a..b:step are ranges "
                        + "(--vary seed=1..10: seeds repeat each configuration, and sweep_seeds.csv gets its mean, "
                        + "sd and 95% confidence interval)").get());
        o.addOption(CommandLines.setOption());
        o.addOption(Option.builder("o").longOpt("out").hasArg().argName("DIR")
                .desc("results directory (default: results/<scenario name>-sweep)").get());
        o.addOption(CommandLines.jobsOption());
        o.addOption(Option.builder("b").longOpt("backend").hasArg().argName("NAME")
                .desc("java (default), omnetpp, or both: each point on both, its files compared (column "
                        + "backends: identical, or how many values differ; DIR/<point>/java and /omnetpp)").get());
        o.addOption(Option.builder("p").longOpt("plot").hasArg().argName("METRIC")
                .desc("draw sweep_METRIC.png: a sweep.csv column over the first --vary field (repeatable), e.g. "
                        + "rtt_network_p99_us; one of " + SweepTable.metricNames()).get());
        o.addOption(Option.builder().longOpt("plots").desc("write each run's PNG plots too").get());
        o.addOption(CommandLines.strictLoadOption());
        CommandLines.addSlurmOptions(o, "sweep.csv, sweep_seeds.csv and plots");
        o.addOption(CommandLines.helpOption());
        return o;
    }

    @Override
    public int run(String[] args, PrintStream out, PrintStream err) {
        CommandLine cl = CommandLines.parse(options(), args);
        if (cl.hasOption("help")) {
            out.print(CommandLines.help(USAGE, "Runs a scenario over a grid of field values.", options()));
            return 0;
        }
        SlurmStudy.Settings slurm = CommandLines.slurmSettings(cl);
        if (cl.hasOption("collect") || cl.hasOption("resume")) {
            if (!cl.getArgList().isEmpty()) {
                throw new UsageException("--collect and --resume take the sweep's directory, not a scenario: "
                        + "unexpected " + cl.getArgList());
            }
            return cl.hasOption("collect") ? SweepOnSlurm.collect(Path.of(cl.getOptionValue("collect")), out, err)
                    : SweepOnSlurm.resume(Path.of(cl.getOptionValue("resume")), slurm, out, err);
        }
        Path file = CommandLines.scenarioArgument(cl);
        BackendChoice backend = CommandLines.choice(cl, "backend", BackendChoice.class, BackendChoice.JAVA);
        Optional<String> unavailable = backend.unavailable();
        if (unavailable.isPresent()) {
            err.println("cosim sweep: --backend " + backend.id() + " needs OMNeT++: " + unavailable.get());
            return 1;
        }
        String[] vary = cl.getOptionValues("vary");
        SweepPlan plan = SweepPlan.of(vary == null ? List.of() : List.of(vary));
        int jobs = CommandLines.jobs(cl, backend.javaOnly(), plan.points().size());
        String[] figures = cl.getOptionValues("plot");
        List<String> metrics = figures == null ? List.of() : List.of(figures);
        for (String m : metrics) {
            if (!SweepTable.metricNames().contains(m)) {
                throw new UsageException("--plot " + m + ": not a sweep.csv column (one of "
                        + SweepTable.metricNames() + ")");
            }
        }
        List<Scenario> scenarios = checkedScenarios(file, CommandLines.overrides(cl), plan,
                cl.hasOption("strict-load"), err);
        Path outDir = CommandLines.outputDirectory(cl.getOptionValue("out", "results/"
                + CommandLines.nameOf(scenarios.get(0), file) + "-sweep"));
        for (SweepPlan.Point p : plan.points()) {
            Path runDir = outDir.resolve(p.dirName(plan.axes(), plan.points().size()));
            for (Path d : backend == BackendChoice.BOTH ? backend.backends().stream()
                    .map(b -> PairedRun.dir(runDir, b)).toList() : List.of(runDir)) {
                CommandLines.resultsDirectory(d);
            }
        }
        if (cl.hasOption("slurm")) {
            return SweepOnSlurm.submit(new SweepOnSlurm.Study(outDir, plan, backend, cl.hasOption("plots"), metrics),
                    scenarios, slurm, out, err);
        }
        err.printf(Locale.ROOT, "cosim sweep: %d runs, %d at a time, into %s%n", plan.points().size(), jobs, outDir);

        try (StopOnSignal stop = new StopOnSignal(err, "the sweep's runs")) {
            List<SweepTable.Row> rows = runAll(plan, scenarios, outDir, backend, jobs, cl.hasOption("plots"), stop,
                    err);
            return report(plan, rows, outDir, backend == BackendChoice.BOTH, metrics, stop.requested(), out, err);
        }
    }

    /**
     * The sweep's table on the terminal, its summary over the seeds and its figures, from its rows (run here or
     * on SLURM); returns the exit status.
     */
    static int report(SweepPlan plan, List<SweepTable.Row> rows, Path outDir, boolean paired, List<String> metrics,
                      boolean stopped, PrintStream out, PrintStream err) {
        SweepTable table = new SweepTable(plan.axes(), rows, paired);
        table.print(out, metrics);
        Optional<SeedSummary> seeds = SeedSummary.of(plan.axes(), rows);
        if (seeds.isPresent()) {
            out.println("over the seeds (mean +- 95% confidence interval of the complete runs):");
            seeds.get().print(out, SEED_COLUMNS);
        }
        out.println("results: " + outDir + "/sweep.csv" + (seeds.isPresent() ? ", sweep_seeds.csv" : "")
                + ", and a directory per run");
        for (String m : metrics) {
            out.println("plot:    " + Plots.figure(outDir.resolve("sweep_" + m + ".png"), table.figure(m)));
        }
        return status(rows, stopped, err);
    }

    private static int status(List<SweepTable.Row> rows, boolean stopped, PrintStream err) {
        long failed = rows.stream().filter(r -> r.status().equals("failed")).count();
        long notRun = rows.stream().filter(r -> r.status().equals("pending")).count();
        long differ = rows.stream().filter(r -> r.differences() > 0).count();
        if (stopped) {
            err.println("cosim sweep: stopped by SIGINT or SIGTERM: " + (rows.size() - failed - notRun) + " runs "
                    + "complete, " + failed + " stopped or failed (their partial results are kept), " + notRun
                    + " not started (\"pending\" in sweep.csv)");
        } else if (failed > 0) {
            err.println("cosim sweep: " + failed + " of " + rows.size() + " runs failed (status in sweep.csv; their "
                    + "partial results are kept)");
        }
        if (differ > 0) {
            err.println("cosim sweep: at " + differ + " of " + rows.size() + " points the back ends' files differ "
                    + "(`cosim compare --dirs DIR/<point>/java DIR/<point>/omnetpp --diff` lists where)");
        }
        return failed > 0 || notRun > 0 || differ > 0 ? 1 : 0;
    }

    /**
     * Every point's scenario, checked as a run would check it, before any run starts; notes (once each) any
     * oneof member the overrides replaced.
     */
    static List<Scenario> checkedScenarios(Path file, List<String> base, SweepPlan plan, boolean strictLoad,
                                                   PrintStream err) {
        List<Scenario> scenarios = new ArrayList<>();
        Scenario asFiled = ScenarioFiles.read(file);  // once: each point applies its overrides to it
        Set<String> noted = new HashSet<>();
        for (SweepPlan.Point p : plan.points()) {
            List<String> overrides = new ArrayList<>(base);
            overrides.addAll(p.overrides(plan.axes()));
            try {
                Scenario s = ScenarioFiles.withOverrides(asFiled, overrides);
                // Said once for all the points that overload alike (a sweep over seeds).
                RunSetup setup = OneofSwitches.explained(asFiled, s, () -> RunSetup.of(s));
                LoadCheck.check(setup, "cosim sweep", strictLoad, line -> {
                    if (noted.add(line)) {
                        err.println(line + " (first at sweep run " + p.index() + ")");
                    }
                });
                scenarios.add(s);
                for (String sw : OneofSwitches.between(asFiled, s)) {
                    if (noted.add(sw)) {
                        CommandLines.noteSwitch(sw, "sweep", "--set or --vary", err);
                    }
                }
            } catch (ScenarioException e) {
                throw new ScenarioException(e.field(), e.getMessage().substring(e.field().length() + 2)
                        + " (sweep run " + p.index() + ": " + String.join(" ", p.overrides(plan.axes())) + ")", e);
            }
        }
        return scenarios;
    }

    private static List<SweepTable.Row> runAll(SweepPlan plan, List<Scenario> scenarios, Path outDir,
                                               BackendChoice backend, int jobs, boolean plots, StopOnSignal stop,
                                               PrintStream err) {
        ExecutorService pool = Jobs.pool(jobs, "cosim-sweep");
        AtomicInteger done = new AtomicInteger();
        int count = plan.points().size();
        // sweep.csv is rewritten as each run ends, the points still running or
        // waiting marked "pending": a sweep that stops keeps the rows it finished.
        SweepTable.Row[] table = new SweepTable.Row[count];
        for (int i = 0; i < count; i++) {
            table[i] = SweepTable.Row.pending(plan.points().get(i), plan.points().get(i).dirName(plan.axes(), count));
        }
        boolean paired = backend == BackendChoice.BOTH;
        try {
            Files.createDirectories(outDir);
            writeTables(plan, List.of(table), paired, outDir);
            List<Future<SweepTable.Row>> futures = new ArrayList<>();
            for (int i = 0; i < count; i++) {
                SweepPlan.Point p = plan.points().get(i);
                Scenario s = scenarios.get(i);
                String dir = p.dirName(plan.axes(), count);
                int slot = i;
                futures.add(pool.submit(() -> {
                    if (stop.requested()) {
                        return table[slot];  // still "pending": a stopped sweep starts no more runs
                    }
                    SweepTable.Row row;
                    try {
                        row = runOne(p, dir, s, outDir.resolve(dir), backend, plots, stop, err);
                    } catch (SetUpStop.Stopped e) {
                        return table[slot];  // stopped before its simulated time started: still "pending"
                    } catch (RuntimeException e) {
                        // e.g. its results could not be written: the other runs' rows still make the table
                        row = SweepTable.Row.failedToStart(p, dir, e.toString());
                    }
                    synchronized (table) {
                        table[slot] = row;
                        writeTables(plan, List.of(table), paired, outDir);
                        err.printf(Locale.ROOT, "cosim sweep: %d/%d %s: %s%n", done.incrementAndGet(), count,
                                String.join(" ", p.overrides(plan.axes())), row.complete() ? "done"
                                        : "FAILED (" + row.failure() + ")");
                    }
                    return row;
                }));
            }
            List<SweepTable.Row> rows = new ArrayList<>();
            for (Future<SweepTable.Row> f : futures) {
                rows.add(f.get());
            }
            return rows;
        } catch (IOException e) {
            throw new UncheckedIOException("cannot create " + outDir + ": " + e.getMessage(), e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted", e);
        } catch (ExecutionException e) {
            throw new IllegalStateException("a sweep run broke: " + e.getCause(), e.getCause());
        } finally {
            pool.shutdownNow();
        }
    }

    /** sweep.csv, and sweep_seeds.csv when seed is varied: rewritten as runs end, so a stopped sweep keeps them. */
    static void writeTables(SweepPlan plan, List<SweepTable.Row> rows, boolean paired, Path outDir) {
        new SweepTable(plan.axes(), rows, paired).writeCsv(outDir.resolve("sweep.csv"));
        SeedSummary.of(plan.axes(), rows).ifPresent(s -> s.writeCsv(outDir.resolve("sweep_seeds.csv")));
    }

    /** One point; a signal stops it at its next progress step, and its results are kept as a failed run's. */
    static SweepTable.Row runOne(SweepPlan.Point p, String dir, Scenario s, Path runDir,
                                         BackendChoice backend, boolean plots, StopOnSignal stop, PrintStream err) {
        if (backend == BackendChoice.BOTH) {
            return runBoth(p, dir, s, runDir, plots, stop, err);
        }
        RunSetup setup = RunSetup.of(s, stop.setUp());
        RunResults results;
        try {
            results = backend.backends().get(0).run(setup, RunSettings.in(runDir, err), stop.control(t -> { }));
        } catch (OmnetppException e) {
            return SweepTable.Row.failedToStart(p, dir, e.getMessage());
        }
        Summary summary = Summary.of(results);
        RunFiles.write(runDir, results, summary, setup, !plots);
        return SweepTable.Row.of(p, dir, results, summary);
    }

    /** A point on both back ends, as `cosim compare` runs them: the row holds the Java run and how many values differ. */
    private static SweepTable.Row runBoth(SweepPlan.Point p, String dir, Scenario given, Path runDir, boolean plots,
                                         StopOnSignal stop, PrintStream err) {
        RunSetup setup = RunSetup.of(given, stop.setUp());
        Summary[] javaSummary = new Summary[1];
        PairedRun.Outcome pair = PairedRun.run(setup, runDir, RunSettings.in(runDir, err), 0, new PairedRun.Listener() {
            @Override
            public RunControl starting(Backend backend) {
                return stop.control(t -> { });
            }

            @Override
            public void finished(Backend backend, Path at, RunResults results) {
                Summary summary = Summary.of(results);
                javaSummary[0] = backend == Backend.JAVA ? summary : javaSummary[0];
                RunFiles.write(at, results, summary, setup, !plots);
            }
        });
        return SweepTable.Row.paired(p, dir, pair.java(), javaSummary[0], pair.failure(),
                pair.comparison() == null ? -1 : pair.comparison().differences().size());
    }
}
