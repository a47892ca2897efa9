package org.cosim.cli;

import java.io.IOException;
import java.io.PrintStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import org.apache.commons.cli.CommandLine;
import org.apache.commons.cli.Option;
import org.apache.commons.cli.Options;
import org.cosim.proto.Scenario;
import org.cosim.runner.Backend;
import org.cosim.runner.LoadCheck;
import org.cosim.runner.PairedRun;
import org.cosim.runner.RunControl;
import org.cosim.runner.RunSettings;
import org.cosim.runner.plots.FigureData;
import org.cosim.runner.plots.Plots;
import org.cosim.runner.results.ResultsComparison;
import org.cosim.runner.results.RunComparison;
import org.cosim.runner.results.RunResults;
import org.cosim.setup.RunSetup;

/**
 * `cosim compare --dirs A B [C ...]`: runs' results side by side (RunComparison), a
 * column per run, and their overlay figures. `cosim compare SCENARIO`: runs the
 * scenario on both back ends (Java in-process, then OMNeT++) and checks that their
 * files are identical (ResultsComparison), the verdict first; `--dirs A B --diff`
 * checks two existing results directories so. The checks exit with status 0 when
 * the files agree (exactly, or within --tolerance), 1 when not.
 */
public final class CompareCommand implements Command {
    private static final String USAGE = "cosim compare --dirs DIR_A DIR_B [DIR_C ...] [--out DIR] [--no-plots] | "
            + "cosim compare SCENARIO [--set field.path=value ...] [--out DIR] [--tolerance REL] [--verbose] "
            + "[--agents HOST:PORT] [--no-plots] [--strict-load] | cosim compare --dirs DIR_A DIR_B --diff "
            + "[--tolerance REL] [--verbose]";

    @Override
    public String name() {
        return "compare";
    }

    @Override
    public String summary() {
        return "results of several runs side by side (--dirs), or a scenario on both back ends: are they identical";
    }

    static Options options() {
        Options o = new Options();
        o.addOption(CommandLines.setOption());
        o.addOption(Option.builder("o").longOpt("out").hasArg().argName("DIR")
                .desc("SCENARIO: where both results go, DIR/java and DIR/omnetpp (default: results/<scenario "
                        + "name>-compare); --dirs: where the table and the overlay figures go (default: "
                        + "results/compare-<the directories' names>)").get());
        o.addOption(Option.builder().longOpt("tolerance").hasArg().argName("REL")
                .desc("the back-end check: accept numbers within this relative difference (default 0: identical)")
                .get());
        o.addOption(Option.builder().longOpt("verbose")
                .desc("the back-end check: list every difference (default: the first "
                        + ResultsComparison.SHOWN + "; compare.txt has them all)").get());
        o.addOption(Option.builder().longOpt("agents").hasArg().argName("HOST:PORT")
                .desc("omnetpp run: use this running agent server instead of starting one").get());
        o.addOption(Option.builder().longOpt("dirs").desc("results directories (as `cosim run` writes them) side by "
                + "side: the headline numbers, a column per run, and overlay figures (slowdown by flow size, RTT "
                + "CDF)").get());
        o.addOption(Option.builder().longOpt("diff").desc("with --dirs and two directories: check that their files "
                + "are identical, as `cosim compare SCENARIO` checks the two back ends").get());
        o.addOption(Option.builder().longOpt("no-plots").desc("skip the PNG plots").get());
        o.addOption(CommandLines.strictLoadOption());
        o.addOption(CommandLines.helpOption());
        return o;
    }

    @Override
    public int run(String[] args, PrintStream out, PrintStream err) {
        CommandLine cl = CommandLines.parse(options(), args);
        if (cl.hasOption("help")) {
            out.print(CommandLines.help(USAGE, "With --dirs, shows runs' results side by side (goodput, FCT and "
                    + "slowdown overall, by flow size and by part of a mixed workload, RTT, queues, drops, pauses, "
                    + "retransmissions) and draws slowdown_by_size.png and rtt_cdf.png overlaying them. With a "
                    + "SCENARIO, runs it on the Java and the OMNeT++ back end and checks that flows.csv, "
                    + "summary.json, rtt_samples.csv, timeseries.csv and agent_state.csv (with output.agent_state) "
                    + "are identical.", options()));
            return 0;
        }
        double tolerance = tolerance(cl.getOptionValue("tolerance", "0"));
        int shown = cl.hasOption("verbose") ? Integer.MAX_VALUE : ResultsComparison.SHOWN;
        if (cl.hasOption("dirs")) {
            List<Path> dirs = resultDirectories(cl.getArgList(), cl.hasOption("diff"));
            if (!cl.hasOption("diff") && (cl.hasOption("tolerance") || cl.hasOption("verbose"))) {
                throw new UsageException("--tolerance and --verbose go with the check of two directories (--diff) or "
                        + "of a SCENARIO on both back ends");
            }
            try {
                if (cl.hasOption("diff")) {
                    return report(ResultsComparison.of(dirs.get(0), dirs.get(0).toString(), dirs.get(1),
                            dirs.get(1).toString(), tolerance), null, shown, out);
                }
                return sideBySide(dirs, cl, out);
            } catch (ResultsComparison.MalformedResults e) {
                err.println("cosim compare: --dirs: " + e.getMessage());
                return 2;
            }
        }
        if (cl.hasOption("diff")) {
            throw new UsageException("--diff checks two results directories: give them with --dirs");
        }
        Path scenarioFile = CommandLines.scenarioArgument(cl);
        CommandLines.Overridden read = CommandLines.readScenario(scenarioFile, cl, "compare", err);
        Scenario scenario = read.scenario();
        // From the set-up on, which takes a while for a large scenario: a signal stops it.
        try (StopOnSignal stop = new StopOnSignal(err, "the comparison")) {
            var built = stop.simulation(read, scenario);
            if (built.isEmpty()) {
                return stop.stoppedInSetUp("cosim compare");
            }
            RunSetup setup = built.get();
            LoadCheck.check(setup, "cosim compare", cl.hasOption("strict-load"), err);
            Optional<String> unavailable = Backend.OMNETPP.unavailable();
            if (unavailable.isPresent()) {
                // Checked first: the Java run would take its whole time only to be compared with nothing
                // (and before the results directory is made, which would stay empty).
                err.println("cosim compare: needs OMNeT++: " + unavailable.get());
                return 1;
            }
            if (scenario != read.scenario()) {
                err.println("cosim compare: both back ends at pipeline_depth " + scenario.getPipelineDepth()
                        + " (the scenario sets none: opp_run's default; results are the same at every depth)");
            }
            Path outDir = CommandLines.outputDirectory(cl.getOptionValue("out", "results/"
                    + CommandLines.nameOf(scenario, scenarioFile) + "-compare"));
            for (Backend b : Backend.values()) {
                CommandLines.resultsDirectory(PairedRun.dir(outDir, b));
            }
            return runBoth(setup, outDir, cl, tolerance, stop, out, err);
        }
    }

    private static int runBoth(RunSetup setup, Path outDir, CommandLine cl, double tolerance, StopOnSignal stop,
                               PrintStream out, PrintStream err) {
        boolean noPlots = cl.hasOption("no-plots");
        Progress[] progress = new Progress[1];
        Backend[] running = new Backend[1];
        PairedRun.Listener shown = new PairedRun.Listener() {
            @Override
            public RunControl starting(Backend backend) {
                running[0] = backend;
                out.println("--- " + backend.id() + " back end");
                progress[0] = new Progress(err, setup.config().durationPs());
                return stop.control(progress[0]);
            }

            @Override
            public void finished(Backend backend, Path dir, RunResults results) {
                progress[0].done();
                ResultsOutput.write(dir, results, setup, noPlots, out);
            }
        };
        PairedRun.Outcome pair;
        try {
            pair = PairedRun.run(setup, outDir, RunSettings.in(outDir, err).withAgents(cl.getOptionValue("agents")),
                    tolerance, shown);
        } catch (RuntimeException e) {
            progress[0].done();
            err.println("cosim compare: the " + running[0].id() + " run could not start: " + e.getMessage());
            return 1;
        }
        Path javaDir = PairedRun.dir(outDir, Backend.JAVA);
        Path omnetppDir = PairedRun.dir(outDir, Backend.OMNETPP);
        RunResults javaRun = pair.java();
        RunResults omnetppRun = pair.omnetpp();
        if (omnetppRun == null) {
            if (stop.requested()) {
                err.println("cosim compare: stopped by SIGINT or SIGTERM: the java run's results are in " + javaDir
                        + "; the omnetpp run did not start");
            } else {
                progress[0].done();
                err.println("cosim compare: " + pair.notRun().message());
            }
            return 1;
        }
        out.println("---");
        if (pair.comparison() == null) {
            err.println("cosim compare: stopped by SIGINT or SIGTERM: partial results are in " + omnetppDir
                    + ", whole ones in " + javaDir + "; not compared");
            return 1;
        }
        if (pair.failure() != null) {
            err.println("cosim compare: a run failed (" + (javaRun.complete() ? "" : "java: " + javaRun.failure() + " ")
                    + (omnetppRun.complete() ? "" : "omnetpp: " + omnetppRun.failure()) + ")");
        }
        out.printf(Locale.ROOT, "wall time: java %.2f s, omnetpp %.2f s%s%n", javaRun.wallNanos() / 1e9,
                omnetppRun.wallNanos() / 1e9, omnetppRun.wallBreakdown().containsKey("agent_exchange_wall_time")
                        ? String.format(Locale.ROOT, " (of which %.2f s waiting for the agents: their work and "
                        + "the transport)", omnetppRun.wallBreakdown().get("agent_exchange_wall_time")) : "");
        int status = report(pair.comparison(), outDir.resolve("compare.txt"), cl.hasOption("verbose")
                ? Integer.MAX_VALUE : ResultsComparison.SHOWN, out);
        return pair.failure() == null ? status : 1;
    }

    /** The results directories --dirs names: two for --diff, else two or more; each must hold a run's results. */
    private static List<Path> resultDirectories(List<String> args, boolean diff) {
        if (diff ? args.size() != 2 : args.size() < 2) {
            throw new UsageException("--dirs" + (diff ? " --diff takes two" : " takes two or more")
                    + " results directories, got " + args);
        }
        for (String d : args) {
            if (!Files.isDirectory(Path.of(d))) {
                throw new UsageException("--dirs: " + d + ": no such directory");
            }
            for (String f : List.of("flows.csv", "summary.json")) {
                if (!Files.isRegularFile(Path.of(d, f))) {
                    throw new UsageException("--dirs: " + d + " holds no " + f + ": not the results of a run");
                }
            }
        }
        return args.stream().map(Path::of).toList();
    }

    /** The runs' table on the terminal and in OUT/compare.txt, and the overlay figures in OUT. */
    private static int sideBySide(List<Path> dirs, CommandLine cl, PrintStream out) {
        RunComparison c = RunComparison.of(dirs);
        String names = String.join("+", dirs.stream()
                .map(d -> d.toAbsolutePath().normalize().getFileName().toString()).toList());
        Path outDir = CommandLines.outputDirectory(cl.getOptionValue("out", "results/compare-"
                + (names.length() > 120 ? names.substring(0, 120) : names).replaceAll("[^A-Za-z0-9._+=-]", "_")));
        String table = c.table();
        out.print(table);
        try {
            Files.createDirectories(outDir);
            Files.writeString(outDir.resolve("compare.txt"), table, StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot write " + outDir.resolve("compare.txt") + ": " + e.getMessage(), e);
        }
        List<String> written = new ArrayList<>(List.of(outDir.resolve("compare.txt").toString()));
        if (!cl.hasOption("no-plots")) {
            FigureData slowdown = c.slowdownFigure();
            if (slowdown != null) {
                written.add(Plots.figure(outDir.resolve("slowdown_by_size.png"), slowdown).toString());
            }
            FigureData rtt = c.rttFigure();
            if (rtt != null) {
                written.add(Plots.figure(outDir.resolve("rtt_cdf.png"), rtt).toString());
            }
        }
        out.println("written: " + String.join(", ", written));
        return 0;
    }

    /** The check's report on the terminal (its first {@code shown} differences), and whole in {@code file}. */
    private static int report(ResultsComparison c, Path file, int shown, PrintStream out) {
        out.print(c.report(shown));
        if (file != null) {
            try {
                Files.writeString(file, c.report(), StandardCharsets.UTF_8);
            } catch (IOException e) {
                throw new UncheckedIOException("cannot write " + file + ": " + e.getMessage(), e);
            }
            out.println("report: " + file);
        }
        return c.agree() ? 0 : 1;
    }

    private static double tolerance(String v) {
        try {
            double t = Double.parseDouble(v);
            if (t >= 0 && t < 1) {
                return t;
            }
        } catch (NumberFormatException e) {
            // reported below
        }
        throw new UsageException("--tolerance takes a relative difference in [0, 1), e.g. 0.01, not '" + v + "'");
    }
}
