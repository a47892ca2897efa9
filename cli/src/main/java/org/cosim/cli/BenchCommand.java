package org.cosim.cli;

import java.io.PrintStream;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import org.apache.commons.cli.CommandLine;
import org.apache.commons.cli.Option;
import org.apache.commons.cli.Options;
import org.cosim.cli.bench.BackendBench;
import org.cosim.cli.bench.MemoryProbe;
import org.cosim.cli.bench.ScaleBench;
import org.cosim.cli.bench.ScalePoint;
import org.cosim.cli.bench.WireBenchmark;
import org.cosim.fabric.FabricResult;
import org.cosim.fabric.FabricSimulation;
import org.cosim.fabric.agent.DirectTransport;
import org.cosim.proto.Scenario;
import org.cosim.runner.AgentTransports;
import org.cosim.runner.omnetpp.OmnetppInstall;
import org.cosim.runner.omnetpp.OppRunAllocator;
import org.cosim.scenario.ScenarioFiles;
import org.cosim.scenario.Units;
import org.cosim.setup.RunSetup;

/**
 * `cosim bench`: the speed of the Java fabric on a scenario. Runs it a few times
 * to warm the JIT up, then times the measured runs and reports kernel events per
 * second, wall seconds per simulated millisecond (median and range) and, per run,
 * the peak Java heap and the garbage collections ({@link MemoryProbe}). A run is
 * the simulation alone (setup and results files excluded), as {@code cosim run}'s
 * wall time but without writing results. With {@code --backends}, the two back
 * ends' wall time on the scenario instead ({@link BackendBench}).
 */
public final class BenchCommand implements Command {
    private static final String USAGE = "cosim bench [SCENARIO] [--runs N] [--warmup-runs N] [--set field.path=value ...]"
            + " | cosim bench --wire [--seconds S]"
            + " | cosim bench SCENARIO --backends [--transport direct|grpc] [--runs N] [--out DIR]"
            + " [--set field.path=value ...]"
            + " | cosim bench [SCENARIO] --scale [--sizes K,K,...] [--ms D] [--set field.path=value ...]";
    private static final String DEFAULT = "scenarios/timely-incast.textproto";
    private static final String DEFAULT_SCALE = "scenarios/ndp-fig14-permutation.textproto";

    @Override
    public String name() {
        return "bench";
    }

    @Override
    public String summary() {
        return "measure simulator speed (events/s, wall time per simulated ms)";
    }

    static Options options() {
        Options o = new Options();
        o.addOption(Option.builder("r").longOpt("runs").hasArg().argName("N").desc("measured runs (default 5)").get());
        o.addOption(Option.builder("w").longOpt("warmup-runs").hasArg().argName("N")
                .desc("unmeasured JIT warm-up runs (default 3)").get());
        o.addOption(CommandLines.setOption());
        o.addOption(Option.builder().longOpt("wire").desc("measure the agent transport instead: events/s in-process "
                + "and over gRPC on loopback at 1, 64 and 1024 events per window").get());
        o.addOption(Option.builder().longOpt("backends").desc("time `cosim run` of the scenario on the Java and the "
                + "OMNeT++ back end instead: --runs pairs (default 3), alternating, each a fresh process; reports the "
                + "medians, their ratio, and whether the result files agree").get());
        o.addOption(Option.builder().longOpt("scale").desc("run a fat-tree scenario (default: " + DEFAULT_SCALE
                + ") at several sizes k instead, each in a new JVM after a JIT warm-up on 10 ms at k = 8: "
                + "per size the set-up's "
                + "wall time and memory, the run's CPU per delivered packet and kernel events per packet").get());
        o.addOption(Option.builder().longOpt("sizes").hasArg().argName("K,K,...")
                .desc("--scale: the fat trees' k (default 8,12,16,24,32: 128 to 8192 hosts)").get());
        o.addOption(Option.builder().longOpt("ms").hasArg().argName("D")
                .desc("--scale: simulated milliseconds per size (default 1)").get());
        o.addOption(Option.builder("t").longOpt("transport").hasArg().argName("direct|grpc")
                .desc("--backends: how opp_run reaches the agents: direct (default; a JVM inside opp_run) or grpc "
                        + "(an agent server)").get());
        o.addOption(Option.builder("o").longOpt("out").hasArg().argName("DIR")
                .desc("--backends: where the runs go (default: results/bench-backends)").get());
        o.addOption(Option.builder().longOpt("seconds").hasArg().argName("S")
                .desc("--wire: seconds measured per row (default 5; a fraction is fine), after a warm-up of "
                        + "twice that, at most 10 s").get());
        o.addOption(CommandLines.helpOption());
        return o;
    }

    /** The longest warm-up of --wire: the JIT has long settled by then. */
    private static final Duration MAX_WIRE_WARMUP = Duration.ofSeconds(10);

    @Override
    public int run(String[] args, PrintStream out, PrintStream err) {
        CommandLine cl = CommandLines.parse(options(), args);
        if (cl.hasOption("help")) {
            out.print(CommandLines.help(USAGE, "Times the Java fallback fabric on a scenario (default: "
                    + DEFAULT + "); with --backends, both back ends' `cosim run` of it.", options()));
            return 0;
        }
        if (cl.hasOption("scale")) {
            Path file = Path.of(cl.getArgList().isEmpty() ? DEFAULT_SCALE : cl.getArgList().get(0));
            List<Integer> sizes = sizes(cl.getOptionValue("sizes"));
            double ms = milliseconds(cl.getOptionValue("ms", "1"));
            // A bad scenario fails here, not in a child.
            ScalePoint.scenario(file, sizes.get(0), ms, CommandLines.overrides(cl));
            out.printf(Locale.ROOT, "bench: %s at k = %s, %s ms simulated each, one JVM per size (%d cores, Java %s)%n",
                    file, sizes, ms, Runtime.getRuntime().availableProcessors(), System.getProperty("java.version"));
            int measured = new ScaleBench(ScaleBench.childJvm()).run(file, sizes, ms, CommandLines.overrides(cl), out)
                    .size();
            return measured == sizes.size() ? 0 : 1;
        }
        Path file = Path.of(cl.getArgList().isEmpty() ? DEFAULT : cl.getArgList().get(0));
        if (cl.hasOption("wire")) {
            Duration measure = seconds(cl.getOptionValue("seconds", "5"));
            Duration warmup = measure.multipliedBy(2).compareTo(MAX_WIRE_WARMUP) < 0 ? measure.multipliedBy(2)
                    : MAX_WIRE_WARMUP;
            new WireBenchmark(ScenarioFiles.read(file, CommandLines.overrides(cl))).run(out, warmup, measure);
            return 0;
        }
        if (cl.hasOption("backends")) {
            OmnetppInstall.Lookup omnetpp = OmnetppInstall.locate();
            if (!omnetpp.found()) {
                // Before the Java half runs, as cosim compare does.
                err.println("cosim bench: --backends needs OMNeT++: " + omnetpp.whyNot());
                return 1;
            }
            return backends(file, cl, out);
        }
        try {
            return timeJava(file, cl, out);
        } catch (RunFailed e) {
            err.println("cosim bench: " + e.getMessage());
            return 1;
        }
    }

    private static int timeJava(Path file, CommandLine cl, PrintStream out) {
        int runs = positive(cl.getOptionValue("runs", "5"), "--runs", 1);
        int warmups = positive(cl.getOptionValue("warmup-runs", "3"), "--warmup-runs", 0);
        Scenario scenario = ScenarioFiles.read(file, CommandLines.overrides(cl));
        RunSetup setup = RunSetup.of(scenario);
        double simMs = setup.config().durationPs() / (double) Units.PS_PER_MS;
        out.printf(Locale.ROOT, "bench: %s, %s ms simulated, %d hosts, %d flows; %d warm-up + %d measured runs%n",
                file, simMs, setup.graph().hostCount(), setup.flows().size(), warmups, runs);
        for (int i = 0; i < warmups; i++) {
            once(setup);
        }
        double[] eventsPerS = new double[runs];
        double[] wallPerMs = new double[runs];
        long events = 0;
        MemoryProbe memory = new MemoryProbe();
        for (int i = 0; i < runs; i++) {
            System.gc();
            memory.start();
            FabricResult.Work work = once(setup).work();
            double wall = work.wallNanos() / 1e9;
            events = work.eventsProcessed();
            eventsPerS[i] = events / wall;
            wallPerMs[i] = wall / simMs;
            out.printf(Locale.ROOT, "  run %d: %,d events in %.3f s = %.2f M events/s, %.3f ms wall per simulated ms; "
                            + "peak heap %.0f MiB, %d GCs (%.2f s)%n",
                    i + 1, events, wall, eventsPerS[i] / 1e6, wallPerMs[i] * 1e3, memory.peakHeapBytes() / 1048576.0,
                    memory.collections(), memory.collectionMillis() / 1e3);
        }
        Arrays.sort(eventsPerS);
        Arrays.sort(wallPerMs);
        out.printf(Locale.ROOT, "median: %.2f M events/s (range %.2f..%.2f), %.3f ms wall per simulated ms "
                        + "(range %.3f..%.3f); %d cores, Java %s, max heap %.0f MiB%n",
                eventsPerS[runs / 2] / 1e6, eventsPerS[0] / 1e6, eventsPerS[runs - 1] / 1e6, wallPerMs[runs / 2] * 1e3,
                wallPerMs[0] * 1e3, wallPerMs[runs - 1] * 1e3, Runtime.getRuntime().availableProcessors(),
                System.getProperty("java.version"), MemoryProbe.maxHeapBytes() / 1048576.0);
        return 0;
    }

    private static int backends(Path file, CommandLine cl, PrintStream out) {
        int pairs = positive(cl.getOptionValue("runs", "3"), "--runs", 1);
        ScenarioFiles.read(file, CommandLines.overrides(cl));  // a bad scenario fails here, not in a child
        Path dir = CommandLines.outputDirectory(cl.getOptionValue("out", "results/bench-backends"));
        AgentTransports.Kind transport = CommandLines.choice(cl, "transport", AgentTransports.Kind.class,
                AgentTransports.Kind.DIRECT);
        out.printf(Locale.ROOT, "bench: `cosim run %s` on both back ends (opp_run's agents %s), %d pairs "
                + "alternating, each a new process; runs in %s%n", file,
                transport == AgentTransports.Kind.GRPC ? "over gRPC" : "in-process", pairs, dir);
        List<BackendBench.Run> runs = new BackendBench(BackendBench.childJvm())
                .run(file, CommandLines.overrides(cl), transport, pairs, dir, out);
        BackendBench.Summary s = BackendBench.summarize(runs);
        out.printf(Locale.ROOT, "median: java %.2f s, omnetpp %.2f s: OMNeT++ takes %.2fx the Java back end's wall "
                        + "time (the simulation alone: java %.2f s, omnetpp %.2f s: %.2fx); result files (%s) %s; "
                        + "%d cores, Java %s, opp_run's malloc %s%n",
                s.javaMedianS(), s.omnetppMedianS(), s.ratio(), s.javaSimMedianS(), s.omnetppSimMedianS(),
                s.simRatio(), String.join(", ", BackendBench.COMPARED),
                s.allIdentical() ? "identical in every run" : "DIFFER", Runtime.getRuntime().availableProcessors(),
                System.getProperty("java.version"), OppRunAllocator.find().map(Path::toString).orElse("glibc's"));
        return s.allIdentical() ? 0 : 1;
    }

    private static FabricResult once(RunSetup setup) {
        FabricResult r = new FabricSimulation(setup).run(new DirectTransport(setup.session()));
        if (!r.complete()) {
            throw new RunFailed("the run failed at " + r.reachedPs() / (double) Units.PS_PER_US
                    + " us of simulated time: " + r.failure());
        }
        return r;
    }

    /** A timed run that did not complete: nothing to time. */
    private static final class RunFailed extends RuntimeException {
        RunFailed(String message) {
            super(message);
        }
    }

    /** --seconds: a positive number of seconds, to the millisecond. */
    private static Duration seconds(String v) {
        try {
            double s = Double.parseDouble(v);
            if (s >= 0.001 && s <= 86_400) {
                return Duration.ofMillis(Math.round(s * 1000));
            }
        } catch (NumberFormatException e) {
            // reported below
        }
        throw new UsageException("--seconds takes a number of seconds in 0.001..86400, not '" + v + "'");
    }

    /** --sizes: even fat-tree sizes k >= 2. */
    private static List<Integer> sizes(String v) {
        if (v == null) {
            return ScaleBench.DEFAULT_SIZES;
        }
        List<Integer> out = new ArrayList<>();
        for (String part : v.split(",")) {
            int k = positive(part.trim(), "--sizes", 2);
            if (k % 2 != 0) {
                throw new UsageException("--sizes: a fat tree's k is even, not " + k);
            }
            out.add(k);
        }
        return out;
    }

    /** --ms: a positive number of simulated milliseconds, a whole number of microseconds. */
    private static double milliseconds(String v) {
        try {
            double ms = Double.parseDouble(v);
            if (ms >= 0.001 && ms <= 1e6 && Math.rint(ms * 1000) == ms * 1000) {
                return ms;
            }
        } catch (NumberFormatException e) {
            // reported below
        }
        throw new UsageException("--ms takes simulated milliseconds in 0.001..1000000, whole microseconds, not '"
                + v + "'");
    }

    private static int positive(String v, String opt, int min) {
        try {
            int n = Integer.parseInt(v);
            if (n >= min) {
                return n;
            }
        } catch (NumberFormatException e) {
            // reported below
        }
        throw new UsageException(opt + " takes a whole number >= " + min + ", not '" + v + "'");
    }
}
