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
 * The TIMELY incast and NDP's Fig 4 incast driven in-process and through the real
 * gRPC stack on loopback, window by window: the window rule is the same, so the
 * results files are the same bytes (for NDP: per-packet arrivals, ACK/NACK/PULL,
 * returned headers and the MTU in the Hello all cross the wire).
 */
class TransportEquivalenceTest {
    @TempDir
    Path tmp;

    @Test
    void directAndGrpcGiveByteIdenticalResults() throws IOException {
        assertSameOverBoth("timely-incast.textproto", "duration_us=150000", "output.warmup_us=50000");
    }

    @Test
    void ndpOverGrpcGivesTheSameBytes() throws IOException {
        assertSameOverBoth("ndp-fig4-incast.textproto", "duration_us=12000");
    }

    private void assertSameOverBoth(String scenario, String... overrides) throws IOException {
        Path direct = tmp.resolve(scenario + ".direct");
        Path grpc = tmp.resolve(scenario + ".grpc");
        run(scenario, "direct", direct, overrides);
        run(scenario, "grpc", grpc, overrides);
        for (String f : new String[] {"flows.csv", "summary.json", "rtt_samples.csv", "timeseries.csv"}) {
            assertArrayEquals(Files.readAllBytes(direct.resolve(f)), Files.readAllBytes(grpc.resolve(f)),
                    f + " differs between transports");
        }
    }

    private static void run(String scenario, String transport, Path out, String... overrides) {
        ByteArrayOutputStream err = new ByteArrayOutputStream();
        PrintStream sink = new PrintStream(new ByteArrayOutputStream());
        java.util.List<String> args = new java.util.ArrayList<>(java.util.List.of("run",
                ShippedScenarios.path(scenario).toString(), "--transport", transport, "--no-plots", "--out",
                out.toString()));
        for (String o : overrides) {
            args.add("--set");
            args.add(o);
        }
        int status = Main.run(args.toArray(new String[0]), sink, new PrintStream(err));
        assertEquals(0, status, err.toString());
    }
}
