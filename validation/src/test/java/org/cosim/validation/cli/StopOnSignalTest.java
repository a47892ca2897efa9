package org.cosim.validation.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.cosim.validation.ShippedScenarios;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * SIGTERM (what Process.destroy sends on Linux; Ctrl-C's SIGINT takes the same path)
 * in the middle of a long run: the run stops and what it measured is written, as a
 * failed run that says why.
 */
class StopOnSignalTest {
    @TempDir
    Path tmp;

    @Test
    void aSignalledRunWritesWhatItMeasured() throws Exception {
        Path out = tmp.resolve("stopped");
        // One simulated second of the 128-host permutation: about a minute here, far longer than the test waits.
        ProcessBuilder pb = new ProcessBuilder(Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                "-cp", System.getProperty("java.class.path"), "org.cosim.validation.Main", "run",
                ShippedScenarios.path("ndp-permutation-128.textproto").toString(), "--set", "duration_us=1000000",
                "--no-plots", "--out", out.toString());
        pb.redirectErrorStream(true);
        pb.redirectOutput(tmp.resolve("log").toFile());
        Process p = pb.start();
        // The results directory is made just before the run installs its signal hook and starts. The pause is a
        // margin for that step, not a measurement: the run lasts about a minute, so the signal lands mid-run
        // whether the pause is 0.1 s or 10 s.
        for (int i = 0; i < 600 && !Files.isDirectory(out); i++) {
            Thread.sleep(100);
        }
        assertTrue(Files.isDirectory(out), Files.readString(tmp.resolve("log")));
        Thread.sleep(1500);
        p.destroy();
        assertTrue(p.waitFor(120, TimeUnit.SECONDS));
        String log = Files.readString(tmp.resolve("log"), StandardCharsets.UTF_8);
        assertTrue(log.contains("partial results are in"), log);
        String summary = Files.readString(out.resolve("summary.json"));
        assertTrue(summary.contains("\"status\": \"failed\"") && summary.contains("by SIGINT or SIGTERM at"), summary);
        List<String> flows = Files.readAllLines(out.resolve("flows.csv"));
        assertEquals(129, flows.size(), "a header and the 128 flows");
    }
}
