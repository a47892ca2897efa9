package org.cosim.cli.bench;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.cosim.runner.AgentTransports;
import org.cosim.runner.Backend;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** BackendBench's bookkeeping with a scripted launcher in place of `cosim run`. */
class BackendBenchTest {
    @TempDir
    Path tmp;

    /** Writes what `cosim run` writes; OMNeT++ run `differs` gets other flows.csv bytes. */
    private static BackendBench.Launcher scripted(List<List<String>> calls, int differs) {
        return (args, log) -> {
            calls.add(args);
            Path dir = Path.of(args.get(args.indexOf("--out") + 1));
            String backend = args.get(args.indexOf("--backend") + 1);
            Files.createDirectories(dir);
            int pair = Integer.parseInt(dir.getFileName().toString().replaceAll(".*-", ""));
            boolean odd = backend.equals("omnetpp") && pair == differs;
            Files.writeString(dir.resolve("flows.csv"), odd ? "flow,fct\n0,2\n" : "flow,fct\n0,1\n");
            Files.writeString(dir.resolve("rtt_samples.csv"), "t,rtt\n");
            Files.writeString(dir.resolve("timeseries.csv"), "t,x\n");
            Files.writeString(dir.resolve("run.json"), backend.equals("java")
                    ? "{\n  \"backend\": \"java\",\n  \"wall_time_s\": 1.5\n}\n"
                    : "{\n  \"backend\": \"omnetpp\",\n  \"wall_time_s\": 2.5,\n  \"opp_run_wall_time_s\": 2.25,\n"
                            + "  \"agent_exchange_wall_time_s\": 0.75\n}\n");
            Files.writeString(log, "ok\n");
            return 0;
        };
    }

    @Test
    void alternatesBackendsPassesOverridesAndTheTransportAndChecksEveryRunAgainstTheFirst() {
        List<List<String>> calls = new ArrayList<>();
        ByteArrayOutputStream progress = new ByteArrayOutputStream();
        List<BackendBench.Run> runs = new BackendBench(scripted(calls, 2))
                .run(Path.of("s.textproto"), List.of("pipeline_depth=2"), AgentTransports.Kind.GRPC, 3, tmp,
                        new PrintStream(progress));
        assertEquals(6, runs.size());
        for (int i = 0; i < 6; i++) {
            String backend = i % 2 == 0 ? "java" : "omnetpp";
            assertEquals(backend, runs.get(i).backend().id());
            List<String> expected = new ArrayList<>(List.of("run", "s.textproto", "--out",
                    tmp.resolve(backend + "-" + (i / 2 + 1)).toString(), "--backend", backend, "--set", "pipeline_depth=2"));
            if (backend.equals("omnetpp")) {
                expected.addAll(List.of("--transport", "grpc"));  // opp_run's agents only: Java's are in-process
            }
            assertEquals(expected, calls.get(i));
        }
        assertEquals(1.5, runs.get(0).simS());
        assertEquals(2.5, runs.get(1).simS());
        assertEquals(2.25, runs.get(1).oppRunS());
        assertEquals(0.75, runs.get(1).exchangeS());
        assertTrue(Double.isNaN(runs.get(0).oppRunS()), "the Java back end has no opp_run");
        assertTrue(runs.get(1).identical());
        assertFalse(runs.get(3).identical(), "OMNeT++ run 2 wrote other flows.csv bytes");
        assertTrue(progress.toString().contains("RESULT FILES DIFFER"));
        assertFalse(BackendBench.summarize(runs).allIdentical());
    }

    @Test
    void summaryTakesMediansPerBackend() {
        List<BackendBench.Run> runs = List.of(
                new BackendBench.Run(Backend.JAVA, 1, 9.0, 8.0, Double.NaN, Double.NaN, true),
                new BackendBench.Run(Backend.OMNETPP, 1, 30.0, 28.5, 28, 6, true),
                new BackendBench.Run(Backend.JAVA, 2, 10.0, 7.0, Double.NaN, Double.NaN, true),
                new BackendBench.Run(Backend.OMNETPP, 2, 20.0, 18.5, 18, 5, true),
                new BackendBench.Run(Backend.JAVA, 3, 8.0, 7.5, Double.NaN, Double.NaN, true),
                new BackendBench.Run(Backend.OMNETPP, 3, 22.0, 20.5, 20, 5, true));
        BackendBench.Summary s = BackendBench.summarize(runs);
        assertEquals(9.0, s.javaMedianS());
        assertEquals(22.0, s.omnetppMedianS());
        assertEquals(22.0 / 9.0, s.ratio(), 1e-12);
        assertEquals(7.5, s.javaSimMedianS());
        assertEquals(20.5, s.omnetppSimMedianS());
        assertEquals(20.5 / 7.5, s.simRatio(), 1e-12);
        assertTrue(s.allIdentical());
        assertEquals(9.5, BackendBench.summarize(runs.subList(0, 4)).javaMedianS(), "even count: the mean of the middle two");
    }

    @Test
    void aFailedRunStopsTheBenchNamingItsLog() throws IOException {
        BackendBench.Launcher failing = (args, log) -> {
            Files.writeString(log, "cosim run: bad scenario\n");
            return 2;
        };
        IllegalStateException e = assertThrows(IllegalStateException.class, () -> new BackendBench(failing)
                .run(Path.of("s.textproto"), List.of(), AgentTransports.Kind.DIRECT, 1, tmp,
                        new PrintStream(new ByteArrayOutputStream())));
        assertTrue(e.getMessage().contains("exited with status 2") && e.getMessage().contains("java-1.log"),
                e.getMessage());
    }

    @Test
    void readsNumbersOfRunJson() {
        String json = "{\n  \"backend\": \"omnetpp\",\n  \"wall_time_s\": 23.86,\n  \"events_per_second\": 2214920,\n"
                + "  \"agent_exchange_wall_time_s\": 6.5e-1\n}";
        assertEquals(23.86, BackendBench.number(json, "wall_time_s"));
        assertEquals(2214920, BackendBench.number(json, "events_per_second"));
        assertEquals(0.65, BackendBench.number(json, "agent_exchange_wall_time_s"), 1e-12);
        assertTrue(Double.isNaN(BackendBench.number(json, "opp_run_wall_time_s")));
    }
}
