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
import org.apache.commons.cli.CommandLine;
import org.apache.commons.cli.Option;
import org.apache.commons.cli.Options;
import org.cosim.fabric.FabricSimulation;
import org.cosim.proto.Scenario;
import org.cosim.runner.AgentTransports;
import org.cosim.runner.LoadCheck;
import org.cosim.runner.OmnetppBackend;
import org.cosim.runner.omnetpp.OmnetppException;
import org.cosim.runner.omnetpp.OmnetppInstall;
import org.cosim.runner.plots.FigureData;
import org.cosim.runner.plots.Plots;
import org.cosim.runner.results.ResultsComparison;
import org.cosim.runner.results.RunComparison;
import org.cosim.runner.results.RunResults;

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
        Path scenarioFile = RunCommand.scenarioArgument(cl);
        CommandLines.Overridden read = CommandLines.readScenario(scenarioFile, cl, "compare", err);
        // Both back ends at the depth opp_run pipelines at: the results would be the same at
        // any depth, and this way the event and window counts of summary.json compare too.
        Scenario scenario = OmnetppBackend.asRun(read.scenario());
        // From the set-up on, which takes a while for a large scenario: a signal stops it.
        try (StopOnSignal stop = new StopOnSignal(err, "the comparison")) {
            var built = stop.simulation(read, scenario);
            if (built.isEmpty()) {
                return stop.stoppedInSetUp("cosim compare");
            }
            FabricSimulation sim = built.get();
            LoadCheck.check(sim, "cosim compare", cl.hasOption("strict-load"), err);
            OmnetppInstall.Lookup omnetpp = OmnetppInstall.locate();
            if (!omnetpp.found()) {
                // Checked first: the Java run would take its whole time only to be compared with nothing
                // (and before the results directory is made, which would stay empty).
                err.println("cosim compare: needs OMNeT++: " + omnetpp.whyNot());
                return 1;
            }
            if (scenario != read.scenario()) {
                err.println("cosim compare: both back ends at pipeline_depth " + scenario.getPipelineDepth()
                        + " (the scenario sets none: opp_run's default; results are the same at every depth)");
            }
            Path outDir = CommandLines.outputDirectory(cl.getOptionValue("out", "results/"
                    + RunCommand.nameOf(scenario, scenarioFile) + "-compare"));
            CommandLines.resultsDirectory(outDir.resolve("java"));
            CommandLines.resultsDirectory(outDir.resolve("omnetpp"));
            return runBoth(sim, outDir, cl, tolerance, stop, out, err);
        }
    }

    private static int runBoth(FabricSimulation sim, Path outDir, CommandLine cl, double tolerance, StopOnSignal stop,
                               PrintStream out, PrintStream err) {
        boolean noPlots = cl.hasOption("no-plots");
        out.println("--- java back end");
        Progress progress = new Progress(err, sim.config().durationPs());
        RunResults javaRun;
        try {
            javaRun = RunCommand.runJava(sim, AgentTransports.Kind.DIRECT, null, stop.checking(progress));
        } catch (Exception e) {
            progress.done();
            err.println("cosim compare: the java run failed to start: " + e.getMessage());
            return 1;
        }
        progress.done();
        RunCommand.write(outDir.resolve("java"), javaRun, sim, noPlots, out);
        if (stop.requested()) {
            err.println("cosim compare: stopped by SIGINT or SIGTERM: the java run's results are in "
                    + outDir.resolve("java") + "; the omnetpp run did not start");
            return 1;
        }

        out.println("--- omnetpp back end");
        progress = new Progress(err, sim.config().durationPs());
        RunResults omnetppRun;
        try {
            // opp_run is stopped by the OMNeT++ runner (OppRunStop), not at a progress step.
            omnetppRun = OmnetppBackend.run(sim, new OmnetppBackend.Options(outDir.resolve("omnetpp"),
                    cl.getOptionValue("agents"), err), progress);
        } catch (OmnetppException e) {
            progress.done();
            err.println("cosim compare: " + e.getMessage());
            return 1;
        }
        progress.done();
        RunCommand.write(outDir.resolve("omnetpp"), omnetppRun, sim, noPlots, out);
        out.println("---");
        if (stop.requested() && !omnetppRun.complete()) {
            err.println("cosim compare: stopped by SIGINT or SIGTERM: partial results are in "
                    + outDir.resolve("omnetpp") + ", whole ones in " + outDir.resolve("java") + "; not compared");
            return 1;
        }
        if (!javaRun.complete() || !omnetppRun.complete()) {
            err.println("cosim compare: a run failed (" + (javaRun.complete() ? "" : "java: " + javaRun.failure() + " ")
                    + (omnetppRun.complete() ? "" : "omnetpp: " + omnetppRun.failure()) + ")");
        }
        ResultsComparison c = ResultsComparison.of(outDir.resolve("java"), "java", outDir.resolve("omnetpp"),
                "omnetpp", tolerance);
        out.printf(Locale.ROOT, "wall time: java %.2f s, omnetpp %.2f s%s%n", javaRun.wallNanos() / 1e9,
                omnetppRun.wallNanos() / 1e9, omnetppRun.wallBreakdown().containsKey("agent_exchange_wall_time")
                        ? String.format(Locale.ROOT, " (of which %.2f s in AgentLink::exchange: gRPC and the agents)",
                        omnetppRun.wallBreakdown().get("agent_exchange_wall_time")) : "");
        int status = report(c, outDir.resolve("compare.txt"), cl.hasOption("verbose") ? Integer.MAX_VALUE
                : ResultsComparison.SHOWN, out);
        return javaRun.complete() && omnetppRun.complete() ? status : 1;
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
