package org.cosim.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.cosim.runner.ShippedScenarios;
import org.cosim.runner.results.ResultsComparison;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** `cosim compare`'s file comparison: flow by flow, metric by metric, exact or within a tolerance. */
class ResultsComparisonTest {
    @TempDir
    Path tmp;

    private Path run(String name) {
        Path out = tmp.resolve(name);
        PrintStream sink = new PrintStream(new ByteArrayOutputStream());
        assertEquals(0, Main.run(new String[] {"run", ShippedScenarios.path("timely-incast.textproto").toString(),
                "--set", "duration_us=20000", "--set", "output.warmup_us=5000", "--no-plots", "--out",
                out.toString()}, sink, sink));
        return out;
    }

    private static void replaceIn(Path file, String from, String to) throws IOException {
        String text = Files.readString(file);
        assertTrue(text.contains(from), from + " in " + file);
        Files.writeString(file, text.replaceFirst(java.util.regex.Pattern.quote(from), to));
    }

    @Test
    void sameRunsAgreeAndEachDifferenceIsNamed() throws IOException {
        Path a = run("a");
        Path b = run("b");
        ResultsComparison same = ResultsComparison.of(a, "a", b, "b", 0);
        assertTrue(same.agree(), same.report());

        // Flow 3's delivered bytes off by one; the total throughput a little; the back end's name differs.
        List<String> flows = Files.readAllLines(b.resolve("flows.csv"));
        String[] row = flows.get(4).split(",", -1);
        long delivered = Long.parseLong(row[10]);
        row[10] = Long.toString(delivered + 1);
        flows.set(4, String.join(",", row));
        Files.write(b.resolve("flows.csv"), flows);
        replaceIn(b.resolve("summary.json"), "\"backend\": \"java\"", "\"backend\": \"omnetpp\"");

        ResultsComparison c = ResultsComparison.of(a, "java", b, "omnetpp", 0);
        assertFalse(c.agree());
        assertEquals(List.of(new ResultsComparison.Difference("flows.csv", "flow 3 delivered_bytes",
                Long.toString(delivered), Long.toString(delivered + 1))), c.differences(), c.report());
        assertTrue(c.report().contains("flows.csv flow 3 delivered_bytes: java " + delivered + ", omnetpp "
                + (delivered + 1)), c.report());
        assertTrue(ResultsComparison.of(a, "java", b, "omnetpp", 0.01).agree(), "within 1%");
    }

    /**
     * A summary.json cut short (a full disk, a killed run) or not JSON at all is reported as broken, naming the
     * file and the offset, with exit status 2: not an internal exception, and not compared value by value.
     */
    @Test
    void aBrokenSummaryIsNamedNotCompared() throws IOException {
        Path a = run("a");
        Path b = run("b");
        String whole = Files.readString(b.resolve("summary.json"));
        for (String broken : List.of("", whole.substring(0, whole.length() / 2), "not json", "{\"a\": tru}",
                whole + " trailing")) {
            Files.writeString(b.resolve("summary.json"), broken);
            ByteArrayOutputStream err = new ByteArrayOutputStream();
            int status = Main.run(new String[] {"compare", "--dirs", a.toString(), b.toString(), "--diff"},
                    new PrintStream(new ByteArrayOutputStream()), new PrintStream(err));
            String said = err.toString();
            assertEquals(2, status, broken + ": " + said);
            assertTrue(said.contains(b.resolve("summary.json") + ": not the JSON a run writes"), said);
            assertFalse(said.contains("Exception"), said);
        }
        Files.writeString(b.resolve("summary.json"), whole);
        assertEquals(0, Main.run(new String[] {"compare", "--dirs", a.toString(), b.toString(), "--diff"},
                new PrintStream(new ByteArrayOutputStream()), new PrintStream(new ByteArrayOutputStream())));
    }

    @Test
    void theCheckLeadsWithItsVerdictAndListsTheFirstTwentyDifferencesUnlessVerbose() throws IOException {
        Path a = run("a");
        Path b = run("b");
        assertTrue(ResultsComparison.of(a, "java", b, "omnetpp", 0).report(ResultsComparison.SHOWN)
                .startsWith("comparison java vs omnetpp (exact): identical: yes\n"));
        // Every one of the 40 flows' delivered bytes off by one: 40 differences in 40 of 40 rows.
        List<String> flows = Files.readAllLines(b.resolve("flows.csv"));
        for (int r = 1; r < flows.size(); r++) {
            String[] row = flows.get(r).split(",", -1);
            row[10] = Long.toString(Long.parseLong(row[10]) + 1);
            flows.set(r, String.join(",", row));
        }
        Files.write(b.resolve("flows.csv"), flows);
        String report = ResultsComparison.of(a, "java", b, "omnetpp", 0).report(ResultsComparison.SHOWN);
        List<String> lines = report.lines().toList();
        assertEquals("comparison java vs omnetpp (exact): identical: no; differ: flows.csv (40 of 40 rows)",
                lines.get(0));
        assertTrue(report.contains("the first 20 of 40 differences:"), report);
        assertEquals(20, lines.stream().filter(l -> l.startsWith("  flows.csv flow ")).count(), report);
        assertTrue(report.endsWith("  ... and 20 more (--verbose lists them all)\n"), report);

        ByteArrayOutputStream out = new ByteArrayOutputStream();
        PrintStream sink = new PrintStream(out);
        assertEquals(1, Main.run(new String[] {"compare", "--dirs", a.toString(), b.toString(), "--diff",
                "--verbose"}, sink, sink));
        assertEquals(40, out.toString().lines().filter(l -> l.startsWith("  flows.csv flow ")).count(),
                out.toString());
    }
}
