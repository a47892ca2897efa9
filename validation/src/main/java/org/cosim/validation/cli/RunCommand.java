package org.cosim.validation.cli;

import java.io.PrintStream;
import java.nio.file.Path;
import java.util.List;
import org.apache.commons.cli.CommandLine;
import org.apache.commons.cli.Option;
import org.apache.commons.cli.Options;
import org.cosim.fabric.FabricSimulation;
import org.cosim.proto.Scenario;
import org.cosim.scenario.ScenarioFiles;
import org.cosim.validation.plots.Plots;
import org.cosim.validation.results.ResultsWriter;
import org.cosim.validation.results.RunResults;
import org.cosim.validation.results.Summary;
import org.cosim.validation.runner.AgentTransports;
import org.cosim.validation.runner.JavaBackend;

/** `cosim run SCENARIO`: one scenario on one back end, results and plots in a directory. */
public final class RunCommand implements Command {
    private static final String USAGE = "cosim run SCENARIO [--set field.path=value ...] [--out DIR] [--backend java] "
            + "[--transport direct|grpc]";

    @Override
    public String name() {
        return "run";
    }

    @Override
    public String summary() {
        return "run a scenario; write flows.csv, summary.json, time series and plots";
    }

    static Options options() {
        Options o = new Options();
        o.addOption(CommandLines.setOption());
        o.addOption(Option.builder("o").longOpt("out").hasArg().argName("DIR")
                .desc("results directory (default: results/<scenario name>)").get());
        o.addOption(Option.builder("b").longOpt("backend").hasArg().argName("NAME")
                .desc("fabric back end: java (default)").get());
        o.addOption(Option.builder("t").longOpt("transport").hasArg().argName("direct|grpc")
                .desc("how the Java fabric reaches the agents: direct (in-process, default) or grpc (a real agent "
                        + "server on loopback); results are identical").get());
        o.addOption(Option.builder().longOpt("record-trace").hasArg().argName("FILE")
                .desc("record every window's events and actions (length-delimited cosim.proto messages)").get());
        o.addOption(Option.builder().longOpt("no-plots").desc("skip the PNG plots").get());
        o.addOption(CommandLines.helpOption());
        return o;
    }

    @Override
    public int run(String[] args, PrintStream out, PrintStream err) {
        CommandLine cl = CommandLines.parse(options(), args);
        if (cl.hasOption("help")) {
            out.print(CommandLines.help(USAGE, "Runs one scenario file (protobuf text format, see proto/scenario.proto).",
                    options()));
            return 0;
        }
        Path scenarioFile = scenarioArgument(cl);
        String backend = cl.getOptionValue("backend", "java");
        if (!backend.equals("java")) {
            throw new UsageException("unknown back end '" + backend + "' (available: java)");
        }
        Scenario scenario = ScenarioFiles.read(scenarioFile, CommandLines.overrides(cl));
        FabricSimulation sim = FabricSimulation.of(scenario);
        Path outDir = Path.of(cl.getOptionValue("out", "results/" + nameOf(scenario, scenarioFile)));

        Path trace = cl.hasOption("record-trace") ? Path.of(cl.getOptionValue("record-trace")) : null;
        Progress progress = new Progress(err, sim.config().durationPs());
        RunResults results;
        try (AgentTransports.Opened t = AgentTransports.open(cl.getOptionValue("transport", "direct"), sim, trace)) {
            results = JavaBackend.run(sim, t.transport(), progress);
        } catch (UsageException e) {
            throw e;
        } catch (Exception e) {
            err.println("cosim run: cannot reach the agents: " + e.getMessage());
            return 1;
        }
        progress.done();
        Summary summary = Summary.of(results);
        ResultsWriter.write(outDir, results, summary, ScenarioFiles.canonicalText(scenario),
                sim.config().maxRttSamples());
        List<Path> plots = cl.hasOption("no-plots") ? List.of() : Plots.write(outDir, results);

        SummaryPrinter.print(out, results, summary);
        out.println("results: " + outDir + "/ (flows.csv, summary.json, rtt_samples.csv, timeseries.csv)");
        if (!plots.isEmpty()) {
            out.println("plots:   " + String.join(", ", plots.stream().map(Path::toString).toList()));
        }
        if (!results.complete()) {
            err.println("cosim run: the run failed at " + results.reachedPs() + " ps: " + results.failure());
            err.println("cosim run: partial results are in " + outDir + " (summary.json says \"status\": \"failed\")");
            return 1;
        }
        return 0;
    }

    static Path scenarioArgument(CommandLine cl) {
        List<String> rest = cl.getArgList();
        if (rest.isEmpty()) {
            throw new UsageException("missing SCENARIO (a .textproto file, e.g. scenarios/timely-incast.textproto)");
        }
        if (rest.size() > 1) {
            throw new UsageException("one SCENARIO expected, got " + rest);
        }
        return Path.of(rest.get(0));
    }

    static String nameOf(Scenario s, Path file) {
        if (!s.getName().isBlank()) {
            return s.getName().replaceAll("[^A-Za-z0-9._-]", "_");
        }
        String f = file.getFileName().toString();
        return f.endsWith(".textproto") ? f.substring(0, f.length() - ".textproto".length()) : f;
    }
}
