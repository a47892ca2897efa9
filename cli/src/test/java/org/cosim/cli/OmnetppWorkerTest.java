package org.cosim.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.cosim.runner.Backend;
import org.cosim.runner.RunControl;
import org.cosim.runner.RunSettings;
import org.cosim.runner.ShippedScenarios;
import org.cosim.runner.omnetpp.OmnetppTests;
import org.cosim.runner.results.ResultsComparison;
import org.cosim.runner.results.ResultsWriter;
import org.cosim.runner.results.RunResults;
import org.cosim.runner.results.Summary;
import org.cosim.scenario.ScenarioFiles;
import org.cosim.setup.RunSetup;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * In-process OMNeT++ runs of one runner go through worker opp_runs, one process for run after run: a later run in
 * the same process gives the results a first one gives, and a run that ends the process (here a stop) leaves the
 * next run to a new worker.
 */
class OmnetppWorkerTest {
    @TempDir
    Path tmp;

    @BeforeAll
    static void needsOmnetpp() {
        OmnetppTests.assumeInstalled("worker opp_runs");
    }

    /** The worker a run ran in, from its opp_run.log's first line: {pid, the run's number in that process}. */
    private static long[] worker(Path out) throws IOException {
        String first = Files.readAllLines(out.resolve("omnetpp/opp_run.log")).get(0);
        Matcher m = Pattern.compile("worker opp_run, pid (\\d+), its run (\\d+)\\)").matcher(first);
        assertTrue(m.find(), first);
        return new long[] {Long.parseLong(m.group(1)), Long.parseLong(m.group(2))};
    }

    private RunResults run(RunSetup setup, String name, RunControl control) throws IOException {
        RunResults r = Backend.OMNETPP.run(setup, RunSettings.in(tmp.resolve(name), System.out), control);
        ResultsWriter.write(tmp.resolve(name + "-results"), r, Summary.of(r),
                ScenarioFiles.canonicalText(setup.scenario()), 1000);
        return r;
    }

    @Test
    void aWorkerRunsRunAfterRunAndALaterRunGivesTheFirstRunsResults() throws IOException {
        RunSetup timely = RunSetup.of(ShippedScenarios.read("timely-incast.textproto", "duration_us=3000",
                "output.warmup_us=1000"));
        RunSetup ndp = RunSetup.of(ShippedScenarios.read("ndp-fig10-fair.textproto", "duration_us=2000"));
        assertTrue(run(timely, "a", RunControl.NONE).complete());
        assertTrue(run(ndp, "b", RunControl.NONE).complete());
        assertTrue(run(timely, "c", RunControl.NONE).complete());

        long[] a = worker(tmp.resolve("a"));
        long[] b = worker(tmp.resolve("b"));
        long[] c = worker(tmp.resolve("c"));
        assertEquals(a[0], b[0], "one process");
        assertEquals(a[0], c[0], "one process");
        assertEquals(a[1] + 1, b[1]);
        assertEquals(a[1] + 2, c[1]);
        // Another scenario in between (another network, warm-up, flows): the same files, byte for byte.
        assertTrue(ResultsComparison.of(tmp.resolve("a-results"), "first", tmp.resolve("c-results"), "third", 0)
                .agree());
        // Each log holds its own run: Cmdenv's lines about a run are in that run's log only.
        String logB = Files.readString(tmp.resolve("b/omnetpp/opp_run.log"));
        assertTrue(logB.contains("run #" + (b[1] - 1) + "...") && !logB.contains("run #" + b[1] + "..."), logB);
    }

    @Test
    void aWorkerKilledWhileIdleIsReplacedAndTheNextRunCompletes() throws Exception {
        RunSetup timely = RunSetup.of(ShippedScenarios.read("timely-incast.textproto", "duration_us=2000",
                "output.warmup_us=0"));
        assertTrue(run(timely, "first", RunControl.NONE).complete());
        long pid = worker(tmp.resolve("first"))[0];
        ProcessHandle idle = ProcessHandle.of(pid).orElseThrow();
        assertTrue(idle.destroyForcibly());
        idle.onExit().get(30, java.util.concurrent.TimeUnit.SECONDS);

        RunResults next = run(timely, "second", RunControl.NONE);
        assertTrue(next.complete(), next.failure());
        assertNotEquals(pid, worker(tmp.resolve("second"))[0], "a new worker");
        assertTrue(ResultsComparison.of(tmp.resolve("first-results"), "first", tmp.resolve("second-results"), "second",
                0).agree());
    }

    @Test
    void aStoppedRunEndsItsWorkerKeepsWhatItMeasuredAndTheNextRunGetsANewOne() throws IOException {
        RunSetup timely = RunSetup.of(ShippedScenarios.read("timely-incast.textproto", "duration_us=20000",
                "output.warmup_us=0"));
        long duration = timely.config().durationPs();
        long[] reached = {0};
        RunResults stopped = run(timely, "stopped", new RunControl(t -> reached[0] = t,
                () -> reached[0] >= duration / 5));
        assertFalse(stopped.complete());
        assertTrue(stopped.failure().contains("SIGINT or SIGTERM"), stopped.failure());
        assertTrue(stopped.reachedPs() >= duration / 5 && stopped.reachedPs() < duration, "at " + stopped.reachedPs());
        assertTrue(stopped.counters().agentWindows() > 0, "what it measured is kept");

        RunResults next = run(timely, "next", RunControl.NONE);
        assertTrue(next.complete(), next.failure());
        assertNotEquals(worker(tmp.resolve("stopped"))[0], worker(tmp.resolve("next"))[0], "a new worker");
    }
}
