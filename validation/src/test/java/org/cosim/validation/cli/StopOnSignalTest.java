package org.cosim.validation.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.cosim.validation.ShippedScenarios;
import org.cosim.validation.omnetpp.OmnetppInstall;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * SIGTERM (what Process.destroy sends on Linux; Ctrl-C's SIGINT takes the same path)
 * in the middle of a long run: the run stops and what it measured is written, as a
 * failed run that says why, on either back end.
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

    /**
     * Starts one simulated second of the 128-host permutation in a child JVM (a minute on the Java fabric, five
     * on OMNeT++: far longer than the test waits), waits for {@code started} and then {@code pauseMs}, sends
     * SIGTERM, and checks the results written. The pause is a margin, not a measurement: the run lasts minutes,
     * so the signal lands mid-run whether it is 0.1 s or 10 s.
     */
    private String stopMidRun(Path out, Path started, long pauseMs, String... args) throws Exception {
        List<String> cmd = new ArrayList<>(List.of(Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                "-cp", System.getProperty("java.class.path"), "org.cosim.validation.Main", "run",
                ShippedScenarios.path("ndp-permutation-128.textproto").toString(), "--set", "duration_us=1000000",
                "--no-plots", "--out", out.toString()));
        cmd.addAll(List.of(args));
        ProcessBuilder pb = new ProcessBuilder(cmd);
        pb.redirectErrorStream(true);
        pb.redirectOutput(tmp.resolve("log").toFile());
        Process p = pb.start();
        for (int i = 0; i < 600 && !Files.exists(started); i++) {
            Thread.sleep(100);
        }
        assertTrue(Files.exists(started), log());
        Thread.sleep(pauseMs);
        p.destroy();
        assertTrue(p.waitFor(120, TimeUnit.SECONDS));
        String log = log();
        assertTrue(log.contains("partial results are in"), log);
        String summary = Files.readString(out.resolve("summary.json"));
        assertTrue(summary.contains("\"status\": \"failed\"") && summary.contains("by SIGINT or SIGTERM at"), summary);
        List<String> flows = Files.readAllLines(out.resolve("flows.csv"));
        assertEquals(129, flows.size(), "a header and the 128 flows");
        return log;
    }

    private String log() throws IOException {
        return Files.readString(tmp.resolve("log"), StandardCharsets.UTF_8);
    }
}
