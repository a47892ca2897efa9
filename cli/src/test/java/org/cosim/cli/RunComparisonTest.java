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
import java.util.Map;
import org.cosim.runner.ShippedScenarios;
import org.cosim.runner.plots.FigureData;
import org.cosim.runner.results.ResultsComparison;
import org.cosim.runner.results.RunComparison;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** `cosim compare --dirs A B C`: three protocols' WebSearch runs side by side, read from their own files. */
class RunComparisonTest {
    @TempDir
    static Path tmp;
    private static final List<Path> DIRS = new ArrayList<>();
    private static final List<String> VARIANTS = List.of("", "-swift", "-hpcc");

    @BeforeAll
    static void threeProtocolsRun() {
        PrintStream sink = new PrintStream(new ByteArrayOutputStream());
        for (String v : VARIANTS) {
            Path out = tmp.resolve("ws" + v);
            assertEquals(0, Main.run(new String[] {"run",
                    ShippedScenarios.path("websearch-leafspine" + v + ".textproto").toString(), "--set",
                    "duration_us=8000", "--set", "output.warmup_us=3000", "--no-plots", "--out", out.toString()},
                    sink, sink));
            DIRS.add(out);
        }
    }

    private static Map<String, String> summary(Path dir) throws IOException {
        return ResultsComparison.FlatJson.parse(Files.readString(dir.resolve("summary.json")), "summary.json");
    }

    @Test
    void theTableNamesEachRunByItsScenarioAndProtocolAndShowsTheGoodputItsSummaryJsonHolds() throws IOException {
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        PrintStream out = new PrintStream(bytes, true, StandardCharsets.UTF_8);
        Path figures = tmp.resolve("compare");
        assertEquals(0, Main.run(new String[] {"compare", "--dirs", DIRS.get(0).toString(), DIRS.get(1).toString(),
                DIRS.get(2).toString(), "--out", figures.toString()}, out, out));
        String said = bytes.toString(StandardCharsets.UTF_8);
        List<String> lines = said.lines().toList();
        for (String label : List.of("websearch-leafspine, dctcp", "websearch-leafspine-swift, swift",
                "websearch-leafspine-hpcc, hpcc")) {
            assertTrue(lines.get(0).contains(label), lines.get(0));
        }
        String goodput = lines.stream().filter(l -> l.startsWith("  goodput Gb/s")).findFirst().orElseThrow();
        List<String> cells = List.of(goodput.substring("  goodput Gb/s".length()).trim().split("\\s+"));
        List<String> expected = new ArrayList<>();
        for (Path d : DIRS) {
            expected.add(RunComparison.format(Double.parseDouble(summary(d).get("throughput.goodput_gbps"))));
        }
        assertEquals(expected, cells, said);
        for (String row : List.of("  slowdown p99 ", "  slowdown 10-100 KB ", "  network RTT p99 us ", "  drops (packets) ",
                "  pause frames ", "  retransmitted bytes ")) {
            assertTrue(said.contains(row), row + " in\n" + said);
        }
        assertTrue(said.startsWith(Files.readString(figures.resolve("compare.txt"))), "compare.txt is the table");
        for (String png : List.of("slowdown_by_size.png", "rtt_cdf.png")) {
            assertTrue(Files.size(figures.resolve(png)) > 1000, png);
        }
    }

    @Test
    void theSlowdownOverlayDrawsEachRunsP50AndP99PerSizeBucketAsItsSummaryJsonHasThem() throws IOException {
        FigureData f = RunComparison.of(DIRS).slowdownFigure();
        assertEquals(2 * DIRS.size(), f.series().size());
        assertTrue(f.logX() && f.logY());
        for (int i = 0; i < DIRS.size(); i++) {
            Map<String, String> s = summary(DIRS.get(i));
            List<String> buckets = s.keySet().stream().filter(k -> k.startsWith("slowdown_by_size.")
                    && k.endsWith(".p99")).toList();
            FigureData.Series p99 = f.series().get(2 * i);
            FigureData.Series p50 = f.series().get(2 * i + 1);
            assertTrue(p99.name().endsWith(": p99") && p50.name().endsWith(": p50") && p50.dashed(), p99.name());
            assertArrayEquals(buckets.stream().mapToDouble(k -> Double.parseDouble(s.get(k))).toArray(), p99.y());
            assertArrayEquals(buckets.stream().mapToDouble(k -> Double.parseDouble(s.get(k.replace(".p99", ".p50"))))
                    .toArray(), p50.y());
            assertArrayEquals(buckets.stream().mapToDouble(k -> Double.parseDouble(s.get(k.replace(".p99",
                    ".size_p50_bytes"))) / 1e3).toArray(), p99.x());
        }
    }

    @Test
    void theRttOverlayHasACdfPerRunRisingToOne() {
        FigureData f = RunComparison.of(DIRS).rttFigure();
        assertEquals(DIRS.size(), f.series().size());
        for (FigureData.Series s : f.series()) {
            assertEquals(1.0, s.y()[s.y().length - 1]);
            for (int i = 1; i < s.x().length; i++) {
                assertTrue(s.x()[i] >= s.x()[i - 1] && s.y()[i] >= s.y()[i - 1], s.name());
            }
        }
    }

    @Test
    void runsOfOneScenarioAndProtocolAreToldApartByTheirDirectories() throws IOException {
        Path again = tmp.resolve("again");
        Files.createDirectories(again);
        for (String f : List.of("summary.json", "flows.csv", "rtt_samples.csv")) {
            Files.copy(DIRS.get(0).resolve(f), again.resolve(f));
        }
        List<String> labels = RunComparison.of(List.of(DIRS.get(0), again)).runs().stream()
                .map(RunComparison.Run::label).toList();
        assertEquals(List.of("websearch-leafspine, dctcp (ws)", "websearch-leafspine, dctcp (again)"), labels);
    }

    @Test
    void theToleranceAndVerboseOptionsBelongToTheCheckOfTwoDirectories() {
        ByteArrayOutputStream err = new ByteArrayOutputStream();
        PrintStream sink = new PrintStream(err, true, StandardCharsets.UTF_8);
        assertEquals(2, Main.run(new String[] {"compare", "--dirs", DIRS.get(0).toString(), DIRS.get(1).toString(),
                "--tolerance", "0.01"}, sink, sink));
        assertTrue(err.toString(StandardCharsets.UTF_8).contains("--tolerance and --verbose go with the check of two "
                + "directories (--diff)"), err.toString(StandardCharsets.UTF_8));
        assertEquals(2, Main.run(new String[] {"compare", "--dirs", DIRS.get(0).toString(), DIRS.get(1).toString(),
                DIRS.get(2).toString(), "--diff"}, sink, sink));
    }
}
