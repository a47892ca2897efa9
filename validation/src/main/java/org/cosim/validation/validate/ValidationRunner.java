package org.cosim.validation.validate;

import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.LocalDate;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.BooleanSupplier;
import org.cosim.proto.Scenario;
import org.cosim.runner.Backend;
import org.cosim.runner.Jobs;
import org.cosim.runner.LoadCheck;
import org.cosim.runner.PairedRun;
import org.cosim.runner.RunControl;
import org.cosim.runner.RunSettings;
import org.cosim.runner.omnetpp.OmnetppException;
import org.cosim.runner.plots.FigureData;
import org.cosim.runner.plots.Plots;
import org.cosim.runner.results.ResultsWriter;
import org.cosim.runner.results.RunResults;
import org.cosim.runner.results.Summary;
import org.cosim.scenario.OutputSettings;
import org.cosim.scenario.Overrides;
import org.cosim.scenario.ScenarioException;
import org.cosim.scenario.ScenarioFiles;
import org.cosim.scenario.Units;
import org.cosim.setup.RunSetup;
import org.cosim.setup.SetUpStop;
import org.cosim.validation.experiments.Check;
import org.cosim.validation.experiments.Experiment;
import org.cosim.validation.experiments.PaperRun;
import org.cosim.validation.experiments.Runs;
import org.cosim.validation.experiments.Tolerance;

/**
 * Runs experiments on one or more back ends and judges their checks. Each
 * distinct run (PaperRun id, back end) runs once, on one of {@code jobs} worker
 * threads (a {@link RunQueue} hands them out in the order the experiments need
 * them), and is kept only while an experiment still needs it; the calling
 * thread judges the experiments in order as their runs finish. Its results files go to
 * {@code <out>/runs/<backend>/<run id>/}, its figures to {@code <out>/plots/}.
 * A run that cannot run on a back end (OMNeT++ missing, or without the run's
 * topology or port discipline) is recorded as not run, with the reason; a run
 * that fails midway fails the checks of its experiments on that back end.
 * {@code <out>/report.md} and {@code report.json} are rewritten after each
 * experiment, saying which are still to run until the last one ends.
 */
public final class ValidationRunner {
    /**
     * Time-series cells (samples x flows) a run may keep: a coarser sampling
     * interval (a multiple of the scenario's) keeps memory and timeseries.csv
     * small for workloads of many flows; the runs whose metrics need fine samples
     * have few flows and stay as they are.
     */
    static final long SERIES_BUDGET_CELLS = 4_000_000L;
    /** rtt_samples.csv rows written per run (every sample still feeds the percentiles). */
    static final int RTT_ROWS = 20_000;

    /**
     * {@code stop}: asked between progress steps; once true the runs in progress stop with what they measured, no
     * further run starts, and the experiments they belonged to stay among those still to run (Ctrl-C).
     * {@code jobs}: runs at once, each on its own thread (results do not depend on it). {@code strictLoad}: every
     * run's offered load is checked before any starts, and an overloading one refuses the validation
     * (LoadCheck, --strict-load); otherwise each run warns as it starts.
     */
    public record Options(Path out, boolean quick, List<Backend> backends, Path scenarios, PrintStream notes,
                          BooleanSupplier stop, int jobs, boolean strictLoad) {
        public Options {
            if (jobs < 1) {
                throw new IllegalArgumentException("jobs must be at least 1, not " + jobs);
            }
        }

        public Options(Path out, boolean quick, List<Backend> backends, Path scenarios, PrintStream notes,
                       BooleanSupplier stop, int jobs) {
            this(out, quick, backends, scenarios, notes, stop, jobs, false);
        }

        public Options(Path out, boolean quick, List<Backend> backends, Path scenarios, PrintStream notes) {
            this(out, quick, backends, scenarios, notes, () -> false, 1);
        }
    }

    /**
     * A run that starts: {@code index} (from 1) of {@code total}, first needed by experiment {@code experiment};
     * {@code cost}: its share of the validation's {@code costTotal}, for time estimates.
     */
    public record RunStart(int index, int total, String experiment, PaperRun run, Backend backend, long durationPs,
                           double cost, double costTotal) { }

    /**
     * Hears what runs, for a progress display, and what the completed runs measured. The run methods are called
     * from the worker threads, several at once with more than one job; {@code experimentEnds} from the thread that
     * called {@link #run}, in order.
     */
    public interface Listener {
        default void runStarts(RunStart s) { }

        /** Simulated time reached by run {@code s}. */
        default void progress(RunStart s, long nowPs) { }

        /** A run's record: run, failed, or not run (then without a runStarts before it). */
        default void runEnds(RunRecord r) { }

        /**
         * Run {@code run} completed, before its {@link #runEnds}: its results, with the scenario exactly as it ran
         * ({@link RunResults#scenario}: the time-series sampling the runner chose for it); the validation goes on
         * reading them.
         */
        default void runCompleted(PaperRun run, RunResults results) { }

        default void experimentEnds(ExperimentOutcome e) { }
    }

    /**
     * Where the runs' outcomes come from when they do not run here: each unit (a distinct run, or on both back
     * ends a Java run with its OMNeT++ partner; {@link #units}) ran elsewhere ({@link #runUnit}, a SLURM task) and
     * was stored; the experiments are judged from those outcomes by the same code as from runs made here.
     */
    public interface RunSource {
        StoredUnit unit(String key);
    }

    /** A unit to run: its key and its estimated cost (Jobs#cost, over its runs). */
    public record Unit(String key, double cost) { }

    /** What a worker hands back for one run; {@code results} only when it completed. */
    private record Outcome(RunRecord record, RunResults results, boolean cutShort) { }

    /**
     * A distinct run (run id, back end), the experiment that first needs it (and its index) and its share of the
     * validation's cost, for time estimates. On both back ends the Java run is planned with its OMNeT++
     * {@code partner}, and the two run as a pair ({@link PairedRun}); the partner is not queued itself.
     */
    private record Planned(String key, int experimentIndex, Experiment experiment, PaperRun run, Backend backend,
                           double cost, CompletableFuture<Outcome> outcome, Planned partner) {
        /** This run and its partner's, in the order they run. */
        List<Planned> unit() {
            return partner == null ? List.of(this) : List.of(this, partner);
        }
    }

    private final Options options;
    private final Listener listener;
    private final RunSource source;
    /** The runs not yet released, by key; a run's results go once no experiment still to judge needs them. */
    private final Map<String, Planned> planned = new HashMap<>();
    private final Map<String, Integer> usesLeft = new HashMap<>();
    private final AtomicInteger runIndex = new AtomicInteger();
    private final AtomicBoolean abandoned = new AtomicBoolean();  // run() is leaving: the workers stop too
    private int runTotal;
    private double costTotal;

    public ValidationRunner(Options options, Listener listener) {
        this(options, listener, null);
    }

    /** {@code source}: the stored outcomes of the units, instead of running them here (null: run them). */
    public ValidationRunner(Options options, Listener listener, RunSource source) {
        this.options = options;
        this.listener = listener;
        this.source = source;
    }

    /**
     * The units the experiments need, in the order a validation runs them; with {@code strictLoad}, their
     * offered loads checked first (as {@link #run} does).
     */
    public List<Unit> units(List<Experiment> experiments) {
        List<Planned> order = plan(experiments);
        if (options.strictLoad()) {
            checkLoads(order);
        }
        return order.stream().map(p -> new Unit(p.key(), p.unit().stream().mapToDouble(Planned::cost).sum()))
                .toList();
    }

    /** Runs unit {@code key} of the experiments here, writing its files under the options' directory. */
    public StoredUnit runUnit(List<Experiment> experiments, String key) {
        List<Planned> order = plan(experiments);
        runTotal = (int) order.stream().mapToLong(p -> p.unit().size()).sum();
        costTotal = order.stream().flatMap(p -> p.unit().stream()).mapToDouble(Planned::cost).sum();
        Planned p = order.stream().filter(x -> x.key().equals(key)).findFirst().orElseThrow(
                () -> new IllegalArgumentException("the experiments need no run " + key));
        List<StoredUnit.StoredRun> runs = new ArrayList<>();
        for (Outcome o : execute(p)) {
            RunRecord r = o.record();
            runs.add(new StoredUnit.StoredRun(r.run().id(), r.backend(), r.dir(), r.wallSeconds(), r.simulatedMs(),
                    r.failure(), r.notRun(), r.note(), o.results()));
        }
        return new StoredUnit(runs, null, null);
    }

    public ValidationReport run(List<Experiment> experiments, String command) {
        long start = System.nanoTime();
        List<Planned> order = plan(experiments);
        if (options.strictLoad() && source == null) {
            checkLoads(order);
        }
        runTotal = (int) order.stream().mapToLong(p -> p.unit().size()).sum();
        costTotal = order.stream().flatMap(p -> p.unit().stream()).mapToDouble(Planned::cost).sum();
        int[] experimentOf = order.stream().mapToInt(Planned::experimentIndex).toArray();
        // One job runs strictly in order: each run after the experiment before it was judged.
        RunQueue<Planned> queue = new RunQueue<>(order, experimentOf, 2 * (options.jobs() - 1), this::stopping);
        ExecutorService workers = startWorkers(queue, Math.min(options.jobs(), Math.max(1, order.size())));
        try {
            return judgeInOrder(experiments, queue, command, start);
        } finally {
            abandoned.set(true);
            workers.shutdownNow();
        }
    }

    private ValidationReport judgeInOrder(List<Experiment> experiments, RunQueue<Planned> queue, String command,
                                          long start) {
        List<ExperimentOutcome> out = new ArrayList<>();
        ValidationReport report = null;
        for (int i = 0; i < experiments.size(); i++) {
            queue.judging(i);
            ExperimentOutcome o = judge(experiments.get(i));
            if (o == null) {
                // Stopped: an experiment whose runs were cut short has no verdicts, only "still to run".
                List<String> pending = experiments.subList(i, experiments.size()).stream().map(Experiment::id)
                        .toList();
                report = report(command, out, pending, start);
                ReportWriter.write(options.out(), report);
                return report;
            }
            listener.experimentEnds(o);
            out.add(o);
            List<String> pending = experiments.subList(i + 1, experiments.size()).stream().map(Experiment::id).toList();
            report = report(command, out, pending, start);
            // After every experiment, not only at the end: an hour-long validation that
            // stops (killed, out of memory) keeps the verdicts it reached.
            ReportWriter.write(options.out(), report);
        }
        if (report == null) {  // no experiment chosen: still a report, as before
            report = report(command, out, List.of(), start);
            ReportWriter.write(options.out(), report);
        }
        return report;
    }

    /**
     * The distinct runs in the order the experiments first need them (experiment, back end, run); on both back
     * ends, (experiment, run) with the OMNeT++ run the Java run's partner.
     */
    private List<Planned> plan(List<Experiment> experiments) {
        List<Planned> order = new ArrayList<>();
        boolean paired = options.backends().size() == Backend.values().length;
        for (int i = 0; i < experiments.size(); i++) {
            Experiment e = experiments.get(i);
            for (Backend b : paired ? List.of(Backend.JAVA) : options.backends()) {
                for (PaperRun r : runsOf(e)) {
                    String k = key(b, r);
                    if (usesLeft.merge(k, 1, Integer::sum) == 1) {
                        double cost = cost(options.scenarios(), r, options.quick());
                        Planned partner = null;
                        if (paired) {
                            String pk = key(Backend.OMNETPP, r);
                            usesLeft.merge(pk, 1, Integer::sum);
                            partner = new Planned(pk, i, e, r, Backend.OMNETPP, cost, new CompletableFuture<>(), null);
                            planned.put(pk, partner);
                        }
                        Planned p = new Planned(k, i, e, r, b, cost, new CompletableFuture<>(), partner);
                        planned.put(k, p);
                        order.add(p);
                    } else if (paired) {
                        usesLeft.merge(key(Backend.OMNETPP, r), 1, Integer::sum);
                    }
                }
            }
        }
        return order;
    }

    private ExecutorService startWorkers(RunQueue<Planned> queue, int threads) {
        ExecutorService pool = Jobs.pool(threads, "cosim-validate");
        for (int i = 0; i < threads; i++) {
            pool.execute(() -> work(queue));
        }
        return pool;
    }

    /** A worker: runs what the queue hands out until it is empty; after a stop, records the rest as not started. */
    private void work(RunQueue<Planned> queue) {
        try {
            for (Planned p = queue.take(); p != null; p = queue.take()) {
                List<Planned> unit = p.unit();
                try {
                    List<Outcome> os = stopping() ? unit.stream().map(ValidationRunner::notStarted).toList()
                            : source != null ? stored(p) : execute(p);
                    for (int i = 0; i < unit.size(); i++) {
                        listener.runEnds(os.get(i).record());
                        unit.get(i).outcome().complete(os.get(i));
                    }
                } catch (Throwable t) {
                    unit.forEach(u -> u.outcome().completeExceptionally(t));
                }
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();  // run() is leaving
        }
    }

    /** Unit {@code p}'s outcomes as the source stored them. */
    private List<Outcome> stored(Planned p) {
        StoredUnit u = source.unit(p.key());
        List<Planned> unit = p.unit();
        if (u.runs().isEmpty()) {
            return unit.stream().map(x -> new Outcome(new RunRecord(x.run(), x.backend(), null, 0, 0, u.failure(),
                    u.notRun(), null), null, false)).toList();
        }
        List<Outcome> os = new ArrayList<>();
        for (int i = 0; i < unit.size(); i++) {
            Planned x = unit.get(i);
            StoredUnit.StoredRun s = u.runs().get(i);
            if (!s.runId().equals(x.run().id()) || s.backend() != x.backend()) {
                throw new IllegalStateException("stored unit " + p.key() + " holds run " + s.backend().id() + "/"
                        + s.runId() + " where " + x.key() + " belongs");
            }
            if (s.results() != null) {
                listener.runCompleted(x.run(), s.results());
            }
            os.add(new Outcome(new RunRecord(x.run(), s.backend(), s.dir(), s.wallSeconds(), s.simulatedMs(),
                    s.failure(), s.notRun(), s.note()), s.results(), false));
        }
        return os;
    }

    private boolean stopping() {
        return options.stop().getAsBoolean() || abandoned.get();
    }

    private static Outcome notStarted(Planned p) {
        return new Outcome(new RunRecord(p.run(), p.backend(), null, 0, 0, null, "the validation was stopped before it",
                null), null, true);
    }

    /** The run's outcome, waiting for its worker. */
    private Outcome await(String key) {
        try {
            return planned.get(key).outcome().get();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted while waiting for run " + key, e);
        } catch (ExecutionException e) {
            if (e.getCause() instanceof RuntimeException r) {
                throw r;
            }
            if (e.getCause() instanceof Error err) {
                throw err;
            }
            throw new IllegalStateException("run " + key + " broke: " + e.getCause(), e.getCause());
        }
    }

    private ValidationReport report(String command, List<ExperimentOutcome> done, List<String> pending, long start) {
        String machine = Runtime.getRuntime().availableProcessors() + " cores, Java " + System.getProperty(
                "java.version") + ", " + System.getProperty("os.name") + " " + System.getProperty("os.arch");
        return new ValidationReport(command, LocalDate.now().toString(), options.quick(), options.backends(), machine,
                done, pending, (System.nanoTime() - start) / 1e9);
    }

    /** The experiment's runs in this mode (--quick leaves out the full-only ones). */
    private List<PaperRun> runsOf(Experiment e) {
        return e.runs().stream().filter(r -> !(options.quick() && r.fullOnly())).toList();
    }

    private static String key(Backend backend, PaperRun r) {
        return backend.id() + "/" + r.id();
    }

    /** The experiment's verdicts once its runs are done; null if any of them was cut short by a stop. */
    private ExperimentOutcome judge(Experiment e) {
        List<RunRecord> runRecords = new ArrayList<>();
        Map<Backend, Runs> byBackend = new LinkedHashMap<>();
        Map<Backend, String> problems = new LinkedHashMap<>();  // backend -> why its values are missing
        Map<Backend, Boolean> failed = new HashMap<>();
        boolean cutShort = false;
        for (Backend b : options.backends()) {
            Map<String, RunResults> got = new HashMap<>();
            for (PaperRun r : runsOf(e)) {
                Outcome o = await(key(b, r));
                cutShort |= o.cutShort();
                RunRecord rec = o.record();
                runRecords.add(rec);
                if (rec.ok()) {
                    got.put(r.id(), o.results());
                } else if (!problems.containsKey(b)) {
                    boolean fail = rec.failure() != null;
                    failed.put(b, fail);
                    problems.put(b, fail ? "run " + r.id() + " failed: " + rec.failure()
                            : "not run on " + b.id() + ": " + rec.notRun());
                }
            }
            if (!problems.containsKey(b)) {
                byBackend.put(b, new Runs() {
                    @Override
                    public RunResults of(PaperRun run) {
                        RunResults res = got.get(run.id());
                        if (res == null) {
                            throw new IllegalStateException("experiment " + e.id() + " reads run " + run.id()
                                    + ", which " + (e.runs().contains(run) ? "is full-only" : "it does not list"));
                        }
                        return res;
                    }

                    @Override
                    public boolean has(PaperRun run) {
                        return got.containsKey(run.id());
                    }
                });
            }
        }
        if (cutShort) {
            return null;
        }
        List<CheckOutcome> checks = new ArrayList<>();
        for (Check c : e.checks()) {
            checks.add(judge(c, byBackend, problems, failed));
        }
        Map<Backend, String> plots = new LinkedHashMap<>();
        if (e.plot() != null) {
            for (Map.Entry<Backend, Runs> b : byBackend.entrySet()) {
                plots.put(b.getKey(), plot(e, b.getKey(), b.getValue()));
            }
        }
        for (PaperRun r : runsOf(e)) {
            for (Backend b : options.backends()) {
                if (usesLeft.merge(key(b, r), -1, Integer::sum) == 0) {
                    planned.remove(key(b, r));  // no later experiment needs it: free its memory
                }
            }
        }
        return new ExperimentOutcome(e, checks, runRecords, plots);
    }

    private CheckOutcome judge(Check c, Map<Backend, Runs> byBackend, Map<Backend, String> problems,
                              Map<Backend, Boolean> failed) {
        Tolerance tol = c.runnable() ? c.tolerance(options.quick()) : null;
        List<CheckOutcome.Value> values = new ArrayList<>();
        for (Backend b : options.backends()) {
            if (!c.runnable()) {
                values.add(new CheckOutcome.Value(b, Double.NaN, Verdict.NOT_RUN, "not run: " + c.missing()));
                continue;
            }
            if (problems.containsKey(b)) {
                values.add(new CheckOutcome.Value(b, Double.NaN, failed.get(b) ? Verdict.FAIL : Verdict.NOT_RUN,
                        problems.get(b)));
                continue;
            }
            boolean skip = options.quick() && c.quickSkip() != null;
            double v;
            try {
                v = c.metric().applyAsDouble(byBackend.get(b));
            } catch (RuntimeException ex) {
                if (!skip) {
                    values.add(new CheckOutcome.Value(b, Double.NaN, Verdict.FAIL, "cannot compute: "
                            + ex.getMessage()));
                    continue;
                }
                v = Double.NaN;  // its runs are full-only
            }
            if (skip) {
                values.add(new CheckOutcome.Value(b, v, Verdict.NOT_CHECKED, "not checked in --quick: "
                        + c.quickSkip()));
            } else if (tol.accepts(v)) {
                values.add(new CheckOutcome.Value(b, v, Verdict.PASS, null));
            } else if (c.deviationApplies(options.quick()) && c.knownRange().accepts(v)) {
                values.add(new CheckOutcome.Value(b, v, Verdict.DEVIATION, "outside the paper's tolerance, within "
                        + "the documented range " + c.knownRange().text() + ": " + c.deviation()));
            } else {
                String why = c.deviation() == null ? "" : ": " + c.deviation();
                values.add(new CheckOutcome.Value(b, v, Verdict.FAIL, Double.isNaN(v)
                        ? "no value (nothing to measure: no samples, or not every flow finished)" + why
                        : "outside the tolerance" + why));
            }
        }
        return new CheckOutcome(c, tol, values, CheckOutcome.combine(values), CheckOutcome.agreement(values));
    }

    private String plot(Experiment e, Backend backend, Runs runs) {
        String name = e.id() + (options.backends().size() > 1 ? "-" + backend.id() : "") + ".png";
        try {
            FigureData f = e.plot().apply(runs);
            FigureData titled = new FigureData(f.kind(), f.title() + " [" + backend.id() + (options.quick() ? ", quick"
                    : "") + "]", f.xLabel(), f.yLabel(), f.logX(), f.logY(), f.categories(), f.series());
            java.nio.file.Files.createDirectories(options.out().resolve("plots"));
            Plots.figure(options.out().resolve("plots").resolve(name), titled);
            return "plots/" + name;
        } catch (java.io.IOException | RuntimeException ex) {
            options.notes().println("cosim validate: cannot draw the figure of " + e.id() + " (" + backend.id() + "): "
                    + ex.getMessage());
            return null;
        }
    }

    /**
     * --strict-load: each distinct run's offered load, before any run starts; a ScenarioException naming the run
     * for the first that overloads. A scenario that cannot be built is left to its run, which reports it.
     */
    private void checkLoads(List<Planned> order) {
        Set<String> checked = new HashSet<>();
        for (Planned p : order) {
            PaperRun r = p.run();
            if (!checked.add(r.id())) {
                continue;
            }
            RunSetup setup;
            try {
                Scenario s = ScenarioFiles.read(options.scenarios().resolve(r.scenario()),
                        r.overrides(options.quick()));
                setup = RunSetup.of(sampledEvery(s, s.getDurationUs()), new SetUpStop(this::stopping));
            } catch (ScenarioException e) {
                continue;
            } catch (SetUpStop.Stopped e) {
                return;  // the runs are then not started
            }
            try {
                LoadCheck.check(setup, "cosim validate", true, options.notes());
            } catch (ScenarioException e) {
                throw new ScenarioException(e.field(), e.getMessage().substring(e.field().length() + 2)
                        + " (validate run " + r.id() + ", " + r.scenario() + ")", e);
            }
        }
    }

    /** The directory of a run's results on {@code backend}. */
    private Path dir(Backend backend, PaperRun r) {
        return options.out().resolve("runs").resolve(backend.id()).resolve(r.id());
    }

    /** {@link #dir} as the report names it, relative to the validation's folder. */
    private String rel(Backend backend, PaperRun r) {
        return options.out().relativize(dir(backend, r)).toString();
    }

    /** Runs one simulation on its back end, or a pair on both, and writes their files: an outcome per run. */
    private List<Outcome> execute(Planned p) {
        PaperRun r = p.run();
        Backend backend = p.backend();
        String rel = rel(backend, r);
        Scenario scenario;
        RunSetup setup;
        String note = null;
        // A large run's set-up takes a while: a stop during it ends it (the run is then one not started).
        SetUpStop setUpStop = new SetUpStop(this::stopping);
        try {
            scenario = ScenarioFiles.read(options.scenarios().resolve(r.scenario()), r.overrides(options.quick()));
            setup = sampledAsAsked(scenario, setUpStop);
            // Its flow count: from the run itself, or, when its own sampling would not fit at all, from the run
            // with a single sample.
            RunSetup sized = setup != null ? setup
                    : RunSetup.of(sampledEvery(scenario, scenario.getDurationUs()), setUpStop);
            long requested = OutputSettings.sampleIntervalPs(scenario.getOutput());
            long interval = seriesInterval(requested, sized.config().durationPs(), sized.flows().size());
            if (interval != requested || setup == null) {
                scenario = sampledEvery(scenario, interval / (double) Units.PS_PER_US);
                setup = RunSetup.of(scenario, setUpStop);
                note = "time series every " + interval / Units.PS_PER_US + " us (" + setup.flows().size()
                        + " flows; files stay small)";
            }
        } catch (ScenarioException ex) {
            return p.unit().stream().map(u -> new Outcome(new RunRecord(r, u.backend(), rel(u.backend(), r), 0, 0,
                    "bad scenario: " + ex.getMessage(), null, null), null, false)).toList();
        } catch (SetUpStop.Stopped ex) {
            return p.unit().stream().map(ValidationRunner::notStarted).toList();
        }
        LoadCheck.check(setup, "cosim validate: run " + r.id(), false, options.notes());
        if (stopping()) {
            return p.unit().stream().map(ValidationRunner::notStarted).toList();
        }
        if (p.partner() != null) {
            return executePair(p, setup, note);
        }
        RunStart start = starts(p, setup);
        Optional<String> unavailable = backend.unavailable();
        if (unavailable.isPresent()) {
            return List.of(new Outcome(new RunRecord(r, backend, null, 0, 0, null, unavailable.get(), null), null,
                    false));
        }
        RunResults res;
        try {
            res = backend.run(setup, RunSettings.in(dir(backend, r), options.notes()),
                    new RunControl(t -> listener.progress(start, t), this::stopping));
        } catch (OmnetppException | ScenarioException ex) {
            return List.of(new Outcome(new RunRecord(r, backend, rel, 0, 0, ex.getMessage(), null, note), null,
                    stopping()));
        }
        finish(r, dir(backend, r), res, setup);
        return List.of(outcome(p, res, note));
    }

    /** The Java run {@code p} and its OMNeT++ partner as a pair, whose files are compared byte for byte. */
    private List<Outcome> executePair(Planned p, RunSetup setup, String note) {
        PaperRun r = p.run();
        PairedRun.Outcome pair = PairedRun.run(setup, b -> dir(b, r), RunSettings.in(dir(Backend.JAVA, r),
                options.notes()), 0, new PairedRun.Listener() {
                    @Override
                    public RunControl starting(Backend backend) {
                        RunStart start = starts(backend == Backend.JAVA ? p : p.partner(), setup);
                        return new RunControl(t -> listener.progress(start, t), () -> stopping());
                    }

                    @Override
                    public void finished(Backend backend, Path dir, RunResults results) {
                        finish(r, dir, results, setup);
                    }
                });
        Outcome java = outcome(p, pair.java(), note);
        Planned partner = p.partner();
        if (pair.omnetpp() == null) {
            PairedRun.NotRun notRun = pair.notRun();
            return List.of(java, switch (notRun.why()) {
                case STOPPED -> notStarted(partner);
                case UNAVAILABLE -> new Outcome(new RunRecord(r, Backend.OMNETPP, null, 0, 0, null, notRun.message(),
                        null), null, false);
                case FAILED -> new Outcome(new RunRecord(r, Backend.OMNETPP, rel(Backend.OMNETPP, r), 0, 0,
                        notRun.message(), null, note), null, stopping());
            });
        }
        String agreement = pair.comparison() == null ? null : pair.comparison().agree()
                ? "its files are identical to the java run's"
                : "its files differ from the java run's in " + pair.comparison().differences().size()
                        + " values (compare.txt)";
        if (pair.comparison() != null && !pair.comparison().agree()) {
            try {
                Files.writeString(dir(Backend.OMNETPP, r).resolve("compare.txt"), pair.comparison().report());
            } catch (IOException e) {
                options.notes().println("cosim validate: cannot write compare.txt of run " + r.id() + ": "
                        + e.getMessage());
            }
        }
        return List.of(java, outcome(partner, pair.omnetpp(), note == null ? agreement
                : agreement == null ? note : note + "; " + agreement));
    }

    /** Says that run {@code p} of {@code setup} starts; its progress goes with the returned start. */
    private RunStart starts(Planned p, RunSetup setup) {
        RunStart start = new RunStart(runIndex.incrementAndGet(), runTotal, p.experiment().id(), p.run(), p.backend(),
                setup.config().durationPs(), p.cost(), costTotal);
        listener.runStarts(start);
        return start;
    }

    /** Writes run {@code r}'s files to {@code dir}; a completed run's results go to the listener too. */
    private void finish(PaperRun r, Path dir, RunResults res, RunSetup setup) {
        ResultsWriter.write(dir, res, Summary.of(res), ScenarioFiles.canonicalText(setup.scenario()), RTT_ROWS);
        if (res.complete()) {
            listener.runCompleted(r, res);
        }
    }

    /** The outcome of run {@code p}, which ran to {@code res}. */
    private Outcome outcome(Planned p, RunResults res, String note) {
        RunRecord rec = new RunRecord(p.run(), p.backend(), rel(p.backend(), p.run()), res.wallNanos() / 1e9,
                res.reachedPs() / (double) Units.PS_PER_MS,
                res.complete() ? null : res.failure(), null, note);
        return new Outcome(rec, res.complete() ? res : null, !res.complete() && stopping());
    }

    /** The run as its scenario samples it; null if that sampling is too fine to fit in memory. */
    private static RunSetup sampledAsAsked(Scenario s, SetUpStop stop) {
        try {
            return RunSetup.of(s, stop);
        } catch (ScenarioException e) {
            if (e.field().equals("output.sample_interval_us")) {
                return null;
            }
            throw e;
        }
    }

    private static Scenario sampledEvery(Scenario s, double us) {
        Scenario.Builder b = s.toBuilder();
        Overrides.apply(b, "output.sample_interval_us=" + us);
        return b.build();
    }

    /** The sampling interval for a run of {@code flows} flows: the one asked for, or a multiple of it. */
    static long seriesInterval(long interval, long durationPs, int flows) {
        long samples = durationPs / interval;
        long cells = samples * Math.max(1, flows);
        if (cells <= SERIES_BUDGET_CELLS) {
            return interval;
        }
        long factor = (cells + SERIES_BUDGET_CELLS - 1) / SERIES_BUDGET_CELLS;
        return interval * factor;
    }

    /** A rough cost of a run for progress estimates ({@link Jobs#cost}). */
    public static double cost(Path scenarios, PaperRun r, boolean quick) {
        try {
            return Jobs.cost(ScenarioFiles.read(scenarios.resolve(r.scenario()), r.overrides(quick)));
        } catch (ScenarioException e) {
            return 0;  // reported when the run is attempted
        }
    }

    static String fmt(double v) {
        return String.format(Locale.ROOT, "%.2f", v);
    }
}
