package org.cosim.validation.validate;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeFalse;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import org.cosim.runner.Backend;
import org.cosim.runner.JavaBackend;
import org.cosim.runner.ShippedScenarios;
import org.cosim.runner.omnetpp.OmnetppInstall;
import org.cosim.runner.plots.FigureData;
import org.cosim.runner.results.RunResults;
import org.cosim.runner.results.Summary;
import org.cosim.setup.RunSetup;
import org.cosim.validation.experiments.Check;
import org.cosim.validation.experiments.Experiment;
import org.cosim.validation.experiments.PaperRun;
import org.cosim.validation.experiments.Tolerance;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * How the runner judges: pass, fail, not run (no agent; a back end without the
 * topology or without OMNeT++), not checked at --quick scale, a documented
 * deviation within its range at --quick; each distinct run once.
 */
class ValidationRunnerTest {
    @TempDir
    Path tmp;

    /** A 20 ms TIMELY incast: 0.1 s of wall time. */
    private static final PaperRun SHORT = PaperRun.of("test/incast", "TIMELY incast, 20 ms", "timely-incast.textproto",
            "duration_us=20000", "output.warmup_us=5000");
    private static final PaperRun FAT_TREE = PaperRun.of("test/fat-tree", "NDP Fig 4 incast", "ndp-fig4-incast.textproto",
            "duration_us=2000");

    /** SHORT with another seed: another run, as long. */
    private static PaperRun incastWithSeed(String name, int seed) {
        return PaperRun.of("test/" + name, "TIMELY incast, 20 ms, seed " + seed, "timely-incast.textproto",
                "duration_us=20000", "output.warmup_us=5000", "seed=" + seed);
    }

    /** The throughput of {@code run}, judged by {@code t}. */
    private static Check throughputOf(PaperRun run, Tolerance t) {
        return Check.of("throughput", "19.4 Gb/s", t, " Gb/s", r -> Summary.of(r.of(run)).goodputGbps());
    }

    private static Check throughput(Tolerance t) {
        return throughputOf(SHORT, t);
    }

    private ValidationReport run(boolean quick, List<Backend> backends, Experiment... es) {
        return new ValidationRunner(new ValidationRunner.Options(tmp, quick, backends, ShippedScenarios.dir(),
                new PrintStream(new ByteArrayOutputStream())), new ValidationRunner.Listener() { })
                .run(List.of(es), "test");
    }

    private static Experiment experiment(String id, List<PaperRun> runs, Check... checks) {
        return new Experiment(id, "timely", "Fig 0", "test", "test", runs, List.of(checks),
                r -> FigureData.lines(FigureData.Kind.TIME_SERIES, "t", "x", "y", List.of(new FigureData.Series("s",
                        new double[] {0, 1}, new double[] {1, 2}))));
    }

    private static Verdict verdict(ValidationReport r, int experiment, int check) {
        return r.experiments().get(experiment).checks().get(check).verdict();
    }

    /**
     * A run sampled so finely that `cosim run` would refuse it (its time series would not fit in memory) is
     * sampled more coarsely by the runner, as a run with merely many samples is, instead of failing.
     */
    @Test
    void aSamplingTooFineToFitIsMadeCoarserNotRefused() throws IOException {
        PaperRun fine = PaperRun.of("test/fine", "TIMELY incast, 20 ms, 1 ps samples", "timely-incast.textproto",
                "duration_us=20000", "output.warmup_us=5000", "output.sample_interval_us=0.000001");
        Check ran = throughputOf(fine, Tolerance.atLeast(1, " Gb/s"));
        ValidationReport r = run(false, List.of(Backend.JAVA), experiment("fine", List.of(fine), ran));
        assertEquals(Verdict.PASS, verdict(r, 0, 0));
        String used = Files.readString(tmp.resolve("runs/java/test/fine/scenario.textproto"));
        double interval = Double.parseDouble(used.replaceAll("(?s).*sample_interval_us: ([0-9.eE+-]+).*", "$1"));
        assertTrue(interval >= 0.1, "coarser than asked (the runner keeps 4 M cells: 40 flows, 20 ms): " + interval);
    }

    /**
     * The listener hears each completed run once, with the scenario as it ran (here with the coarser sampling the
     * runner chose): run again from that scenario alone, it gives the same flows and samples.
     */
    @Test
    void theListenerHearsEachCompletedRunWithTheScenarioAsItRan() {
        PaperRun fine = PaperRun.of("test/fine", "TIMELY incast, 20 ms, 1 ps samples", "timely-incast.textproto",
                "duration_us=20000", "output.warmup_us=5000", "output.sample_interval_us=0.000001");
        List<RunResults> heard = new ArrayList<>();
        ValidationRunner.Listener listener = new ValidationRunner.Listener() {
            @Override
            public synchronized void runCompleted(PaperRun run, RunResults results) {
                assertEquals(fine, run);
                heard.add(results);
            }
        };
        new ValidationRunner(new ValidationRunner.Options(tmp, false, List.of(Backend.JAVA), ShippedScenarios.dir(),
                new PrintStream(new ByteArrayOutputStream())), listener).run(List.of(experiment("fine", List.of(fine),
                throughputOf(fine, Tolerance.atLeast(1, " Gb/s")))), "test");
        assertEquals(1, heard.size());
        RunResults v = heard.get(0);
        assertTrue(v.scenario().getOutput().getSampleIntervalUs() >= 0.1, "the coarser sampling it ran with");
        RunResults again = JavaBackend.run(v.scenario(), t -> { });
        assertEquals(again.flows(), v.flows());
        assertArrayEquals(again.rtts().hostRttPs(), v.rtts().hostRttPs());
        assertEquals(again.series().times().length, v.series().times().length);
    }

    @Test
    void judgesEachCheckAgainstItsTolerance() throws IOException {
        ValidationReport r = run(false, List.of(Backend.JAVA), experiment("a", List.of(SHORT),
                throughput(Tolerance.atLeast(1, " Gb/s")),
                throughput(Tolerance.atLeast(100, " Gb/s")).deviation("a reason", Tolerance.atLeast(1, "")),
                Check.notRun("a baseline", "1", "no such agent"),
                throughput(Tolerance.atLeast(100, "")).fullOnly("too small")));
        assertEquals(Verdict.PASS, verdict(r, 0, 0));
        assertEquals(Verdict.FAIL, verdict(r, 0, 1), "a documented deviation still fails a full validation");
        assertTrue(r.experiments().get(0).checks().get(1).values().get(0).note().contains("a reason"));
        assertEquals(Verdict.NOT_RUN, verdict(r, 0, 2));
        assertEquals(Verdict.FAIL, verdict(r, 0, 3), "full-only checks count in a full validation");
        assertTrue(r.failed());
        assertTrue(Files.size(tmp.resolve("plots/a.png")) > 1000);
        assertTrue(Files.exists(tmp.resolve("runs/java/test/incast/summary.json")));
    }

    @Test
    void quickModeSkipsFullOnlyChecksAndAcceptsDocumentedDeviationsInTheirRange() {
        ValidationReport r = run(true, List.of(Backend.JAVA), experiment("a", List.of(SHORT),
                throughput(Tolerance.atLeast(100, " Gb/s")).deviation("a reason", Tolerance.atLeast(1, "")),
                throughput(Tolerance.atLeast(100, " Gb/s")).deviation("a reason", Tolerance.atLeast(50, "")),
                throughput(Tolerance.atLeast(100, "")).fullOnly("too small"),
                Check.notRun("a baseline", "1", "no such agent")));
        assertEquals(Verdict.DEVIATION, verdict(r, 0, 0));
        assertEquals(Verdict.FAIL, verdict(r, 0, 1), "outside the documented range too");
        assertEquals(Verdict.NOT_CHECKED, verdict(r, 0, 2));
        assertEquals(Verdict.NOT_RUN, verdict(r, 0, 3));
        r = run(true, List.of(Backend.JAVA), experiment("b", List.of(SHORT),
                throughput(Tolerance.atLeast(100, " Gb/s")).deviation("a reason", Tolerance.atLeast(1, "")),
                Check.notRun("a baseline", "1", "no such agent")));
        assertTrue(!r.failed(), "deviations and missing baselines do not fail --quick");
    }

    @Test
    void anAcceptedDeviationIsAKnownDeviationInTheFullValidationToo() {
        ValidationReport r = run(false, List.of(Backend.JAVA), experiment("a", List.of(SHORT),
                throughput(Tolerance.atLeast(100, " Gb/s")).accepted("decided", Tolerance.atLeast(1, "")),
                throughput(Tolerance.atLeast(100, " Gb/s")).accepted("decided", Tolerance.atLeast(50, ""))));
        assertEquals(Verdict.DEVIATION, verdict(r, 0, 0));
        assertTrue(r.experiments().get(0).checks().get(0).values().get(0).note().contains("decided"));
        assertEquals(Verdict.FAIL, verdict(r, 0, 1), "outside the accepted range it fails");
    }

    @Test
    void withoutOmnetppTheOmnetppBackEndReportsNotRunWithTheReason() {
        // Every topology family has an OMNeT++ network now, so only a missing
        // installation makes a run "not run"; where OMNeT++ is installed the paired
        // tests (omnetpp package) run these scenarios on it instead.
        assumeFalse(OmnetppInstall.locate().found(), "OMNeT++ is installed here: the run would happen");
        ValidationReport r = run(false, List.of(Backend.OMNETPP), experiment("c", List.of(FAT_TREE),
                Check.of("last FCT over the optimum", "1.02", Tolerance.atMost(1.03, ""), "",
                        x -> Summary.of(x.of(FAT_TREE)).incastLastOverOptimum())));
        RunRecord rec = r.experiments().get(0).runs().get(0);
        assertNotNull(rec.notRun());
        assertTrue(rec.notRun().contains("OMNeT++"), rec.notRun());
        assertEquals(Verdict.NOT_RUN, verdict(r, 0, 0));
        assertTrue(r.experiments().get(0).checks().get(0).values().get(0).note().startsWith("not run on omnetpp: "));
        assertTrue(!r.failed(), "not run is not a failure");
        assertTrue(r.experiments().get(0).plots().isEmpty(), "no figure without runs");
    }

    @Test
    void aRunSharedByExperimentsRunsOnce() {
        ValidationReport r = run(false, List.of(Backend.JAVA),
                experiment("d", List.of(SHORT), throughput(Tolerance.atLeast(1, ""))),
                experiment("e", List.of(SHORT), throughput(Tolerance.atLeast(1, ""))));
        RunRecord first = r.experiments().get(0).runs().get(0);
        assertEquals(first, r.experiments().get(1).runs().get(0), "the same record: the run did not repeat");
        assertEquals(r.experiments().get(0).checks().get(0).values().get(0).value(),
                r.experiments().get(1).checks().get(0).values().get(0).value());
    }

    @Test
    void theReportIsOnDiskAfterEachExperimentSoAStoppedValidationKeepsWhatItFinished() throws IOException {
        // An Error is what no check catches (a jar rebuilt under a running validation
        // once gave NoClassDefFoundError 18 minutes in, and the report was lost).
        Check dies = Check.of("a metric that kills the validation", "1", Tolerance.atLeast(1, ""), "", r -> {
            throw new OutOfMemoryError("simulated");
        });
        assertThrows(OutOfMemoryError.class, () -> run(false, List.of(Backend.JAVA),
                experiment("first", List.of(SHORT), throughput(Tolerance.atLeast(1, " Gb/s"))),
                experiment("second", List.of(SHORT), dies),
                experiment("third", List.of(SHORT), throughput(Tolerance.atLeast(1, " Gb/s")))));
        String md = Files.readString(tmp.resolve("report.md"));
        assertTrue(md.contains("(`first`)"), "the finished experiment is in the report");
        assertTrue(md.contains("**incomplete**: 1 of 3 experiments finished; still to run: second, third"), md);
        assertTrue(!md.contains("(`second`)"), "nothing of the experiment that died");
        String json = Files.readString(tmp.resolve("report.json"));
        assertTrue(json.contains("\"complete\": false") && json.contains("\"pending\": \"second,third\""), json);

        ValidationReport whole = run(false, List.of(Backend.JAVA),
                experiment("first", List.of(SHORT), throughput(Tolerance.atLeast(1, " Gb/s"))),
                experiment("third", List.of(SHORT), throughput(Tolerance.atLeast(1, " Gb/s"))));
        assertTrue(whole.complete());
        md = Files.readString(tmp.resolve("report.md"));
        assertTrue(!md.contains("incomplete") && md.contains("(`third`)"), "rewritten whole at the end");
        assertTrue(Files.readString(tmp.resolve("report.json")).contains("\"complete\": true"));
    }

    @Test
    void manyFlowsGetACoarserTimeSeries() {
        // The Poseidon UR scenario starts ~137,000 flows in 100 ms: at 10 us samples that would be 1.4 billion cells.
        RunSetup sim = RunSetup.of(ShippedScenarios.read("poseidon/fig19-ur.textproto"));
        long interval = ValidationRunner.seriesInterval(10_000_000L, sim.config().durationPs(), sim.flows().size());
        assertTrue(interval > 10_000_000L && interval % 10_000_000L == 0, "a multiple of 10 us: " + interval);
        long cells = sim.config().durationPs() / interval * sim.flows().size();
        assertTrue(cells <= ValidationRunner.SERIES_BUDGET_CELLS, cells + " cells");
        RunSetup few = RunSetup.of(ShippedScenarios.read("timely-incast.textproto"));
        assertEquals(few.config().sampleIntervalPs(), ValidationRunner.seriesInterval(few.config().sampleIntervalPs(),
                few.config().durationPs(), few.flows().size()), "few flows: as given");
    }

    @Test
    void backEndsAgreeWhenTheirValuesAreEqual() {
        List<CheckOutcome.Value> same = List.of(new CheckOutcome.Value(Backend.JAVA, 19.51, Verdict.PASS, null),
                new CheckOutcome.Value(Backend.OMNETPP, 19.51, Verdict.PASS, null));
        assertEquals("identical", CheckOutcome.agreement(same));
        List<CheckOutcome.Value> apart = List.of(new CheckOutcome.Value(Backend.JAVA, 100, Verdict.PASS, null),
                new CheckOutcome.Value(Backend.OMNETPP, 99, Verdict.FAIL, null));
        assertTrue(CheckOutcome.agreement(apart).startsWith("differ by 1"), CheckOutcome.agreement(apart));
        assertEquals(Verdict.FAIL, CheckOutcome.combine(apart));
        assertNull(CheckOutcome.agreement(same.subList(0, 1)));
    }

    /**
     * Ctrl-C during a validation: the run in progress stops at its next progress step with what it measured
     * (written, marked failed), no further run starts, and the report keeps the experiments finished before
     * it, listing the stopped one and the rest as still to run instead of judging them.
     */
    @Test
    void aStopKeepsTheFinishedExperimentsAndJudgesNoneCutShort() throws IOException {
        PaperRun second = incastWithSeed("second", 2);
        boolean[] stop = {false};
        ValidationRunner.Listener listener = new ValidationRunner.Listener() {
            @Override
            public void progress(ValidationRunner.RunStart s, long nowPs) {
                stop[0] |= s.index() == 2 && nowPs >= 10_000_000_000L;  // 10 ms into the second run
            }
        };
        ValidationRunner runner = new ValidationRunner(new ValidationRunner.Options(tmp, false, List.of(Backend.JAVA),
                ShippedScenarios.dir(), new PrintStream(new ByteArrayOutputStream()), () -> stop[0], 1), listener);
        ValidationReport r = runner.run(List.of(
                experiment("first", List.of(SHORT), throughput(Tolerance.atLeast(1, " Gb/s"))),
                experiment("second", List.of(second), throughput(Tolerance.atLeast(1, " Gb/s"))),
                experiment("third", List.of(SHORT), throughput(Tolerance.atLeast(1, " Gb/s")))), "test");
        assertEquals(1, r.experiments().size());
        assertEquals(Verdict.PASS, verdict(r, 0, 0));
        assertEquals(List.of("second", "third"), r.pending());
        String summary = Files.readString(tmp.resolve("runs/java/test/second/summary.json"));
        assertTrue(summary.contains("\"status\": \"failed\"") && summary.contains("SIGINT"), summary);
        assertTrue(Files.readString(tmp.resolve("report.md")).contains("still to run: second, third"));
    }

    /**
     * Ctrl-C while a large run is being set up (8192 hosts: its routes alone take seconds): the set-up ends
     * soon after, the run counts as not started, and its experiment is still to run.
     */
    @Test
    void aStopDuringALargeRunsSetUpEndsItWithinASecond() throws IOException {
        PaperRun large = PaperRun.of("test/k32", "NDP permutation, 8192 hosts", "ndp-permutation-128.textproto",
                "topology.fat_tree.k=32", "duration_us=1000", "output.warmup_us=0");
        // The set-up asks for a stop at every step and in its long loops: once per ToR's route search (512) and
        // per host's row of routes (8192), so the 2000th time falls among the routes, long before the run.
        java.util.concurrent.atomic.AtomicInteger asked = new java.util.concurrent.atomic.AtomicInteger();
        java.util.concurrent.atomic.AtomicLong requestedAt = new java.util.concurrent.atomic.AtomicLong();
        ValidationRunner runner = new ValidationRunner(new ValidationRunner.Options(tmp, false, List.of(Backend.JAVA),
                ShippedScenarios.dir(), new PrintStream(new ByteArrayOutputStream()), () -> {
                    if (asked.incrementAndGet() < 2000) {
                        return false;
                    }
                    requestedAt.compareAndSet(0, System.nanoTime());
                    return true;
                }, 1), new ValidationRunner.Listener() { });
        ValidationReport r = runner.run(List.of(experiment("large", List.of(large),
                throughputOf(large, Tolerance.atLeast(1, " Gb/s")))), "test");
        double seconds = (System.nanoTime() - requestedAt.get()) / 1e9;
        assertTrue(requestedAt.get() != 0 && seconds < 1, "ended " + seconds + " s after the stop");
        assertEquals(List.of("large"), r.pending());
        assertTrue(r.experiments().isEmpty());
        assertTrue(Files.notExists(tmp.resolve("runs/java/test/k32")), "nothing ran, nothing written");
    }

    /**
     * Each unit run on its own (as a SLURM task runs it), stored as bytes and read back, gives the report of the
     * validation that ran them itself; a unit with no stored outcome is not run, and its checks say why.
     */
    @Test
    void unitsRunElsewhereAndStoredGiveTheSameReport() throws IOException {
        PaperRun second = incastWithSeed("second", 2);
        List<Experiment> es = List.of(
                experiment("first", List.of(SHORT), throughput(Tolerance.atLeast(1, " Gb/s"))),
                experiment("second", List.of(second, SHORT), throughputOf(second, Tolerance.atMost(1, " Gb/s"))));
        PrintStream quiet = new PrintStream(new ByteArrayOutputStream());
        ValidationReport here = new ValidationRunner(new ValidationRunner.Options(tmp.resolve("here"), false,
                List.of(Backend.JAVA), ShippedScenarios.dir(), quiet), new ValidationRunner.Listener() { })
                .run(es, "test");
        Path there = tmp.resolve("there");
        ValidationRunner.Options options = new ValidationRunner.Options(there, false, List.of(Backend.JAVA),
                ShippedScenarios.dir(), quiet);
        List<ValidationRunner.Unit> units = new ValidationRunner(options, new ValidationRunner.Listener() { })
                .units(es);
        assertEquals(List.of("java/test/incast", "java/test/second"),
                units.stream().map(ValidationRunner.Unit::key).toList(), "SHORT, shared, is one unit");
        Map<String, byte[]> stored = new java.util.HashMap<>();
        for (ValidationRunner.Unit u : units) {
            stored.put(u.key(), new ValidationRunner(options, new ValidationRunner.Listener() { })
                    .runUnit(es, u.key()).bytes());
        }
        ValidationReport judged = new ValidationRunner(options, new ValidationRunner.Listener() { },
                key -> StoredUnit.of(stored.get(key))).run(es, "test");
        assertEquals(List.of(Verdict.PASS, Verdict.FAIL),
                judged.experiments().stream().map(e -> e.checks().get(0).verdict()).toList());
        assertEquals(withoutWallTimes(tmp.resolve("here/report.json")),
                withoutWallTimes(there.resolve("report.json")));
        for (String file : List.of("flows.csv", "summary.json", "timeseries.csv", "rtt_samples.csv")) {
            assertEquals(Files.readString(tmp.resolve("here/runs/java/test/second/" + file)),
                    Files.readString(there.resolve("runs/java/test/second/" + file)), file);
        }
        assertEquals(here.count(Verdict.PASS), judged.count(Verdict.PASS));

        ValidationReport missing = new ValidationRunner(options, new ValidationRunner.Listener() { },
                key -> key.equals("java/test/second") ? StoredUnit.missing(null, "its task is pending")
                        : StoredUnit.of(stored.get(key))).run(es, "test");
        CheckOutcome.Value v = missing.experiments().get(1).checks().get(0).values().get(0);
        assertEquals(Verdict.NOT_RUN, v.verdict());
        assertTrue(v.note().contains("its task is pending"), v.note());
        assertEquals(Verdict.PASS, missing.experiments().get(0).checks().get(0).verdict(), "the other experiment");
    }

    private static String withoutWallTimes(Path report) throws IOException {
        return String.join("\n", Files.readAllLines(report).stream().filter(l -> !l.contains("wall_time_s"))
                .filter(l -> !l.contains("\"date\"")).toList());
    }

    /**
     * Runs at once give the same report as one at a time: the same verdicts and values in the same order, and
     * the same files of every run; a run two experiments share still runs once.
     */
    @Test
    void parallelRunsGiveTheSameReportAndFiles() throws IOException {
        PaperRun second = incastWithSeed("second", 2);
        Check secondThroughput = throughputOf(second, Tolerance.atLeast(1, " Gb/s"));
        List<Experiment> es = List.of(
                experiment("first", List.of(SHORT), throughput(Tolerance.atLeast(1, " Gb/s"))),
                experiment("second", List.of(second, FAT_TREE), secondThroughput),
                experiment("third", List.of(SHORT), throughput(Tolerance.atMost(1, " Gb/s"))));
        List<String> reports = new ArrayList<>();
        for (int jobs : new int[] {1, 3}) {
            Path out = tmp.resolve("jobs" + jobs);
            int[] starts = {0};
            ValidationRunner.Listener counting = new ValidationRunner.Listener() {
                @Override
                public synchronized void runStarts(ValidationRunner.RunStart s) {
                    starts[0]++;
                }
            };
            ValidationReport r = new ValidationRunner(new ValidationRunner.Options(out, false, List.of(Backend.JAVA),
                    ShippedScenarios.dir(), new PrintStream(new ByteArrayOutputStream()), () -> false, jobs),
                    counting).run(es, "test");
            assertEquals(3, starts[0], "SHORT runs once for two experiments");
            assertEquals(List.of(Verdict.PASS, Verdict.PASS, Verdict.FAIL),
                    r.experiments().stream().map(e -> e.checks().get(0).verdict()).toList());
            reports.add(String.join("\n", Files.readAllLines(out.resolve("report.json")).stream()
                    .filter(l -> !l.contains("wall_time_s")).toList()));
        }
        assertEquals(reports.get(0), reports.get(1));
        for (String run : List.of("test/incast", "test/second", "test/fat-tree")) {
            for (String file : List.of("flows.csv", "summary.json", "timeseries.csv", "rtt_samples.csv")) {
                Path a = tmp.resolve("jobs1/runs/java/" + run + "/" + file);
                Path b = tmp.resolve("jobs3/runs/java/" + run + "/" + file);
                assertEquals(Files.readString(a).replaceAll("\"wall_time_s\": [0-9.e-]+", ""),
                        Files.readString(b).replaceAll("\"wall_time_s\": [0-9.e-]+", ""), run + "/" + file);
            }
        }
    }

    /**
     * Ctrl-C with two runs going: both stop, the experiments judged before stay, and the first experiment with
     * a run cut short, with everything after it, is listed as still to run.
     */
    @Test
    void aStopWithSeveralJobsKeepsWhatWasJudged() throws IOException {
        PaperRun second = incastWithSeed("second", 2);
        PaperRun third = incastWithSeed("third", 3);
        AtomicBoolean stop = new AtomicBoolean();
        CountDownLatch firstDone = new CountDownLatch(1);
        ValidationRunner.Listener listener = new ValidationRunner.Listener() {
            @Override
            public void progress(ValidationRunner.RunStart s, long nowPs) {
                if (s.run().equals(second) && nowPs >= 10_000_000_000L && !stop.get()) {
                    try {  // holds the second run (on its own thread) until the first has ended
                        assertTrue(firstDone.await(60, TimeUnit.SECONDS), "the first run ends");
                    } catch (InterruptedException e) {
                        throw new IllegalStateException(e);
                    }
                    stop.set(true);
                }
            }

            @Override
            public void runEnds(RunRecord rec) {
                if (rec.run().equals(SHORT)) {
                    firstDone.countDown();
                }
            }
        };
        ValidationReport r = new ValidationRunner(new ValidationRunner.Options(tmp, false, List.of(Backend.JAVA),
                ShippedScenarios.dir(), new PrintStream(new ByteArrayOutputStream()), stop::get, 2), listener)
                .run(List.of(
                        experiment("first", List.of(SHORT), throughput(Tolerance.atLeast(1, " Gb/s"))),
                        experiment("second", List.of(second), throughput(Tolerance.atLeast(1, " Gb/s"))),
                        experiment("third", List.of(third), throughput(Tolerance.atLeast(1, " Gb/s")))), "test");
        assertEquals(List.of("second", "third"), r.pending());
        assertEquals(1, r.experiments().size());
        assertEquals(Verdict.PASS, verdict(r, 0, 0));
        assertTrue(Files.readString(tmp.resolve("runs/java/test/second/summary.json")).contains("\"status\": "
                + "\"failed\""));
        assertTrue(Files.readString(tmp.resolve("report.md")).contains("still to run: second, third"));
    }

    /**
     * TIMELY's incast with its mark taken off: 10 clients at 10 Gb/s, long-lived, into the 20 Gb/s server
     * link: 500%. Each run warns as it starts; with --strict-load the validation refuses before any run, naming it.
     */
    @Test
    void theOfferedLoadCheckWarnsPerRunOrRefusesTheValidationUpFront() {
        PaperRun unmarked = PaperRun.of("test/unmarked", "TIMELY incast, not marked", "timely-incast.textproto",
                "duration_us=2000", "output.warmup_us=500", "workload.overload_intended=false");
        Experiment e = experiment("unmarked", List.of(unmarked), throughputOf(unmarked, Tolerance.atLeast(1, " Gb/s")));
        ByteArrayOutputStream notes = new ByteArrayOutputStream();
        new ValidationRunner(new ValidationRunner.Options(tmp, false, List.of(Backend.JAVA), ShippedScenarios.dir(),
                new PrintStream(notes, true)), new ValidationRunner.Listener() { }).run(List.of(e), "test");
        assertTrue(notes.toString().contains("cosim validate: run test/unmarked: warning: offered load 500% of the "
                + "switch -> host links (worst: switch -> server)"), notes.toString());
        Path strictOut = tmp.resolve("strict");
        org.cosim.scenario.ScenarioException refused = assertThrows(org.cosim.scenario.ScenarioException.class,
                () -> new ValidationRunner(new ValidationRunner.Options(strictOut, false, List.of(Backend.JAVA),
                        ShippedScenarios.dir(), new PrintStream(new ByteArrayOutputStream()), () -> false, 1, true),
                        new ValidationRunner.Listener() { }).run(List.of(e), "test"));
        assertTrue(refused.getMessage().contains("offered load 500% of the switch -> host links")
                && refused.getMessage().contains("(validate run test/unmarked, timely-incast.textproto)"),
                refused.getMessage());
        assertTrue(!Files.exists(strictOut.resolve("runs")), "no run started");
    }
}
