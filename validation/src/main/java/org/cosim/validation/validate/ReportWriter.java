package org.cosim.validation.validate;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import org.cosim.runner.Backend;
import org.cosim.runner.results.JsonWriter;
import org.cosim.validation.experiments.Check;
import org.cosim.validation.experiments.Experiment;
import org.cosim.validation.experiments.PaperRun;

/**
 * Writes a validation's report twice with the same content: {@code report.md}
 * for people (per paper, per experiment: the setup, a table of every headline
 * result with the paper's value, the tolerance, each back end's value and the
 * verdict, notes on what failed or did not run, the figure, the runs and how to
 * repeat them) and {@code report.json} for programs.
 */
public final class ReportWriter {
    private static final Map<String, String> PAPERS = Map.of(
            "timely", "TIMELY (SIGCOMM'15): docs/timely.md",
            "ndp", "NDP (SIGCOMM'17): docs/ndp.md",
            "poseidon", "Poseidon (NSDI'23): docs/poseidon-swift.md");

    private ReportWriter() {}

    public static void write(Path dir, ValidationReport r) {
        try {
            Files.createDirectories(dir);
            Files.writeString(dir.resolve("report.md"), markdown(r), StandardCharsets.UTF_8);
            Files.writeString(dir.resolve("report.json"), json(r), StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot write the report to " + dir + ": " + e.getMessage(), e);
        }
    }

    /** A value with its unit, to 3-4 significant digits. */
    public static String value(double v, String unit) {
        if (Double.isNaN(v)) {
            return "-";
        }
        double a = Math.abs(v);
        String n = v == Math.rint(v) && a < 1e9 ? String.format(Locale.ROOT, "%,d", (long) v)
                : a >= 1000 ? String.format(Locale.ROOT, "%,.0f", v)
                : a >= 100 ? String.format(Locale.ROOT, "%.1f", v)
                : a >= 1 || a == 0 ? String.format(Locale.ROOT, "%.2f", v)
                : String.format(Locale.ROOT, "%.3g", v);
        return n + unit;
    }

    static String duration(double seconds) {
        long s = Math.round(seconds);
        return s >= 3600 ? String.format(Locale.ROOT, "%d h %02d min %02d s", s / 3600, s / 60 % 60, s % 60)
                : s >= 60 ? String.format(Locale.ROOT, "%d min %02d s", s / 60, s % 60)
                : String.format(Locale.ROOT, "%.1f s", seconds);
    }

    static String markdown(ValidationReport r) {
        StringBuilder b = new StringBuilder();
        b.append("# cosim validate: reproducing the papers\n\n");
        b.append("- command: `").append(r.command()).append("`\n");
        b.append("- date: ").append(r.date()).append("; mode: ").append(r.quick() ? "quick (scaled down)" : "full")
                .append("; back ends: ").append(String.join(", ", r.backends().stream().map(Backend::id).toList())).append('\n');
        b.append("- machine: ").append(r.machine()).append("; wall time: ").append(duration(r.wallSeconds()))
                .append('\n');
        b.append("- results: ").append(r.count(Verdict.PASS)).append(" pass, ").append(r.count(Verdict.FAIL))
                .append(" FAIL, ").append(r.count(Verdict.DEVIATION)).append(" known deviations, ")
                .append(r.count(Verdict.NOT_RUN)).append(" not run, ")
                .append(r.count(Verdict.NOT_CHECKED)).append(" not checked at this scale")
                .append(r.failed() ? " - **some results are outside their tolerance (FAIL below)**" : "").append("\n");
        if (!r.complete()) {
            b.append("- **incomplete**: ").append(r.experiments().size()).append(" of ")
                    .append(r.experiments().size() + r.pending().size()).append(" experiments finished; still to run: ")
                    .append(String.join(", ", r.pending())).append(" (this report is rewritten after each experiment; "
                            + "if the validation stopped, these are the ones it did not reach)\n");
        }
        b.append('\n');
        b.append("Each value is measured by this run; a FAIL says the value lies outside the tolerance a "
                + "reproduction is judged by (each protocol's page in docs/ gives them), and its note says why "
                + "where we know. \"not run\" is a "
                + "baseline without an agent or a back end without the run's topology; it is neither a pass "
                + "nor a failure.");
        if (r.quick()) {
            b.append(" At --quick scale a result outside the paper's tolerance for a documented reason is a "
                    + "\"known deviation\" while it stays within its known range (CI guards against it getting "
                    + "worse); the full validation reports it as a FAIL.");
        }
        b.append('\n');
        String paper = null;
        for (ExperimentOutcome e : r.experiments()) {
            Experiment x = e.experiment();
            if (!x.paper().equals(paper)) {
                paper = x.paper();
                b.append("\n## ").append(PAPERS.getOrDefault(paper, paper)).append("\n");
            }
            experiment(b, e, r);
        }
        return b.toString();
    }

    private static void experiment(StringBuilder b, ExperimentOutcome e, ValidationReport r) {
        Experiment x = e.experiment();
        b.append("\n### ").append(x.figure()).append(": ").append(x.title()).append(" (`").append(x.id())
                .append("`)\n\n").append(x.setup()).append("\n\n");
        List<Backend> backends = r.backends();
        b.append("| result | paper | tolerance |");
        for (Backend be : backends) {
            b.append(' ').append(be.id()).append(" |");
        }
        b.append(backends.size() > 1 ? " back ends agree |" : "").append(" verdict |\n|---|---|---|");
        b.append("---|".repeat(backends.size() + (backends.size() > 1 ? 1 : 0))).append("---|\n");
        StringBuilder notes = new StringBuilder();
        for (CheckOutcome c : e.checks()) {
            Check k = c.check();
            b.append("| ").append(k.result()).append(" | ").append(k.paper()).append(" | ")
                    .append(c.tolerance() == null ? "-" : c.tolerance().text()).append(" |");
            for (CheckOutcome.Value v : c.values()) {
                b.append(' ').append(v.verdict() == Verdict.NOT_RUN ? "not run"
                                : v.verdict() == Verdict.NOT_CHECKED && Double.isNaN(v.value()) ? "(full size only)"
                                : value(v.value(), k.unit()))
                        .append(" |");
                if (v.note() != null && v.verdict() != Verdict.PASS) {
                    notes.append("- ").append(k.result()).append(" (").append(v.backend().id()).append("): ")
                            .append(v.note()).append('\n');
                }
            }
            if (backends.size() > 1) {
                b.append(' ').append(c.agreement() == null ? "-" : c.agreement()).append(" |");
            }
            b.append(' ').append(c.verdict() == Verdict.FAIL ? "**FAIL**" : c.verdict() == Verdict.DEVIATION
                    ? "*known deviation*" : c.verdict().label()).append(" |\n");
        }
        if (notes.length() > 0) {
            b.append("\n").append(notes);
        }
        for (Map.Entry<Backend, String> p : e.plots().entrySet()) {
            if (p.getValue() != null) {
                b.append("\n![").append(x.id()).append(" on ").append(p.getKey().id()).append("](").append(p.getValue())
                        .append(")\n");
            }
        }
        b.append("\nRuns (results in the folder named; repeat one with the command):\n\n");
        for (RunRecord run : e.runs()) {
            b.append("- ").append(run.backend().id()).append(" `").append(run.run().id()).append("` (")
                    .append(run.run().label()).append("): ");
            if (run.notRun() != null) {
                b.append("not run: ").append(run.notRun());
            } else {
                b.append(duration(run.wallSeconds())).append(" for ").append(value(run.simulatedMs(), " ms"))
                        .append(" simulated");
                if (run.failure() != null) {
                    b.append(", **failed**: ").append(run.failure());
                }
                if (run.note() != null) {
                    b.append("; ").append(run.note());
                }
                b.append("; `").append(run.dir()).append("`");
            }
            b.append("\n  `").append(command(run.run(), r.quick(), run.backend())).append("`\n");
        }
    }

    private static String command(PaperRun run, boolean quick, Backend backend) {
        return run.commandLine(quick) + (backend == Backend.JAVA ? "" : " --backend " + backend.id());
    }

    static String json(ValidationReport r) {
        JsonWriter j = new JsonWriter().beginObject();
        j.field("command", r.command());
        j.field("date", r.date());
        j.field("mode", r.quick() ? "quick" : "full");
        j.field("backends", String.join(",", r.backends().stream().map(Backend::id).toList()));
        j.field("machine", r.machine());
        j.field("wall_time_s", r.wallSeconds());
        j.beginObject("totals");
        for (Verdict v : Verdict.values()) {
            j.field(v.name().toLowerCase(Locale.ROOT), r.count(v));
        }
        j.endObject();
        j.field("failed", r.failed());
        j.field("complete", r.complete());
        j.field("pending", String.join(",", r.pending()));
        j.beginObject("experiments");
        for (ExperimentOutcome e : r.experiments()) {
            Experiment x = e.experiment();
            j.beginObject(x.id());
            j.field("paper", x.paper());
            j.field("figure", x.figure());
            j.field("title", x.title());
            j.field("setup", x.setup());
            j.beginObject("plots");
            for (Map.Entry<Backend, String> p : e.plots().entrySet()) {
                j.field(p.getKey().id(), p.getValue());
            }
            j.endObject();
            j.beginObject("checks");
            for (CheckOutcome c : e.checks()) {
                Check k = c.check();
                j.beginObject(k.result());
                j.field("paper", k.paper());
                j.field("tolerance", c.tolerance() == null ? null : c.tolerance().text());
                j.field("unit", k.unit().trim());
                j.field("verdict", c.verdict().label());
                j.field("agreement", c.agreement());
                j.beginObject("values");
                for (CheckOutcome.Value v : c.values()) {
                    j.beginObject(v.backend().id());
                    j.field("value", v.value());
                    j.field("verdict", v.verdict().label());
                    j.field("note", v.note());
                    j.endObject();
                }
                j.endObject();
                j.endObject();
            }
            j.endObject();
            j.beginObject("runs");
            for (RunRecord run : e.runs()) {
                j.beginObject(run.backend().id() + "/" + run.run().id());
                j.field("label", run.run().label());
                j.field("command", command(run.run(), r.quick(), run.backend()));
                j.field("dir", run.dir());
                j.field("wall_time_s", run.wallSeconds());
                j.field("simulated_ms", run.simulatedMs());
                j.field("failure", run.failure());
                j.field("not_run", run.notRun());
                j.field("note", run.note());
                j.endObject();
            }
            j.endObject();
            j.endObject();
        }
        j.endObject();
        return j.endObject().toString();
    }
}
