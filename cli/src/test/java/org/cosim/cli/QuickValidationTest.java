package org.cosim.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import org.cosim.validation.experiments.Experiment;
import org.cosim.validation.experiments.Experiments;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * `cosim validate --quick` as CI runs it (the Java back end; about a minute on
 * 2 cores): it exits 0, and its report shows every headline experiment of the
 * three papers, every result with the paper's value and a verdict, a figure per
 * experiment, and every baseline with values (DCTCP, DCQCN, MPTCP, FAST* and HPCC all have agents).
 */
class QuickValidationTest {
    @TempDir
    static Path dir;
    private static int status;
    private static String stdout;
    private static String report;
    private static String json;

    @BeforeAll
    static void validateQuick() throws IOException {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        ByteArrayOutputStream err = new ByteArrayOutputStream();
        status = Main.run(new String[] {"validate", "--quick", "--out", dir.toString()},
                new PrintStream(out, true, StandardCharsets.UTF_8), new PrintStream(err, true, StandardCharsets.UTF_8));
        stdout = out.toString(StandardCharsets.UTF_8) + err.toString(StandardCharsets.UTF_8);
        report = Files.readString(dir.resolve("report.md"));
        json = Files.readString(dir.resolve("report.json"));
    }

    @Test
    void passesWithNothingOutsideItsKnownRange() {
        assertEquals(0, status, stdout);
        assertFalse(report.contains("**FAIL**"), report);
        assertTrue(json.contains("\"fail\": 0"), json);
    }

    @Test
    void reportsEveryExperimentWithItsFigure() throws IOException {
        for (Experiment e : Experiments.all()) {
            assertTrue(report.contains("(`" + e.id() + "`)"), e.id() + " missing from report.md");
            assertTrue(json.contains("\"" + e.id() + "\": {"), e.id() + " missing from report.json");
            Path png = dir.resolve("plots").resolve(e.id() + ".png");
            assertTrue(Files.size(png) > 10_000, png + " is not a figure");
            for (var c : e.checks()) {
                assertTrue(report.contains("| " + c.result() + " | " + c.paper() + " |"), c.result());
            }
        }
    }

    @Test
    void everyBaselineHasAnAgentAndItsRowsHaveValues() {
        assertFalse(report.contains("not run: no "), report);
        assertTrue(report.contains("| HPCC victim, worst N | unaffected (forward INT) | >= 90% of 200 Gb/s |"),
                "HPCC has an agent: its Fig 15 row has a value");
        assertTrue(report.contains("| UR: Poseidon's median op latency below HPCC's | 44% lower |"), "HPCC's Fig 19 row");
        assertTrue(report.contains("| DCTCP (single-path ECMP) mean utilization | about 40% | 40 +- 10 points |"),
                "DCTCP has an agent: its rows have values");
        assertFalse(report.contains("no DCTCP agent"), report);
        assertTrue(report.contains("| DCQCN (single-path ECMP) mean utilization | about 40% | 40 +- 10 points |"),
                "DCQCN has an agent: its rows have values");
        assertTrue(report.contains("| DCQCN: last FCT over the optimum (worst N) | about 1.01 | <= 1.03 |"),
                "DCQCN's Fig 16 row");
        assertFalse(report.contains("no DCQCN"), report);
        assertTrue(report.contains("| MPTCP mean utilization | 89% | 89 +- 5 points |"), "MPTCP's Fig 14 row");
        assertTrue(report.contains("| MPTCP: last FCT over the optimum (worst N) | crippled (synchronized losses) |"),
                "MPTCP's Fig 16 row");
        assertFalse(report.contains("no MPTCP"), report);
        assertTrue(report.contains("| FAST* (alpha 10 Mb/s) total throughput | 7.5 Gb/s | +- 20% |"), "FAST* rows");
        assertFalse(report.contains("no FAST*"), report);
    }

    @Test
    void everyRunLeftItsResultsAndTheCommandToRepeatIt() throws IOException {
        assertTrue(Files.exists(dir.resolve("runs/java/timely/incast/summary.json")));
        assertTrue(Files.exists(dir.resolve("runs/java/poseidon/fig19-ur-poseidon/flows.csv")));
        assertTrue(report.contains("`./cosim run scenarios/timely-incast.textproto`"), "repeatable command");
        try (var files = Files.walk(dir)) {
            long bytes = files.filter(Files::isRegularFile).mapToLong(f -> f.toFile().length()).sum();
            assertTrue(bytes < 400_000_000L, "outputs stay small: " + bytes + " bytes");
        }
    }
}
