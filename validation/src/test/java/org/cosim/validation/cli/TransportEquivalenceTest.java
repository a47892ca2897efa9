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

/**
 * The TIMELY incast driven in-process and through the real gRPC stack on loopback,
 * window by window: the window rule is the same, so the results files are the same
 * bytes.
 */
class TransportEquivalenceTest {
    @TempDir
    Path tmp;

    @Test
    void directAndGrpcGiveByteIdenticalResults() throws IOException {
        Path direct = tmp.resolve("direct");
        Path grpc = tmp.resolve("grpc");
        run("direct", direct);
        run("grpc", grpc);
        for (String f : new String[] {"flows.csv", "summary.json", "rtt_samples.csv", "timeseries.csv"}) {
            assertArrayEquals(Files.readAllBytes(direct.resolve(f)), Files.readAllBytes(grpc.resolve(f)),
                    f + " differs between transports");
        }
    }

    private static void run(String transport, Path out) {
        ByteArrayOutputStream err = new ByteArrayOutputStream();
        PrintStream sink = new PrintStream(new ByteArrayOutputStream());
        int status = Main.run(new String[] {"run", ShippedScenarios.path("timely-incast.textproto").toString(),
                "--transport", transport, "--set", "duration_us=150000", "--set", "output.warmup_us=50000",
                "--no-plots", "--out", out.toString()}, sink, new PrintStream(err));
        assertEquals(0, status, err.toString());
    }
}
