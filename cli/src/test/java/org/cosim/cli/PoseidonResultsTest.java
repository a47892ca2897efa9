package org.cosim.cli;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import org.cosim.runner.ShippedScenarios;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A Poseidon run (Fig 14, M = 2, N = 9, shortened) is byte-identical run to run,
 * and through the real gRPC stack: the TX timestamps and the per-flow path facts
 * survive the wire.
 */
class PoseidonResultsTest {
    @TempDir
    Path tmp;

    @Test
    void sameSeedSameBytesWhateverTheTransport() throws IOException {
        Path a = run("direct", tmp.resolve("a"));
        Path b = run("direct", tmp.resolve("b"));
        Path grpc = run("grpc", tmp.resolve("grpc"));
        for (String f : new String[] {"flows.csv", "summary.json", "rtt_samples.csv", "timeseries.csv"}) {
            assertArrayEquals(Files.readAllBytes(a.resolve(f)), Files.readAllBytes(b.resolve(f)), f + " differs");
            assertArrayEquals(Files.readAllBytes(a.resolve(f)), Files.readAllBytes(grpc.resolve(f)),
                    f + " differs over gRPC");
        }
    }

    private static Path run(String transport, Path out) {
        ByteArrayOutputStream err = new ByteArrayOutputStream();
        PrintStream sink = new PrintStream(new ByteArrayOutputStream());
        int status = Main.run(new String[] {"run", ShippedScenarios.path("poseidon/fig14-m2-n9.textproto").toString(),
                "--transport", transport, "--set", "duration_us=1500", "--set", "output.warmup_us=500",
                "--no-plots", "--out", out.toString()}, sink, new PrintStream(err));
        assertEquals(0, status, err.toString());
        return out;
    }
}
