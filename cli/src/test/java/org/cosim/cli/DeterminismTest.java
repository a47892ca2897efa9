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
 * Same scenario and seed, twice: every results file but run.json (wall time) is
 * byte-identical. TIMELY's incast, and NDP's Fig 4 incast (trimming coins, path
 * spraying and return-to-sender: every random choice keyed by identity).
 */
class DeterminismTest {
    @TempDir
    Path tmp;

    @Test
    void sameScenarioAndSeedGiveByteIdenticalResults() throws IOException {
        assertSameTwice("timely-incast.textproto", "duration_us=150000", "output.warmup_us=50000");
    }

    @Test
    void ndpRunsAreByteIdenticalToo() throws IOException {
        assertSameTwice("ndp-fig4-incast.textproto", "duration_us=12000");
    }

    /** Sampling the agents' state reads it between events and changes nothing else. */
    @Test
    void samplingTheAgentsStateChangesNoOtherFile() throws IOException {
        Path off = tmp.resolve("off");
        Path on = tmp.resolve("on");
        run("timely-incast.textproto", off, "duration_us=20000", "output.warmup_us=0");
        run("timely-incast.textproto", on, "duration_us=20000", "output.warmup_us=0", "output.agent_state=true");
        for (String f : new String[] {"flows.csv", "rtt_samples.csv", "timeseries.csv"}) {
            assertArrayEquals(Files.readAllBytes(off.resolve(f)), Files.readAllBytes(on.resolve(f)), f + " differs");
        }
        assertEquals(false, Files.exists(off.resolve("agent_state.csv")));
        java.util.List<String> states = Files.readAllLines(on.resolve("agent_state.csv"));
        java.util.List<String> series = Files.readAllLines(on.resolve("timeseries.csv"));
        assertEquals(series.size(), states.size(), "a row per sample of the time series");
        for (int i = 1; i < series.size(); i++) {
            assertEquals(series.get(i).split(",")[0], states.get(i).split(",")[0], "the same sample times");
        }
    }

    /** Tracing packets records steps beside the run and changes no other file; the trace itself is deterministic. */
    @Test
    void tracingPacketsChangesNoOtherFile() throws IOException {
        Path off = tmp.resolve("trace-off");
        Path on = tmp.resolve("trace-on");
        Path again = tmp.resolve("trace-again");
        String[] common = {"duration_us=12000"};
        run("ndp-fig4-incast.textproto", off, common);
        run("ndp-fig4-incast.textproto", on, "duration_us=12000", "output.packet_trace={flows: [0, 42]}");
        run("ndp-fig4-incast.textproto", again, "duration_us=12000", "output.packet_trace={flows: [0, 42]}");
        for (String f : new String[] {"flows.csv", "rtt_samples.csv", "timeseries.csv"}) {
            assertArrayEquals(Files.readAllBytes(off.resolve(f)), Files.readAllBytes(on.resolve(f)), f + " differs");
        }
        assertArrayEquals(Files.readAllBytes(on.resolve("packet_trace.csv")),
                Files.readAllBytes(again.resolve("packet_trace.csv")));
        java.util.List<String> rows = Files.readAllLines(on.resolve("packet_trace.csv"));
        assertEquals("time_ps,event,node,port,flow,packet,type,seq,bytes,queue_bytes,ecn", rows.get(0));
        org.junit.jupiter.api.Assertions.assertTrue(rows.size() > 100, "both flows' 15 packets, their ACKs and pulls");
        org.junit.jupiter.api.Assertions.assertTrue(rows.stream().skip(1)
                .allMatch(r -> r.split(",")[4].equals("0") || r.split(",")[4].equals("42")), "only the traced flows");
        String summary = Files.readString(on.resolve("summary.json"));
        org.junit.jupiter.api.Assertions.assertTrue(summary.contains("\"records\": " + (rows.size() - 1)), summary);
        org.junit.jupiter.api.Assertions.assertTrue(summary.contains("\"truncated\": false"), summary);
        assertEquals(false, Files.exists(off.resolve("packet_trace.csv")));
    }

    /** NDP's state is at its receivers: each flow's pulls queued, the backlog its pull order works through. */
    @Test
    void ndpSamplesTheReceiversQueuedPulls() throws IOException {
        Path dir = tmp.resolve("ndp");
        run("ndp-fig4-incast.textproto", dir, "duration_us=12000", "output.agent_state=true",
                "output.sample_interval_us=1000");
        java.util.List<String> rows = Files.readAllLines(dir.resolve("agent_state.csv"));
        org.junit.jupiter.api.Assertions.assertTrue(rows.get(0).startsWith("time_ps,flow0_pulls_queued,"), rows.get(0));
        assertEquals(1 + 11, rows.size(), "1, 2, ..., 11 ms");
        assertEquals(1 + 4 * 100, rows.get(0).split(",").length, "pulls queued, in flight, resends queued and paths "
                + "excluded for each of 100 flows");
        String[] first = rows.get(1).split(",", -1);  // time, then four cells per flow, pulls queued first
        double most = 0;
        for (int c = 1; c < first.length; c += 4) {
            most = Math.max(most, first[c].isEmpty() ? 0 : Double.parseDouble(first[c]));
        }
        org.junit.jupiter.api.Assertions.assertTrue(most >= 1, "1 ms into a 100 -> 1 incast, flows wait for pulls");
    }

    private void assertSameTwice(String scenario, String... overrides) throws IOException {
        Path a = tmp.resolve(scenario + ".a");
        Path b = tmp.resolve(scenario + ".b");
        run(scenario, a, overrides);
        run(scenario, b, overrides);
        for (String f : new String[] {"flows.csv", "summary.json", "rtt_samples.csv", "timeseries.csv",
                "scenario.textproto"}) {
            assertArrayEquals(Files.readAllBytes(a.resolve(f)), Files.readAllBytes(b.resolve(f)), f + " differs");
        }
    }

    private static void run(String scenario, Path out, String... overrides) {
        PrintStream sink = new PrintStream(new ByteArrayOutputStream());
        java.util.List<String> args = new java.util.ArrayList<>(java.util.List.of("run",
                ShippedScenarios.path(scenario).toString(), "--no-plots", "--out", out.toString()));
        for (String o : overrides) {
            args.add("--set");
            args.add(o);
        }
        assertEquals(0, Main.run(args.toArray(new String[0]), sink, sink));
    }
}
