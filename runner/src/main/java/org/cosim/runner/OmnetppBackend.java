package org.cosim.runner;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.PrintWriter;
import java.math.BigInteger;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.function.ToLongFunction;
import org.cosim.agents.host.ContractViolation;
import org.cosim.agents.host.FlowStates;
import org.cosim.agents.wire.AgentServer;
import org.cosim.agents.wire.AgentServerOptions;
import org.cosim.agents.wire.LocalSocket;
import org.cosim.proto.Scenario;
import org.cosim.runner.omnetpp.BridgeBuild;
import org.cosim.runner.omnetpp.CosimHome;
import org.cosim.runner.omnetpp.FlowStateFile;
import org.cosim.runner.omnetpp.OmnetppException;
import org.cosim.runner.omnetpp.OmnetppIni;
import org.cosim.runner.omnetpp.OmnetppInstall;
import org.cosim.runner.omnetpp.OppRunAllocator;
import org.cosim.runner.omnetpp.PacketTraceFile;
import org.cosim.runner.omnetpp.PartitionResults;
import org.cosim.runner.omnetpp.ResultFiles;
import org.cosim.runner.omnetpp.RttSampleFile;
import org.cosim.runner.results.Counters;
import org.cosim.runner.results.FlowBytes;
import org.cosim.runner.results.FlowRecord;
import org.cosim.runner.results.QueueRecord;
import org.cosim.runner.results.RttSamples;
import org.cosim.runner.results.RunResults;
import org.cosim.runner.results.TimeSeries;
import org.cosim.scenario.ScenarioException;
import org.cosim.scenario.ScenarioFiles;
import org.cosim.setup.RunSetup;
import org.cosim.setup.RunSpecs;
import org.cosim.setup.report.PacketTrace;
import org.cosim.setup.report.QueueLengths;
import org.cosim.setup.topology.Partitions;
import org.cosim.setup.topology.TopologyGraph;

/**
 * Runs a scenario on the OMNeT++ back end and reports it in the common results
 * format, like {@link JavaBackend}: finds OMNeT++, builds the bridge if needed,
 * writes the ini file of the run (OmnetppIni: the network cosim.networks.ScenarioNetwork
 * builds itself from the scenario),
 * serves the agents (in this process, or uses an agent server already running),
 * launches {@code opp_run}, and converts OMNeT++'s .sca/.vec files into
 * {@link RunResults}. Everything in {@code <out>/omnetpp/}: run.ini,
 * scenario.textproto (the scenario as run), opp_run.log, cosim.sca, cosim.vec, cosim.rtt
 * (the RTT samples, {@link RttSampleFile}), cosim.states (with output.agent_state, {@link FlowStateFile}),
 * cosim.pkt (with output.packet_trace, {@link PacketTraceFile}).
 *
 * <p>A run that fails midway (the agent server gone, a contract violation) keeps
 * what it measured: the bridge records its results on the error path, opp_run
 * exits non-zero, and the results say failed, as the Java back end's do.
 */
public final class OmnetppBackend {
    private OmnetppBackend() {}

    /**
     * Whether opp_run reaches the agents over gRPC under {@code settings}: an agent server named by
     * {@code --agents}, or one served here ({@code --transport grpc}). Otherwise they run in-process, in a JVM
     * inside opp_run.
     */
    public static boolean overGrpc(RunSettings settings) {
        return settings.agents() != null || settings.transport() == AgentTransports.Kind.GRPC;
    }

    /**
     * Runs {@code setup} in opp_run; its files go to {@code settings.outDir()/omnetpp}, the agents are served here
     * unless {@code settings.agents()} names a server. A stop asked for through {@code control} reaches opp_run as
     * SIGTERM at its next progress line: Cmdenv ends the run after the current event and the bridge records what
     * it measured, as when the runner's JVM is stopped ({@link OppRunStop}).
     */
    static RunResults run(RunSetup setup, RunSettings settings, RunControl control) {
        OmnetppInstall omnetpp = OmnetppInstall.locate().orElseThrow();
        CosimHome home = CosimHome.find();
        Path lib = BridgeBuild.ensure(home, omnetpp, settings.notes());
        Path dir = settings.outDir().resolve(Backend.OMNETPP.id()).toAbsolutePath();
        Partitions partitions = settings.partitions() > 1 ? partitions(setup, omnetpp, settings.partitions()) : null;
        boolean inProcess = !overGrpc(settings) && BridgeBuild.hasInProcessAgents(home);
        if (!overGrpc(settings) && !inProcess) {
            settings.notes().println("cosim: the bridge was built without in-process agents (CMake found no JDK: "
                    + BridgeBuild.inProcessStatus(home) + "); the agents are served over gRPC");
        }
        // At the scenario's own pipeline depth (1 when it sets none): on 2 cores depth 1 was the fastest over gRPC
        // too (docs/speed.md), and in-process agents answer within the call.
        Scenario scenario = setup.scenario();
        try {
            Files.createDirectories(dir);
            // A run's own files: cosim.* (results, a parallel run's cosim.<host>.<pid>.sca and cosim.rtt.p<i>...).
            try (var old = Files.newDirectoryStream(dir, "cosim.*")) {
                for (Path f : old) {
                    Files.deleteIfExists(f);
                }
            }
            for (String f : List.of("opp_run.log", RUN_SPEC_FILE)) {
                Files.deleteIfExists(dir.resolve(f));
            }
            Files.writeString(dir.resolve("scenario.textproto"), ScenarioFiles.canonicalText(scenario));
        } catch (IOException e) {
            throw new OmnetppException("cannot prepare " + dir + ": " + e.getMessage(), e);
        }

        AgentServer server = null;
        String agents = inProcess ? OmnetppIni.IN_PROCESS : settings.agents();
        if (agents == null) {
            // opp_run runs on this machine: a Unix socket saves part of every round trip. At depth 1 a polling
            // event loop also saves the wake-up of every batch while opp_run keeps the other core; a pipelined
            // opp_run has a second busy thread of its own (its PipelinedLink), so there the loop sleeps
            // (docs/speed.md).
            if (LocalSocket.available()) {
                Path sock = LocalSocket.newPath();
                boolean pipelined = scenario.getPipelineDepth() > 1;
                AgentServerOptions serverOptions = pipelined ? AgentServerOptions.DEFAULTS
                        : AgentServerOptions.DEFAULTS.withBusyPoll();
                server = AgentServer.startUnix(sock, serverOptions, RunSpecs::resolve);
                agents = LocalSocket.target(sock);
            } else {
                server = AgentServer.start("127.0.0.1", 0, AgentServerOptions.DEFAULTS, RunSpecs::resolve);
                agents = "127.0.0.1:" + server.port();
            }
        }
        Launch launch;
        try {
            OmnetppIni.RunAgents where = OmnetppIni.RunAgents.server(agents);
            if (inProcess) {
                writeRunSpec(dir.resolve(RUN_SPEC_FILE), RunSpecs.of(setup));
                where = OmnetppIni.RunAgents.inProcess(OmnetppIni.EmbeddedJvm.ofThisJvm(), RUN_SPEC_FILE);
            }
            // run.ini is also how to run it again by hand, in its own opp_run (or under mpirun)
            if (partitions != null) {
                writeIni(dir, OmnetppIni.forParallelRun("scenario.textproto", where, setup.config().warmupPs(),
                        partitions));
                launch = launchParallel(omnetpp, home, lib, dir, partitions.count(), control);
            } else {
                writeIni(dir, OmnetppIni.forRun("scenario.textproto", where, setup.config().warmupPs()));
                launch = inProcess
                        ? launchInWorker(omnetpp, home, lib, dir, where.jvm(), setup.config().warmupPs(), control)
                        : launch(omnetpp, home, lib, dir, control);
            }
        } finally {
            if (server != null) {
                server.close();
            }
        }
        return convert(setup, dir, launch, partitions == null ? 1 : partitions.count());
    }

    /** {@code setup}'s network in {@code n} partitions, if this OMNeT++ can run them. */
    private static Partitions partitions(RunSetup setup, OmnetppInstall omnetpp, int n) {
        Optional<String> whyNot = omnetpp.whyNotParallel();
        if (whyNot.isPresent()) {
            throw new OmnetppException("--partitions " + n + ": " + whyNot.get());
        }
        if (setup.packetTrace() != null) {
            throw new OmnetppException("--partitions " + n + ": output.packet_trace is recorded by one process "
                    + "only; trace a run in one partition");
        }
        try {
            return Partitions.of(setup.graph(), n);
        } catch (ScenarioException e) {
            throw new OmnetppException("--partitions " + n + ": " + e.getMessage(), e);
        }
    }

    /** The run's RunSpec, beside run.ini, for in-process agents (the bridge's runSpecFile). */
    static final String RUN_SPEC_FILE = "runspec.bin";

    private static void writeRunSpec(Path file, org.cosim.proto.RunSpec spec) {
        try {
            Files.write(file, spec.toByteArray());
        } catch (IOException e) {
            throw new OmnetppException("cannot write " + file + ": " + e.getMessage(), e);
        }
    }

    private static void writeIni(Path dir, String text) {
        try {
            Files.writeString(dir.resolve("run.ini"), text);
        } catch (IOException e) {
            throw new OmnetppException("cannot write " + dir.resolve("run.ini") + ": " + e.getMessage(), e);
        }
    }

    /** {@code stopped}: the runner's JVM was shutting down (Ctrl-C, SIGTERM) and asked opp_run to stop. */
    private record Launch(int exitCode, List<String> errors, long wallNanos, boolean stopped) {}

    /** opp_run's command up to its ini file: Cmdenv, cosim's NED folder and the bridge library. */
    private static List<String> oppRun(OmnetppInstall omnetpp, CosimHome home, Path lib) {
        String libArg = lib.getParent().resolve("cosim_omnetpp").toString();  // opp_run -l adds lib*.so
        return List.of(omnetpp.bin("opp_run").toString(), "-u", "Cmdenv", "-n", home.ned().toString(), "-l", libArg);
    }

    /**
     * What the runner does with opp_run's lines for a run: progress to {@code control}, the furthest any process
     * reports (a parallel run's partitions each report theirs; a stop asked for there reaches opp_run through
     * {@code stop}), errors kept for the results, the rest to opp_run.log.
     */
    private static final class RunOutput implements java.util.function.Consumer<String> {
        private final PrintWriter log;
        private final RunControl control;
        private final OppRunStop stop;
        private final List<String> errors = new ArrayList<>();
        private long furthest = -1;

        RunOutput(PrintWriter log, RunControl control, OppRunStop stop) {
            this.log = log;
            this.control = control;
            this.stop = stop;
        }

        List<String> errors() {
            return errors;
        }

        @Override
        public void accept(String line) {
            if (line.startsWith("cosim-progress ")) {
                long ps = Long.parseLong(line.substring("cosim-progress ".length()).trim());
                if (ps > furthest) {
                    furthest = ps;
                    if (control.step(ps)) {
                        stop.now();
                    }
                }
                return;
            }
            log.println(line);
            if (line.startsWith("<!> Error") || line.startsWith("cosim: ")) {
                errors.add(line.startsWith("<!> ") ? line.substring(4) : line);
            }
        }
    }

    private static String mallocLine(Optional<Path> malloc, String preload) {
        return "# malloc: " + malloc.map(m -> "LD_PRELOAD=" + preload).orElse("the C library's") + " ("
                + OppRunAllocator.VARIABLE + " chooses)";
    }

    /** Runs opp_run to the end; its output goes to opp_run.log, its progress lines to {@code control}. */
    private static Launch launch(OmnetppInstall omnetpp, CosimHome home, Path lib, Path dir, RunControl control) {
        List<String> cmd = new ArrayList<>(oppRun(omnetpp, home, lib));
        cmd.addAll(List.of("-f", "run.ini", "-c", "General"));
        Optional<Path> malloc = OppRunAllocator.find();
        return launch(cmd, dir, control, env -> {
            malloc.ifPresent(m -> OppRunAllocator.preload(env, m));
            return mallocLine(malloc, env.get("LD_PRELOAD"));
        });
    }

    /**
     * Runs {@code cmd} in {@code dir} to the end: its output to opp_run.log (after the command and the line
     * {@code environment} returns once it has set the process's variables), its progress lines to {@code control}.
     */
    private static Launch launch(List<String> cmd, Path dir, RunControl control,
                                 java.util.function.Function<Map<String, String>, String> environment) {
        long start = System.nanoTime();
        try (PrintWriter log = new PrintWriter(Files.newBufferedWriter(dir.resolve("opp_run.log")))) {
            ProcessBuilder pb = new ProcessBuilder(cmd).directory(dir.toFile()).redirectErrorStream(true);
            String about = environment.apply(pb.environment());
            log.println("# " + String.join(" ", cmd));
            log.println(about);
            Process p = pb.start();
            try (OppRunStop stop = new OppRunStop(p);
                 BufferedReader out = new BufferedReader(new InputStreamReader(p.getInputStream(),
                    StandardCharsets.UTF_8))) {
                RunOutput output = new RunOutput(log, control, stop);
                String line;
                while ((line = out.readLine()) != null) {
                    output.accept(line);
                }
                int exit = p.waitFor();
                return new Launch(exit, output.errors(), System.nanoTime() - start, stop.asked());
            }
        } catch (IOException e) {
            throw new OmnetppException("cannot run " + cmd.get(0) + ": " + e.getMessage(), e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new OmnetppException("interrupted while " + Path.of(cmd.get(0)).getFileName() + " was running");
        }
    }

    /**
     * Runs the run whose files are in {@code dir} across {@code n} MPI processes ({@code mpirun -np N opp_run ...},
     * or {@link OmnetppInstall#MPIRUN_VARIABLE}'s command instead of {@code mpirun}, e.g. with a host file); their
     * output goes to opp_run.log, the furthest progress any of them reports to {@code control}.
     */
    private static Launch launchParallel(OmnetppInstall omnetpp, CosimHome home, Path lib, Path dir, int n,
                                         RunControl control) {
        List<String> cmd = new ArrayList<>(OmnetppInstall.mpirunCommand(System.getenv()));
        cmd.addAll(List.of("-np", String.valueOf(n)));
        cmd.addAll(oppRun(omnetpp, home, lib));
        cmd.addAll(List.of("-f", "run.ini", "-c", "General"));
        return launch(cmd, dir, control, env -> {
            // OpenMPI's: more processes than cores (a laptop's), and as root (a container's).
            env.putIfAbsent("OMPI_MCA_rmaps_base_oversubscribe", "1");
            env.putIfAbsent("OMPI_ALLOW_RUN_AS_ROOT", "1");
            env.putIfAbsent("OMPI_ALLOW_RUN_AS_ROOT_CONFIRM", "1");
            return "# " + n + " partitions (" + OmnetppInstall.MPIRUN_VARIABLE + " chooses the command before -np)";
        });
    }

    /**
     * Runs the run whose files are in {@code dir} in a worker opp_run ({@link OppRunWorker}), started here if none
     * is free. Its wall time counts from here: a new worker's start is the run's.
     */
    private static Launch launchInWorker(OmnetppInstall omnetpp, CosimHome home, Path lib, Path dir,
                                         OmnetppIni.EmbeddedJvm jvm, long warmupPs, RunControl control) {
        long start = System.nanoTime();
        Optional<Path> malloc = OppRunAllocator.find();
        OppRunWorker.Key key;
        try {
            key = new OppRunWorker.Key(oppRun(omnetpp, home, lib), malloc.map(Path::toString).orElse(""),
                    Files.getLastModifiedTime(lib).toMillis(),
                    OmnetppIni.forWorker("scenario.textproto", jvm, RUN_SPEC_FILE));
        } catch (IOException e) {
            throw new OmnetppException("cannot read " + lib + ": " + e.getMessage(), e);
        }
        OppRunWorker worker = OppRunWorker.take(key);
        try (PrintWriter log = new PrintWriter(Files.newBufferedWriter(dir.resolve("opp_run.log")))) {
            log.println("# " + worker.describe());
            log.println(mallocLine(malloc, malloc.map(Path::toString).orElse(null)));
            try (OppRunStop stop = new OppRunStop(worker.process())) {
                RunOutput output = new RunOutput(log, control, stop);
                int exit = worker.run(dir, warmupPs, output);
                return new Launch(exit, output.errors(), System.nanoTime() - start, stop.asked());
            }
        } catch (IOException e) {
            throw new OmnetppException("cannot write " + dir.resolve("opp_run.log") + ": " + e.getMessage(), e);
        } finally {
            worker.release();
        }
    }

    private static RunResults convert(RunSetup setup, Path dir, Launch launch, int partitions) {
        String bridge = null;
        ResultFiles files = partitions == 1 ? oneProcess(dir) : PartitionResults.merge(dir, partitions);
        if (files != null) {
            bridge = moduleWith(files, "reachedPs");
        }
        String why = launch.errors().isEmpty() ? "opp_run exited with status " + launch.exitCode()
                : String.join("; ", launch.errors());
        if (bridge == null && launch.stopped()) {
            throw new OmnetppException("opp_run was stopped by SIGINT or SIGTERM before it simulated anything");
        }
        if (bridge == null) {
            // Nothing simulated: it failed while setting up (no agent server, a network that is not the scenario's...).
            throw new OmnetppException("the OMNeT++ run failed before simulating: " + why + " (see " + dir
                    .resolve("opp_run.log") + ")");
        }
        boolean completed = ResultFiles.exact(files.scalar(bridge, "completed"), "completed") == 1;
        String failure = launch.exitCode() == 0 && completed ? null
                : launch.stopped() ? Interruption.at(exact(files, bridge, "reachedPs"))
                : launch.exitCode() == 0 ? "the simulation stopped before the scenario's duration: " + why : why;
        FlowStates states = null;
        try {
            states = flowStates(setup, dir, partitions, failure == null);
        } catch (OmnetppException e) {
            failure = failure == null ? e.getMessage() : failure;  // what the fabric measured is kept
        }
        PacketTrace trace = null;
        if (setup.packetTrace() != null) {
            try {
                trace = PacketTraceFile.read(dir.resolve(PacketTraceFile.RUNNER_FILE), setup.graph().hostNames(),
                        setup.graph().switchNames(), failure == null);
            } catch (OmnetppException e) {
                failure = failure == null ? e.getMessage() : failure;
            }
        }
        Scenario s = setup.scenario();
        Map<String, Double> breakdown = new LinkedHashMap<>();
        breakdown.put("opp_run_wall_time", Double.parseDouble(files.scalar(bridge, "wallSeconds")));
        breakdown.put("agents_start_wall_time", Double.parseDouble(files.scalar(bridge, "agentsStartWallSeconds")));
        breakdown.put("agent_exchange_wall_time", Double.parseDouble(files.scalar(bridge, "exchangeWallSeconds")));
        return new RunResults(RunRecords.setup(Backend.OMNETPP, setup), exact(files, bridge, "reachedPs"),
                new RunResults.Measured(flows(setup, files, bridge), rtts(dir, partitions, files, bridge), queues(setup, files),
                        counters(setup, files, bridge), series(setup, files), RunRecords.incastOptimum(setup), states, trace),
                failure, new RunResults.Wall(launch.wallNanos(), breakdown));
    }

    /** The result files of a run in one process, or null when it left none. */
    private static ResultFiles oneProcess(Path dir) {
        Path sca = dir.resolve("cosim.sca");
        return Files.exists(sca) ? ResultFiles.read(sca, dir.resolve("cosim.vec")) : null;
    }

    /** The agents' sampled states the bridge wrote, checked against this run (output.agent_state). */
    private static FlowStates flowStates(RunSetup setup, Path dir, int partitions, boolean complete) {
        FlowStates states = partitions == 1 ? FlowStateFile.read(dir.resolve(FlowStateFile.RUNNER_FILE))
                : PartitionResults.flowStates(dir, partitions);
        if (states == null) {
            return null;
        }
        try {
            return states.requireShape(setup.flows().size(), setup.session().stateIntervalPs(), setup.config().durationPs(),
                    complete);
        } catch (ContractViolation e) {
            throw new OmnetppException(dir.resolve(FlowStateFile.RUNNER_FILE) + ": " + e.getMessage(), e);
        }
    }

    private static String moduleWith(ResultFiles files, String scalar) {
        return files.scalars().entrySet().stream().filter(e -> e.getValue().containsKey(scalar))
                .map(Map.Entry::getKey).findFirst().orElse(null);
    }

    private static long exact(ResultFiles files, String module, String name) {
        String v = files.scalar(module, name);
        if (v == null) {
            throw new OmnetppException("the result files lack " + module + " " + name);
        }
        return ResultFiles.exact(v, module + " " + name);
    }

    private static List<FlowRecord> flows(RunSetup setup, ResultFiles files, String bridge) {
        List<FlowRecord> out = new ArrayList<>();
        for (int f = 0; f < setup.flows().size(); f++) {
            String p = "flow" + f + ":";
            out.add(RunRecords.flow(setup, f, exact(files, bridge, p + "finishPs"),
                    FlowBytes.fromCounters(name -> exact(files, bridge, p + name))));
        }
        return out;
    }

    /** Every NIC's RTT samples: the bridge's RTT sample file (a parallel run's: every partition's). */
    private static RttSamples rtts(Path dir, int partitions, ResultFiles files, String bridge) {
        long count = exact(files, bridge, "rttSamples");
        return partitions == 1 ? RttSampleFile.read(dir.resolve(RttSampleFile.RUNNER_FILE), count)
                : PartitionResults.rtts(dir, partitions, count);
    }

    private static String sampler(ResultFiles files) {
        return files.vectors().keySet().stream().filter(m -> m.endsWith(".sampler")).findFirst()
                .orElseGet(() -> files.scalars().keySet().stream().filter(m -> m.endsWith(".sampler")).findFirst()
                        .orElse(null));
    }

    private static List<QueueRecord> queues(RunSetup setup, ResultFiles files) {
        String sampler = sampler(files);
        List<QueueRecord> out = new ArrayList<>();
        List<TopologyGraph.PortRef> monitored = setup.graph().monitored();
        for (int q = 0; q < monitored.size(); q++) {
            TopologyGraph.PortRef ref = monitored.get(q);
            String name = RunRecords.portName(setup.graph().switchName(ref.switchId()), ref.port());
            ResultFiles.Histogram h = files.histogram(sampler, "queue" + q + ":lengthTime");
            if (h == null) {
                throw new OmnetppException("the result files lack the length distribution of queue " + name);
            }
            long bucket = RunSetup.QUEUE_BUCKET_BYTES;
            List<Long> buckets = new ArrayList<>();
            for (var bin : h.bins().entrySet()) {
                if (bin.getKey().equals("-inf")) {
                    continue;
                }
                long edge = ResultFiles.exact(bin.getKey(), name + " bin edge");
                long time = ResultFiles.exact(bin.getValue(), name + " bin");
                int b = (int) (edge / bucket);
                while (buckets.size() <= b) {
                    buckets.add(0L);
                }
                buckets.set(b, buckets.get(b) + time);
            }
            long measured = Math.max(0, exact(files, moduleWith(files, "reachedPs"), "reachedPs")
                    - setup.config().warmupPs());
            long total = buckets.stream().mapToLong(Long::longValue).sum();
            if (total != measured) {
                throw new OmnetppException("the length distribution of queue " + name + " covers " + total
                        + " ps, the measured interval is " + measured + " ps");
            }
            long rate = setup.graph().links().stream()
                    .filter(l -> l.a() == TopologyGraph.switchRef(ref.switchId()) && l.portA() == ref.port()
                            || l.b() == TopologyGraph.switchRef(ref.switchId()) && l.portB() == ref.port())
                    .findFirst().orElseThrow().rateBps();
            BigInteger byteTime = BigInteger.valueOf(
                    exact(files, sampler, "queue" + q + ":byteTimeHighPs")).shiftLeft(52)
                    .add(BigInteger.valueOf(exact(files, sampler, "queue" + q + ":byteTimeLowPs")));
            QueueLengths m = new QueueLengths(name, rate, bucket, buckets.stream().mapToLong(Long::longValue).toArray(),
                    exact(files, sampler, "queue" + q + ":maxBytes"), byteTime);
            out.add(RunRecords.queue(m));
        }
        return out;
    }

    private static long sum(ResultFiles files, String scalar) {
        long total = 0;
        for (var module : files.scalars().entrySet()) {
            String v = module.getValue().get(scalar);
            if (v != null) {
                total += ResultFiles.exact(v, module.getKey() + " " + scalar);
            }
        }
        return total;
    }

    private static Counters counters(RunSetup setup, ResultFiles files, String bridge) {
        // Drops and trims per port, in the Java back end's order (switch id, then port).
        // Each switch's core records its scenario id ("switchId"): NED module names
        // cannot spell every scenario name (the fat tree's tor[p][i] is tor[p*k/2+i] in NED).
        Map<String, Integer> switchIds = new LinkedHashMap<>();
        for (var module : files.scalars().entrySet()) {
            String id = module.getValue().get("switchId");
            if (id != null && module.getKey().endsWith(".core")) {
                String box = module.getKey().substring(0, module.getKey().length() - ".core".length());
                switchIds.put(box, (int) ResultFiles.exact(id, module.getKey() + " switchId"));
            }
        }
        record PortAt(int sw, int port, Counters.PortCounts counts) {}
        List<PortAt> byPort = new ArrayList<>();
        for (var module : files.scalars().entrySet()) {
            String path = module.getKey();
            Map<String, String> scalars = module.getValue();
            ToLongFunction<String> scalar = name -> scalars.containsKey(name)
                    ? ResultFiles.exact(scalars.get(name), path + " " + name) : 0;
            long drops = scalar.applyAsLong("dropped:count");
            long trims = scalar.applyAsLong("trimmed:count");
            long returned = scalar.applyAsLong("returnedToSender:count");
            if (drops == 0 && trims == 0 && returned == 0) {
                continue;
            }
            int dot = path.lastIndexOf('.');
            Integer sw = switchIds.get(path.substring(0, dot));
            if (sw == null) {
                throw new OmnetppException("the result files have drops or trims at " + path + " but no switchId for "
                        + path.substring(0, dot));
            }
            String port = path.substring(dot + 1);
            int p = Integer.parseInt(port.substring(port.indexOf('[') + 1, port.indexOf(']')));
            String name = setup.graph().switchName(sw);
            byPort.add(new PortAt(sw, p, new Counters.PortCounts(RunRecords.portName(name, p), drops,
                    scalar.applyAsLong("dropped:sum"), trims, returned)));
        }
        byPort.sort(Comparator.comparingInt(PortAt::sw).thenComparingInt(PortAt::port));
        return new Counters(new Counters.Pfc(sum(files, "pfcPauseSent:count"),
                        sum(files, "pfcPauseSentAfterWarmup:count"), sum(files, "pfcPauseReceived:count")),
                new Counters.PortActions(sum(files, "dropped:count"), sum(files, "dropped:sum"),
                        sum(files, "ecnMarked:count"), sum(files, "trimmed:count"),
                        sum(files, "returnedToSender:count")),
                new Counters.Work(exact(files, bridge, "eventsProcessed"), exact(files, bridge, "agentWindows"),
                        exact(files, bridge, "agentEvents"), exact(files, bridge, "packetsInNetwork")),
                byPort.stream().map(PortAt::counts).toList());
    }

    private static TimeSeries series(RunSetup setup, ResultFiles files) {
        String sampler = sampler(files);
        int flows = setup.flows().size();
        int queues = setup.graph().monitored().size();
        List<List<ResultFiles.Entry>> fv = new ArrayList<>();
        for (int f = 0; f < flows; f++) {
            fv.add(orEmpty(files.vector(sampler, "flow" + f + ":delivered:vector")));
        }
        List<List<ResultFiles.Entry>> qv = new ArrayList<>();
        List<String> names = new ArrayList<>();
        for (int q = 0; q < queues; q++) {
            qv.add(orEmpty(files.vector(sampler, "queue" + q + ":length:vector")));
            TopologyGraph.PortRef ref = setup.graph().monitored().get(q);
            names.add(RunRecords.portName(setup.graph().switchName(ref.switchId()), ref.port()));
        }
        List<ResultFiles.Entry> clock = flows > 0 ? fv.get(0) : queues > 0 ? qv.get(0) : List.of();
        int n = clock.size();
        long[] times = new long[n];
        long[][] fb = new long[n][flows];
        long[][] qb = new long[n][queues];
        for (int s = 0; s < n; s++) {
            times[s] = clock.get(s).timePs();
            for (int f = 0; f < flows; f++) {
                fb[s][f] = ResultFiles.exact(fv.get(f).get(s).value(), "flow" + f + ":delivered");
            }
            for (int q = 0; q < queues; q++) {
                qb[s][q] = ResultFiles.exact(qv.get(q).get(s).value(), "queue" + q + ":length");
            }
        }
        return new TimeSeries(setup.config().sampleIntervalPs(), times, fb, names, qb);
    }

    private static List<ResultFiles.Entry> orEmpty(List<ResultFiles.Entry> v) {
        return v == null ? List.of() : v;
    }
}
