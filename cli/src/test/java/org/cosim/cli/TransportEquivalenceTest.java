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

    /** The agents' sampled windows and signals come back in AgentResults: the same file as in-process. */
    @Test
    void sampledWindowsAreTheSameOverGrpc() throws IOException {
        Path dir = assertSameOverBoth("poseidon/fig14-m2-n2.textproto", "duration_us=3000", "output.warmup_us=1000",
                "output.agent_state=true", "output.sample_interval_us=50");
        java.util.List<String> lines = Files.readAllLines(dir.resolve("agent_state.csv"));
        StringBuilder head = new StringBuilder("time_ps");
        for (int f = 0; f < 5; f++) {
            for (String v : new String[] {"cwnd_packets", "rtt_us", "target_us", "delay_us"}) {
                head.append(",flow").append(f).append('_').append(v);
            }
        }
        assertEquals(head.toString(), lines.get(0), "Poseidon's window, RTT, target and MPD per flow");
        assertEquals(1 + 59, lines.size(), "50, 100, ..., 2950 us");
    }

    /** Runs both ways, checks the files are the same bytes; returns the direct run's directory. */
    private Path assertSameOverBoth(String scenario, String... overrides) throws IOException {
        Path direct = tmp.resolve(scenario.replace('/', '_') + ".direct");
        Path grpc = tmp.resolve(scenario.replace('/', '_') + ".grpc");
        run(scenario, "direct", direct, overrides);
        run(scenario, "grpc", grpc, overrides);
        for (String f : new String[] {"flows.csv", "summary.json", "rtt_samples.csv", "timeseries.csv",
                "agent_state.csv"}) {
            if (f.equals("agent_state.csv") && !Files.exists(direct.resolve(f))) {
                continue;
            }
            assertArrayEquals(Files.readAllBytes(direct.resolve(f)), Files.readAllBytes(grpc.resolve(f)),
                    f + " differs between transports");
        }
        return direct;
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
