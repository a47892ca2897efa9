package org.cosim.cli;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.cosim.runner.ShippedScenarios;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The scenario's pipeline_depth d: batches of L / d, each batch's actions applied at
 * W + L. The agents see the same events in the same order whatever the batching, and
 * an action's event goes before the hardware's on the same picosecond whenever it
 * entered the event set, so the depth changes nothing in the results.
 */
class PipelineDepthTest {
    private static final String[] RESULT_CSVS = {"flows.csv", "rtt_samples.csv", "timeseries.csv"};

    @TempDir
    Path tmp;

    /** NDP's Fig 4 incast (a k = 12 fat tree, trimming, returned headers): no such ties, the same bytes. */
    @Test
    void ndpIncastGivesTheSameResultsAtEveryDepth() throws IOException {
        Path one = run("ndp-fig4-incast.textproto", "direct", "d1", "duration_us=6000");
        Path four = run("ndp-fig4-incast.textproto", "direct", "d4", "duration_us=6000", "pipeline_depth=4");
        for (String f : RESULT_CSVS) {
            assertArrayEquals(Files.readAllBytes(one.resolve(f)), Files.readAllBytes(four.resolve(f)), f);
        }
        assertTrue(windows(four) > windows(one), "depth 4 cuts more, shorter batches: " + windows(four) + " vs "
                + windows(one));
    }

    /**
     * Poseidon at 200 Gb/s, where actions do meet hardware events on the same picosecond (with actions ranked
     * like hardware events, in insertion order, depth 5 gave other results than depth 1): the same bytes at
     * both depths, in-process and over gRPC.
     */
    @Test
    void aPipelinedRunIsTheSameOverGrpcAndAtDepthOne() throws IOException {
        String[] set = {"duration_us=1500", "output.warmup_us=500", "pipeline_depth=5"};
        Path direct = run("poseidon/fig14-m2-n2.textproto", "direct", "p-direct", set);
        Path grpc = run("poseidon/fig14-m2-n2.textproto", "grpc", "p-grpc", set);
        for (String f : new String[] {"flows.csv", "summary.json", "rtt_samples.csv", "timeseries.csv"}) {
            assertArrayEquals(Files.readAllBytes(direct.resolve(f)), Files.readAllBytes(grpc.resolve(f)),
                    f + " differs between transports");
        }
        Path depthOne = run("poseidon/fig14-m2-n2.textproto", "direct", "p-d1", "duration_us=1500",
                "output.warmup_us=500");
        for (String f : RESULT_CSVS) {
            assertArrayEquals(Files.readAllBytes(depthOne.resolve(f)), Files.readAllBytes(direct.resolve(f)),
                    f + " differs between depths 1 and 5");
        }
    }

    @Test
    void aDepthThatDoesNotDivideLIsABadScenario() {
        ByteArrayOutputStream err = new ByteArrayOutputStream();
        int status = Main.run(new String[] {"run", ShippedScenarios.path("timely-incast.textproto").toString(),
                "--set", "pipeline_depth=3", "--no-plots", "--out", tmp.resolve("bad").toString()},
                new PrintStream(new ByteArrayOutputStream()), new PrintStream(err));
        String message = err.toString(StandardCharsets.UTF_8);
        assertTrue(status != 0, message);
        assertTrue(message.contains("pipeline_depth: 3: must be in 1..64 and divide L (1000000 ps)"), message);
    }

    private static long windows(Path dir) throws IOException {
        String summary = Files.readString(dir.resolve("summary.json"));
        Matcher m = Pattern.compile("\"agent_windows\": (\\d+)").matcher(summary);
        assertTrue(m.find(), "summary.json has agent_windows");
        return Long.parseLong(m.group(1));
    }

    private Path run(String scenario, String transport, String name, String... overrides) {
        Path out = tmp.resolve(name);
        ByteArrayOutputStream err = new ByteArrayOutputStream();
        List<String> args = new ArrayList<>(List.of("run", ShippedScenarios.path(scenario).toString(),
                "--transport", transport, "--no-plots", "--out", out.toString()));
        for (String o : overrides) {
            args.add("--set");
            args.add(o);
        }
        int status = Main.run(args.toArray(new String[0]), new PrintStream(new ByteArrayOutputStream()),
                new PrintStream(err));
        assertEquals(0, status, err.toString(StandardCharsets.UTF_8));
        return out;
    }
}
