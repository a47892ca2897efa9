package org.cosim.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.cosim.runner.ShippedScenarios;
import org.cosim.runner.omnetpp.OmnetppInstall;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * SIGTERM (what Process.destroy sends on Linux; Ctrl-C's SIGINT takes the same path)
 * in the middle of a long run: the run stops and what it measured is written, as a
 * failed run that says why, on either back end, and a sweep or comparison starts no
 * further run.
 */
class StopOnSignalTest {
    @TempDir
    Path tmp;

    @Test
    void aSignalledRunWritesWhatItMeasured() throws Exception {
        Path out = tmp.resolve("stopped");
        // The results directory is made just before the run installs its signal hook and starts.
        stopMidRun(out, out, 1500);
    }

    /**
     * With plots (the default): they are drawn after the signal too, and the summary is printed. ImageIO's file
     * cache used to register a shutdown hook as the first plot was written, which threw once shutdown had begun:
     * a stack trace, an empty rates.png, no other plot, no summary.
     */
    @Test
    void aSignalledRunStillDrawsItsPlotsAndPrintsItsSummary() throws Exception {
        Path out = tmp.resolve("plotted");
        // No warm-up: a signal that lands early (a slow start) still leaves RTT samples for rtt_cdf.png.
        String log = signalMidway(out, null, 1500, "run", permutation128(), "--set", "duration_us=1000000", "--set",
                "output.warmup_us=0", "--out", out.toString());
        assertPartialResults(out);
        assertFalse(log.contains("Exception"), log);
        assertTrue(log.contains("  throughput  ") && log.contains("partial results are in"), log);
        for (String png : List.of("rates.png", "rtt_cdf.png")) {  // the permutation monitors no queue
            assertTrue(Files.size(out.resolve(png)) > 1000, png + ": " + log);
        }
    }

    /**
     * `cosim validate`: the report keeps the experiment finished before the signal and lists the stopped one as
     * still to run, and the stopped run's files are kept.
     */
    @Test
    void aSignalledValidationKeepsItsReport() throws Exception {
        Path out = tmp.resolve("validate");
        // report.md is first written when timely-fig13 (a third of a second) has finished; ndp-fig14's 432-host
        // permutations then take seconds each.
        String log = signalMidway(out.resolve("report.md"), null, 1500, "validate", "--quick", "--only",
                "timely-fig13,ndp-fig14", "--out", out.toString());
        assertTrue(log.contains("validate: stopped after 1 of 2 experiments"), log);
        String report = Files.readString(out.resolve("report.md"));
        assertTrue(report.contains("still to run: ndp-fig14"), report);
        assertTrue(report.contains("timely-fig13") && !report.contains("by SIGINT or SIGTERM"), report);
        try (var runs = Files.walk(out.resolve("runs").resolve("java"))) {
            assertTrue(runs.filter(f -> f.endsWith("summary.json")).anyMatch(f -> {
                try {
                    return Files.readString(f).contains("by SIGINT or SIGTERM at ");
                } catch (IOException e) {
                    throw new java.io.UncheckedIOException(e);
                }
            }), "the stopped run's files are kept: " + log);
        }
    }

    @Test
    void aSignalledOmnetppRunWritesWhatOppRunMeasured() throws Exception {
        OmnetppInstall.Lookup omnetpp = OmnetppInstall.locate();
        assumeTrue(omnetpp.found(), "OMNeT++ tests SKIPPED (a signalled opp_run): " + omnetpp.whyNot());
        Path out = tmp.resolve("stopped");
        // opp_run.log is made as opp_run starts; it sets up the 128-host network in about a second.
        String log = stopMidRun(out, out.resolve("omnetpp").resolve("opp_run.log"), 5000, "--backend", "omnetpp");
        assertTrue(Files.readString(out.resolve("omnetpp").resolve("opp_run.log")).contains(
                "cosim: stopped by SIGINT or SIGTERM at"), "the bridge says why it stopped");
        assertTrue(log.contains("RUN FAILED"), log);
    }

    @Test
    void aSignalledSweepKeepsItsRowsAndStartsNoMoreRuns() throws Exception {
        Path out = tmp.resolve("sweep");
        // sweep.csv is written, all rows pending, just after the signal hook is installed and before the first run.
        String log = signalMidway(out.resolve("sweep.csv"), null, 1500, "sweep", permutation128(), "--set",
                "duration_us=1000000", "--vary", "seed=1,2,3", "--jobs", "1", "--out", out.toString());
        assertTrue(log.contains("stopped by SIGINT or SIGTERM: 0 runs complete, 1 stopped or failed (their partial "
                + "results are kept), 2 not started"), log);
        List<String> rows = Files.readAllLines(out.resolve("sweep.csv"));
        assertEquals(4, rows.size(), String.join("\n", rows));
        assertTrue(rows.get(1).startsWith("1,1_seed=1,1,failed,"), rows.get(1));
        assertTrue(rows.get(2).startsWith("2,2_seed=2,2,pending,") && rows.get(3).startsWith("3,3_seed=3,3,pending,"),
                String.join("\n", rows));
        assertPartialResults(out.resolve("1_seed=1"));
        assertFalse(Files.exists(out.resolve("2_seed=2")), "a stopped sweep starts no more runs");
    }

    @Test
    void aSignalledComparisonKeepsTheJavaRunAndStartsNoOppRun() throws Exception {
        OmnetppInstall.Lookup omnetpp = OmnetppInstall.locate();
        assumeTrue(omnetpp.found(), "OMNeT++ tests SKIPPED (a signalled cosim compare): " + omnetpp.whyNot());
        Path out = tmp.resolve("compare");
        // The comparison runs Java first, once it has printed this line.
        String log = signalMidway(tmp.resolve("log"), "--- java back end", 3000, "compare", permutation128(), "--set", "duration_us=1000000",
                "--no-plots", "--out", out.toString());
        assertTrue(log.contains("the omnetpp run did not start"), log);
        assertPartialResults(out.resolve("java"));
        assertFalse(Files.exists(out.resolve("omnetpp")), log);
    }

    @Test
    void aComparisonSignalledDuringOppRunKeepsBothRunsAndComparesNothing() throws Exception {
        OmnetppInstall.Lookup omnetpp = OmnetppInstall.locate();
        assumeTrue(omnetpp.found(), "OMNeT++ tests SKIPPED (a signalled cosim compare): " + omnetpp.whyNot());
        Path out = tmp.resolve("compare");
        // 100 ms: seconds on the Java fabric, 20-30 s on OMNeT++; opp_run.log (in the OMNeT++ run's results
        // directory's own omnetpp/) appears as opp_run starts.
        String log = signalMidway(out.resolve("omnetpp").resolve("omnetpp").resolve("opp_run.log"), null, 5000,
                "compare",
                permutation128(),
                "--set", "duration_us=100000", "--no-plots", "--out", out.toString());
        assertTrue(log.contains("partial results are in " + out.resolve("omnetpp")) && log.contains("not compared"),
                log);
        assertTrue(Files.readString(out.resolve("java").resolve("summary.json")).contains("\"status\": \"complete\""),
                "the Java run ended before the signal");
        assertPartialResults(out.resolve("omnetpp"));
        assertFalse(Files.exists(out.resolve("compare.txt")), "nothing compared");
    }

    /**
     * `cosim run` of one simulated second of the 128-host permutation (a minute on the Java fabric, five on
     * OMNeT++: far longer than the test waits), SIGTERM after {@code started} appears and {@code pauseMs}, and the
     * results written.
     */
    private String stopMidRun(Path out, Path started, long pauseMs, String... args) throws Exception {
        List<String> cmd = new ArrayList<>(List.of("run", permutation128(), "--set", "duration_us=1000000",
                "--no-plots", "--out", out.toString()));
        cmd.addAll(List.of(args));
        String log = signalMidway(started, null, pauseMs, cmd.toArray(String[]::new));
        assertTrue(log.contains("partial results are in"), log);
        assertPartialResults(out);
        return log;
    }

    @Test
    void aSecondSignalExitsAtOnceWhenALawNeverReturns() throws Exception {
        Path stuck = tmp.resolve("stuck-marker");
        // The law marks the moment it gets stuck, so the signals land while it loops however slow the machine.
        Path law = Files.writeString(tmp.resolve("Loops.java"), """
                import java.nio.file.Files;
                import java.nio.file.Path;
                import org.cosim.agents.custom.LawParameters;
                import org.cosim.agents.custom.RateFlow;
                import org.cosim.agents.sender.RateControl;
                public final class Loops implements RateControl {
                    private boolean spin;
                    public Loops(LawParameters p, RateFlow f) {}
                    @Override public double rateBps() { return 1e9; }
                    @Override public void onRttSample(long rttPs) {
                        try {
                            Files.writeString(Path.of("%s"), "stuck");
                        } catch (java.io.IOException e) {
                            throw new java.io.UncheckedIOException(e);
                        }
                        while (true) { spin = !spin; }
                    }
                }
                """.formatted(stuck));
        Path out = tmp.resolve("stuck");
        List<String> cmd = new ArrayList<>(List.of(Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                "-cp", System.getProperty("java.class.path"), "org.cosim.cli.Main", "run",
                ShippedScenarios.path("timely-incast.textproto").toString(), "--set", "duration_us=1000", "--set",
                "output.warmup_us=0", "--no-plots", "--out", out.toString(), "--set",
                "protocol.custom_rate_law={source_file: \"" + law + "\"}"));
        Process p = new ProcessBuilder(cmd).redirectErrorStream(true).redirectOutput(tmp.resolve("log").toFile())
                .start();
        for (int i = 0; i < 1200 && !Files.exists(stuck) && p.isAlive(); i++) {
            Thread.sleep(100);
        }
        assertTrue(Files.exists(stuck), "the law never got stuck: " + log());
        p.destroy();
        for (int i = 0; i < 100 && !log().contains("Ctrl-C again"); i++) {
            Thread.sleep(100);
        }
        assertTrue(p.isAlive(), "the first signal waits for the stuck run: " + log());
        for (int i = 0; i < 300 && !log().contains("no step reached"); i++) {
            Thread.sleep(100);
        }
        assertTrue(log().contains("the simulation is at Loops.onRttSample (line 16 of the custom law's source file)"),
                "it says where: " + log());
        p.destroy();
        assertTrue(p.waitFor(10, TimeUnit.SECONDS), "the second signal ends it: " + log());
        assertEquals(143, p.exitValue(), log());
        assertTrue(log().contains("SIGTERM again: exiting at once"), log());
    }

    private static String permutation128() {
        return ShippedScenarios.path("ndp-permutation-128.textproto").toString();
    }

    /**
     * Starts `cosim ARGS` in a child JVM, waits for {@code started} to exist (and to hold {@code startedText}, if
     * given) and then {@code pauseMs}, sends SIGTERM and waits for the child to exit; returns its output. The
     * pause is a margin, not a measurement: the runs last far longer, so the signal lands mid-run whether it is
     * 0.1 s or 10 s.
     */
    private String signalMidway(Path started, String startedText, long pauseMs, String... args) throws Exception {
        List<String> cmd = new ArrayList<>(List.of(Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                "-cp", System.getProperty("java.class.path"), "org.cosim.cli.Main"));
        cmd.addAll(List.of(args));
        ProcessBuilder pb = new ProcessBuilder(cmd);
        pb.redirectErrorStream(true);
        pb.redirectOutput(tmp.resolve("log").toFile());
        Process p = pb.start();
        boolean up = false;
        for (int i = 0; i < 600 && !up && p.isAlive(); i++) {
            Thread.sleep(100);
            up = Files.exists(started) && (startedText == null || Files.readString(started).contains(startedText));
        }
        assertTrue(up, started + " never appeared: " + log());
        Thread.sleep(pauseMs);
        p.destroy();
        assertTrue(p.waitFor(120, TimeUnit.SECONDS));
        return log();
    }

    /** A stopped run's results: all 128 flows, and a summary that says the run failed and why. */
    private static void assertPartialResults(Path dir) throws IOException {
        String summary = Files.readString(dir.resolve("summary.json"));
        // The same words on both back ends: no exception's name or place.
        assertTrue(summary.contains("\"status\": \"failed\"")
                && summary.contains("\"failure\": \"by SIGINT or SIGTERM at "), summary);
        List<String> flows = Files.readAllLines(dir.resolve("flows.csv"));
        assertEquals(129, flows.size(), "a header and the 128 flows");
    }

    private String log() throws IOException {
        return Files.readString(tmp.resolve("log"), StandardCharsets.UTF_8);
    }
}
