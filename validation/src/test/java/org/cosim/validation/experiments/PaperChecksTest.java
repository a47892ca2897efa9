package org.cosim.validation.experiments;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.DynamicTest.dynamicTest;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import org.cosim.runner.Backend;
import org.cosim.runner.ShippedScenarios;
import org.cosim.validation.validate.CheckOutcome;
import org.cosim.validation.validate.ExperimentOutcome;
import org.cosim.validation.validate.ReportWriter;
import org.cosim.validation.validate.RunRecord;
import org.cosim.validation.validate.ValidationReport;
import org.cosim.validation.validate.ValidationRunner;
import org.cosim.validation.validate.Verdict;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.Order;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestFactory;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;

/**
 * Every check of every experiment (Experiments.all()), judged as `cosim validate
 * --quick --backend java` judges it: the validation runs once, each distinct run
 * once (ValidationRunner, one job per core), and each check becomes a test named
 * "experiment: result [verdict, value]". A FAIL fails its test; a pass, a known
 * deviation within its documented range and a check not made at --quick scale
 * pass, with the verdict in the name. About a minute on 2 idle cores. It runs first among the module's test
 * classes and keeps the runs that other tests make too (SharedRuns).
 */
@Order(1)
@ExtendWith(SharedRuns.Extension.class)
class PaperChecksTest {
    @TempDir
    static Path out;
    private static ValidationReport report;
    private static String notes;

    @BeforeAll
    static void validateQuick(SharedRuns shared) {
        ByteArrayOutputStream sink = new ByteArrayOutputStream();
        int jobs = Runtime.getRuntime().availableProcessors();
        ValidationRunner.Options options = new ValidationRunner.Options(out, true, List.of(Backend.JAVA),
                ShippedScenarios.dir(), new PrintStream(sink, true, StandardCharsets.UTF_8), () -> false, jobs);
        report = new ValidationRunner(options, shared)
                .run(Experiments.all(), "cosim validate --quick --backend java --jobs " + jobs);
        notes = sink.toString(StandardCharsets.UTF_8);
        System.out.printf(Locale.ROOT, "PaperChecksTest: %d experiments, %d runs, %.1f s: %d pass, %d FAIL, "
                + "%d known deviations, %d not checked, %d not run%n", report.experiments().size(), runs().size(),
                report.wallSeconds(), report.count(Verdict.PASS), report.count(Verdict.FAIL),
                report.count(Verdict.DEVIATION), report.count(Verdict.NOT_CHECKED), report.count(Verdict.NOT_RUN));
        for (ExperimentOutcome e : report.experiments()) {
            for (CheckOutcome c : e.checks()) {
                if (c.verdict() != Verdict.PASS) {
                    System.out.println("  " + name(e, c) + ": " + c.values().get(0).note());
                }
            }
        }
    }

    /** The distinct runs of the validation (an experiment lists a run that others share too). */
    private static List<RunRecord> runs() {
        return report.experiments().stream().flatMap(e -> e.runs().stream())
                .collect(Collectors.toMap(r -> r.run().id(), r -> r, (a, b) -> a)).values().stream().toList();
    }

    @TestFactory
    Stream<DynamicTest> everyCheckOfEveryExperiment() {
        return report.experiments().stream().flatMap(e -> e.checks().stream().map(c -> dynamicTest(name(e, c),
                () -> assertNotEquals(Verdict.FAIL, c.verdict(), () -> detail(c)))));
    }

    private static String name(ExperimentOutcome e, CheckOutcome c) {
        CheckOutcome.Value v = c.values().get(0);
        String value = Double.isNaN(v.value()) ? "" : ", " + ReportWriter.value(v.value(), c.check().unit());
        return e.experiment().id() + ": " + c.check().result() + " [" + c.verdict().label() + value + "]";
    }

    private static String detail(CheckOutcome c) {
        CheckOutcome.Value v = c.values().get(0);
        return "paper " + c.check().paper() + ", tolerance " + (c.tolerance() == null ? "none" : c.tolerance().text())
                + ": " + v.note();
    }

    /** The runs that tests after this one read (SharedRuns) are the validation's, kept for them. */
    @Test
    void theRunsOtherTestsShareAreKept(SharedRuns shared) {
        Set<String> ran = runs().stream().map(r -> r.run().id()).collect(Collectors.toSet());
        assertTrue(ran.containsAll(SharedRuns.SHARED), () -> "not among the validation's runs: "
                + SharedRuns.SHARED.stream().filter(id -> !ran.contains(id)).toList());
        assertEquals(SharedRuns.SHARED, shared.kept());
    }

    @Test
    void everyExperimentRanToTheEndWithEveryRunComplete() {
        assertTrue(report.complete(), "still to run: " + report.pending());
        assertEquals(Experiments.all().size(), report.experiments().size());
        for (RunRecord r : runs()) {
            assertTrue(r.ok(), r.run().id() + ": " + (r.failure() != null ? r.failure() : r.notRun()) + "\n" + notes);
        }
    }

    /** Every baseline (DCTCP, DCQCN, MPTCP, FAST*, HPCC) has an agent: no check is left "not run". */
    @Test
    void everyCheckRanOnTheJavaBackEnd() {
        assertEquals(0, report.count(Verdict.NOT_RUN), () -> report.experiments().stream()
                .flatMap(e -> e.checks().stream()).filter(c -> c.verdict() == Verdict.NOT_RUN)
                .map(c -> c.check().result() + ": " + c.values().get(0).note()).toList().toString());
    }

    @Test
    void theReportShowsEveryExperimentWithItsFigureAndEveryCheckWithThePapersValue() throws IOException {
        String md = Files.readString(out.resolve("report.md"));
        String json = Files.readString(out.resolve("report.json"));
        for (Experiment e : Experiments.all()) {
            assertTrue(md.contains("(`" + e.id() + "`)"), e.id() + " missing from report.md");
            assertTrue(json.contains("\"" + e.id() + "\": {"), e.id() + " missing from report.json");
            Path png = out.resolve("plots").resolve(e.id() + ".png");
            assertTrue(Files.size(png) > 10_000, png + " is not a figure");
            for (Check c : e.checks()) {
                assertTrue(md.contains("| " + c.result() + " | " + c.paper() + " |"), c.result());
            }
        }
    }

    @Test
    void everyRunLeftItsResultsAndTheCommandToRepeatIt() throws IOException {
        for (RunRecord r : runs()) {
            assertTrue(Files.exists(out.resolve(r.dir()).resolve("summary.json")), r.dir());
        }
        assertTrue(Files.readString(out.resolve("report.md")).contains(
                "`./cosim run scenarios/timely-incast.textproto`"), "repeatable command");
        try (var files = Files.walk(out)) {
            long bytes = files.filter(Files::isRegularFile).mapToLong(f -> f.toFile().length()).sum();
            assertTrue(bytes < 400_000_000L, "outputs stay small: " + bytes + " bytes");
        }
    }
}
