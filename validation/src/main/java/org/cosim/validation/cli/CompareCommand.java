package org.cosim.validation.cli;

import java.io.IOException;
import java.io.PrintStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;
import org.apache.commons.cli.CommandLine;
import org.apache.commons.cli.Option;
import org.apache.commons.cli.Options;
import org.cosim.fabric.FabricSimulation;
import org.cosim.proto.Scenario;
import org.cosim.validation.omnetpp.OmnetppException;
import org.cosim.validation.omnetpp.OmnetppInstall;
import org.cosim.validation.results.ResultsComparison;
import org.cosim.validation.results.RunResults;
import org.cosim.validation.runner.LoadCheck;
import org.cosim.validation.runner.OmnetppBackend;

/**
 * `cosim compare SCENARIO`: runs the scenario on both back ends (Java in-process,
 * then OMNeT++) and reports, metric by metric and flow by flow, where the results
 * differ. `cosim compare --dirs A B` compares two existing results directories.
 * Exit status 0 when they agree (exactly, or within --tolerance), 1 when not.
 */
public final class CompareCommand implements Command {
    private static final String USAGE = "cosim compare SCENARIO [--set field.path=value ...] [--out DIR] "
            + "[--tolerance REL] [--agents HOST:PORT] [--no-plots] [--strict-load] | cosim compare --dirs DIR_A DIR_B "
            + "[--tolerance REL]";

    @Override
    public String name() {
        return "compare";
    }

    @Override
    public String summary() {
        return "run a scenario on both back ends (java, omnetpp) and report where the results differ";
    }

    static Options options() {
        Options o = new Options();
        o.addOption(CommandLines.setOption());
        o.addOption(Option.builder("o").longOpt("out").hasArg().argName("DIR")
                .desc("where both results go: DIR/java and DIR/omnetpp (default: results/<scenario name>-compare)")
                .get());
        o.addOption(Option.builder().longOpt("tolerance").hasArg().argName("REL")
                .desc("accept numbers within this relative difference (default 0: identical)").get());
        o.addOption(Option.builder().longOpt("agents").hasArg().argName("HOST:PORT")
                .desc("omnetpp run: use this running agent server instead of starting one").get());
        o.addOption(Option.builder().longOpt("dirs").desc("compare two existing results directories").get());
        o.addOption(Option.builder().longOpt("no-plots").desc("skip the PNG plots").get());
        o.addOption(CommandLines.strictLoadOption());
        o.addOption(CommandLines.helpOption());
        return o;
    }

    @Override
    public int run(String[] args, PrintStream out, PrintStream err) {
        CommandLine cl = CommandLines.parse(options(), args);
        if (cl.hasOption("help")) {
            out.print(CommandLines.help(USAGE, "Runs one scenario on the Java and the OMNeT++ back end and compares "
                    + "flows.csv, summary.json, rtt_samples.csv, timeseries.csv and agent_state.csv (with "
                    + "output.agent_state).", options()));
            return 0;
        }
        double tolerance = tolerance(cl.getOptionValue("tolerance", "0"));
        if (cl.hasOption("dirs")) {
            List<String> dirs = cl.getArgList();
            if (dirs.size() != 2) {
                throw new UsageException("--dirs takes two results directories, got " + dirs);
            }
            for (String d : dirs) {
                if (!Files.isDirectory(Path.of(d))) {
                    throw new UsageException("--dirs: " + d + ": no such directory");
                }
                for (String f : List.of("flows.csv", "summary.json")) {
                    if (!Files.isRegularFile(Path.of(d, f))) {
                        throw new UsageException("--dirs: " + d + " holds no " + f + ": not the results of a run");
                    }
                }
            }
            try {
                return report(ResultsComparison.of(Path.of(dirs.get(0)), dirs.get(0), Path.of(dirs.get(1)),
                        dirs.get(1), tolerance), null, out);
            } catch (ResultsComparison.MalformedResults e) {
                err.println("cosim compare: --dirs: " + e.getMessage());
                return 2;
            }
        }
        Path scenarioFile = RunCommand.scenarioArgument(cl);
        CommandLines.Overridden read = CommandLines.readScenario(scenarioFile, cl, "compare", err);
        // Both back ends at the depth opp_run pipelines at: the results would be the same at
        // any depth, and this way the event and window counts of summary.json compare too.
        Scenario scenario = OmnetppBackend.asRun(read.scenario());
        FabricSimulation sim = read.simulation(scenario);
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
        try (StopOnSignal stop = new StopOnSignal(err, "the comparison")) {
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
            javaRun = RunCommand.runJava(sim, "direct", null, stop.checking(progress));
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
        int status = report(c, outDir.resolve("compare.txt"), out);
        return javaRun.complete() && omnetppRun.complete() ? status : 1;
    }

    private static int report(ResultsComparison c, Path file, PrintStream out) {
        String text = c.report();
        out.print(text);
        if (file != null) {
            try {
                Files.writeString(file, text, StandardCharsets.UTF_8);
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
