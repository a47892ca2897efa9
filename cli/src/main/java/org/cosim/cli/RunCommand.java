package org.cosim.cli;

import java.io.PrintStream;
import java.nio.file.Path;
import java.util.Optional;
import org.apache.commons.cli.CommandLine;
import org.apache.commons.cli.Option;
import org.apache.commons.cli.Options;
import org.cosim.proto.Scenario;
import org.cosim.runner.AgentTransports;
import org.cosim.runner.Backend;
import org.cosim.runner.LoadCheck;
import org.cosim.runner.RunSettings;
import org.cosim.runner.omnetpp.OmnetppException;
import org.cosim.runner.results.RunResults;
import org.cosim.setup.RunSetup;

/** `cosim run SCENARIO`: one scenario on one back end, results and plots in a directory. */
public final class RunCommand implements Command {
    private static final String USAGE = "cosim run SCENARIO [--set field.path=value ...] [--out DIR] "
            + "[--backend java|omnetpp] [--no-plots] [--transport direct|grpc] [--agents HOST:PORT[,...]] "
            + "[--partitions N] [--record-trace FILE] [--strict-load]";

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
                .desc("fabric back end: java (default; in-process) or omnetpp (OMNeT++ 6.x via opp_run; builds "
                        + "omnetpp-bridge when needed)").get());
        o.addOption(Option.builder().longOpt("agents").hasArg().argName("HOST:PORT[,...]")
                .desc("omnetpp back end: use the agent server already running there (`cosim agents`), over gRPC, "
                        + "instead of running the agents in-process; with --partitions, one per partition "
                        + "(comma-separated), or one that every partition shares").get());
        o.addOption(Option.builder().longOpt("partitions").hasArg().argName("N")
                .desc("omnetpp back end: split the network over N processes of OMNeT++'s parallel simulation "
                        + "(mpirun; OMNeT++ built with MPI), each with its own agents; default 1").get());
        o.addOption(Option.builder("t").longOpt("transport").hasArg().argName("direct|grpc")
                .desc("how the fabric reaches the agents: direct (default; in-process: for the omnetpp back end a "
                        + "JVM inside opp_run) or grpc (a real agent server on this machine); results are identical")
                .get());
        o.addOption(Option.builder().longOpt("record-trace").hasArg().argName("FILE")
                .desc("record every window's events and actions (length-delimited cosim.proto messages)").get());
        o.addOption(Option.builder().longOpt("no-plots").desc("skip the PNG plots").get());
        o.addOption(CommandLines.strictLoadOption());
        o.addOption(CommandLines.helpOption());
        return o;
    }

    @Override
    public int run(String[] args, PrintStream out, PrintStream err) {
        CommandLine cl = CommandLines.parse(options(), args);
        if (cl.hasOption("help")) {
            out.print(CommandLines.help(USAGE, "Runs one scenario file (protobuf text format, see proto/scenario.proto)."
                    + " Writes flows.csv, summary.json, rtt_samples.csv, timeseries.csv and plots; with --set "
                    + "output.agent_state=true each flow's window or rate and its law's signals (agent_state.csv); "
                    + "with --set 'output.packet_trace={flows: [0]}' every step of those flows' packets "
                    + "(packet_trace.csv).", options()));
            return 0;
        }
        Path scenarioFile = CommandLines.scenarioArgument(cl);
        Backend backend = CommandLines.choice(cl, "backend", Backend.class, Backend.JAVA);
        if (backend == Backend.OMNETPP && cl.hasOption("record-trace")) {
            throw new UsageException("--record-trace is an option of the java back end");
        }
        if (cl.hasOption("agents") && cl.hasOption("transport")) {
            throw new UsageException("--agents names an agent server, which opp_run reaches over gRPC: leave "
                    + "--transport out");
        }
        if (backend == Backend.JAVA && cl.hasOption("agents")) {
            throw new UsageException("--agents is an option of the omnetpp back end");
        }
        int partitions = partitions(cl);
        if (backend == Backend.JAVA && cl.hasOption("partitions")) {
            throw new UsageException("--partitions is an option of the omnetpp back end (the Java fabric runs in one "
                    + "process)");
        }
        if (cl.hasOption("agents")) {
            int servers = cl.getOptionValue("agents").split(",", -1).length;
            if (servers > 1 && servers != partitions) {
                throw new UsageException("--agents lists " + servers + " agent servers for " + partitions
                        + " partition" + (partitions == 1 ? "" : "s") + ": give one per partition, or one for all");
            }
        }
        Path trace = cl.hasOption("record-trace")
                ? CommandLines.outputFile("--record-trace", cl.getOptionValue("record-trace")) : null;
        CommandLines.Overridden read = CommandLines.readScenario(scenarioFile, cl, "run", err);
        Scenario scenario = read.scenario();
        // From the set-up on, which takes a while for a large scenario: a signal stops it.
        try (StopOnSignal stop = new StopOnSignal(err, "the run")) {
            var built = stop.simulation(read, scenario);
            if (built.isEmpty()) {
                return stop.stoppedInSetUp("cosim run");
            }
            RunSetup setup = built.get();
            return run(setup, backend, cl, trace, stop, out, err);
        }
    }

    /** The run of {@code setup} that the command line {@code cl} asks for, once set up. */
    private static int run(RunSetup setup, Backend backend, CommandLine cl, Path trace, StopOnSignal stop,
                           PrintStream out, PrintStream err) {
        Scenario scenario = setup.scenario();
        LoadCheck.check(setup, "cosim run", cl.hasOption("strict-load"), err);
        Optional<String> unavailable = backend.unavailable();
        if (unavailable.isPresent()) {
            // Before the results directory is made: it would stay empty.
            err.println("cosim run: --backend " + backend.id() + " needs OMNeT++: " + unavailable.get());
            return 1;
        }
        Path outDir = CommandLines.resultsDirectory(CommandLines.outputDirectory(
                cl.getOptionValue("out", "results/" + CommandLines.nameOf(scenario, CommandLines.scenarioArgument(cl)))));

        RunSettings settings = RunSettings.in(outDir, err).withTransport(transport(cl), trace)
                .withAgents(cl.getOptionValue("agents")).withPartitions(partitions(cl));
        noteFlowsAfterTheEnd(setup, err);
        Progress progress = new Progress(err, setup.config().durationPs());
        RunResults results;
        try {
            results = backend.run(setup, settings, stop.control(progress));
        } catch (UsageException e) {
            throw e;
        } catch (OmnetppException e) {
            progress.done();
            err.println("cosim run: " + e.getMessage());
            return 1;
        } catch (Exception e) {
            progress.done();
            err.println("cosim run: the run could not start: " + e.getMessage());
            return 1;
        }
        progress.done();
        ResultsOutput.write(outDir, results, setup, cl.hasOption("no-plots"), out);
        if (!results.complete()) {
            err.println("cosim run: the run failed at " + results.reachedPs() + " ps: " + results.failure());
            err.println("cosim run: partial results are in " + outDir
                    + " (summary.json says \"status\": \"failed\")");
            return 1;
        }
        return 0;
    }

    /** --partitions's value, 1 when absent. */
    private static int partitions(CommandLine cl) {
        return cl.hasOption("partitions") ? CommandLines.wholeNumber(cl, "partitions", 1, 4096) : 1;
    }

    private static AgentTransports.Kind transport(CommandLine cl) {
        return CommandLines.choice(cl, "transport", AgentTransports.Kind.class, AgentTransports.Kind.DIRECT);
    }

    /**
     * Flows that start at or after the end take no part in the run: allowed (a shorter --set duration_us of a
     * longer scenario), but said, since the summary would otherwise count them as flows that carried nothing.
     */
    static void noteFlowsAfterTheEnd(RunSetup setup, PrintStream err) {
        long end = setup.config().durationPs();
        int late = 0;
        for (int f = 0; f < setup.flows().size(); f++) {
            late += setup.flows().startPs(f) >= end ? 1 : 0;
        }
        if (late > 0) {
            err.println("cosim run: note: " + late + " of " + setup.flows().size() + " flows start at or after the end "
                    + "of the run (duration_us " + setup.scenario().getDurationUs() + "); they send nothing");
        }
    }
}
