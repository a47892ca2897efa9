package org.cosim.validation.cli;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import org.cosim.validation.Main;
import org.cosim.validation.ShippedScenarios;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Same scenario and seed, twice: every results file but run.json (wall time) is byte-identical. */
class DeterminismTest {
    @TempDir
    Path tmp;

    @Test
    void sameScenarioAndSeedGiveByteIdenticalResults() throws IOException {
        Path a = tmp.resolve("a");
        Path b = tmp.resolve("b");
        run(a);
        run(b);
        for (String f : new String[] {"flows.csv", "summary.json", "rtt_samples.csv", "timeseries.csv",
                "scenario.textproto"}) {
            assertArrayEquals(Files.readAllBytes(a.resolve(f)), Files.readAllBytes(b.resolve(f)), f + " differs");
        }
    }

    private static void run(Path out) {
        PrintStream sink = new PrintStream(new ByteArrayOutputStream());
        int status = Main.run(new String[] {"run", ShippedScenarios.path("timely-incast.textproto").toString(),
                "--set", "duration_us=150000", "--set", "output.warmup_us=50000", "--no-plots",
                "--out", out.toString()}, sink, sink);
        assertEquals(0, status);
    }
}
