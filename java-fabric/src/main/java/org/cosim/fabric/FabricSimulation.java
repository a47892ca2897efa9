package org.cosim.fabric;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import java.util.function.LongConsumer;
import org.cosim.agents.api.AgentContext;
import org.cosim.agents.host.FlowStates;
import org.cosim.agents.host.ProtocolCatalog;
import org.cosim.agents.host.SessionSpec;
import org.cosim.fabric.agent.AgentBridge;
import org.cosim.fabric.agent.AgentTransport;
import org.cosim.fabric.agent.SessionSpecs;
import org.cosim.fabric.kernel.Simulator;
import org.cosim.fabric.net.LinkRateSchedule;
import org.cosim.fabric.net.LinkTransmitter;
import org.cosim.fabric.net.Nic;
import org.cosim.fabric.net.NicFlowState;
import org.cosim.fabric.net.Switch;
import org.cosim.fabric.net.SwitchParams;
import org.cosim.fabric.packet.PacketPool;
import org.cosim.fabric.stats.FlowStats;
import org.cosim.fabric.stats.QueueMonitor;
import org.cosim.fabric.stats.RttRecorder;
import org.cosim.fabric.stats.TimeSeriesSampler;
import org.cosim.fabric.topology.LinkChanges;
import org.cosim.fabric.topology.Routing;
import org.cosim.fabric.topology.TopologyBuilders;
import org.cosim.fabric.topology.TopologyGraph;
import org.cosim.fabric.trace.PacketTrace;
import org.cosim.fabric.trace.PacketTraceConfig;
import org.cosim.fabric.trace.PacketTracer;
import org.cosim.fabric.workload.FlowTable;
import org.cosim.fabric.workload.OfferedLoad;
import org.cosim.fabric.workload.Workloads;
import org.cosim.proto.Output;
import org.cosim.proto.Scenario;
import org.cosim.proto.Workload;
import org.cosim.scenario.Defaults;
import org.cosim.scenario.OutputSettings;
import org.cosim.scenario.ScenarioException;
import org.cosim.scenario.Units;

/**
 * One run of a scenario on the Java fallback fabric. {@link #of} checks the whole
 * scenario and builds the topology, routes and flows (every mistake surfaces
 * before simulated time starts); {@link #run} instantiates the hardware, connects
 * the agents through a transport and runs to the scenario's duration.
 */
public final class FabricSimulation {
    /** Width of the QueueMonitor histogram buckets (also sent to external fabrics in RunSpec). */
    public static final int QUEUE_BUCKET_BYTES = 256;
    /** The wall time a progress step of a run aims at, at most (see {@link #run}). */
    static final long STEP_WALL_NS = 250_000_000L;

    private final Scenario scenario;
    private final FabricConfig config;
    private final TopologyGraph graph;
    private final SwitchParams[] switchParams;  // by switch id
    private final Routing routing;
    private final FlowTable flows;
    private final SessionSpec session;
    private final List<LinkChanges.Change> linkChanges;
    private final PacketTraceConfig trace;  // null: output.packet_trace unset
    private OfferedLoad offeredLoad;  // null until offeredLoad() is first asked

    private FabricSimulation(Scenario scenario, SetUpStop stop) {
        this.scenario = scenario;
        this.config = FabricConfig.from(scenario);
        stop.check();
        this.graph = TopologyBuilders.build(scenario.getTopology());
        checkIntSwitchNames(scenario, graph);
        this.switchParams = new SwitchParams[graph.switchCount()];
        java.util.Arrays.fill(switchParams, config.switches());
        graph.switchBuffers().forEach((s, b) -> switchParams[s] = FabricConfig.forSwitch(scenario, config, b));
        this.linkChanges = LinkChanges.resolve(scenario.getTopology().getLinkChangesList(), graph, config.durationPs());
        stop.check();
        this.routing = new Routing(graph, stop::check);
        stop.check();
        this.flows = Workloads.build(scenario.getWorkload(), graph, scenario.getSeed(), config.durationPs());
        stop.check();
        if (flows.hasStops() && !ProtocolCatalog.closesFlows(scenario.getProtocol())) {
            throw new ScenarioException("workload", "flows with stop_us close under every protocol but ndp, whose "
                    + "agents do not close flows; this scenario runs " + ProtocolCatalog.nameOf(scenario.getProtocol()));
        }
        long baseRtt = routing.maxPropagationRttPs(config.switches().latencyPs());
        ProtocolCatalog.validate(scenario, baseRtt, config.nic().mtuBytes());
        checkTimeSeriesSize(scenario.getOutput());
        checkPrioritizedFlows(scenario, flows.size());
        checkAgentStateFlows(scenario.getOutput(), flows.size());
        this.trace = PacketTraceConfig.from(scenario.getOutput(), flows.size(), config.durationPs());
        memoryBudget(Runtime.getRuntime().maxMemory()).check();
        checkFlowTimes(scenario.getWorkload(), flows, routing, config, stop);
        this.session = SessionSpecs.of(
                new SessionSpecs.Network(graph, routing, flows, config.switches().latencyPs(), config.nic().ackBytes()),
                new AgentContext(config.reactionDelayPs(), baseRtt, config.seed(), scenario.getProtocol(),
                        config.nic().mtuBytes()),
                new SessionSpecs.Timing(config.windowPs(), OutputSettings.stateIntervalPs(scenario.getOutput()),
                        config.durationPs()),
                stop::check);
        ProtocolCatalog.checkRateFloor(scenario.getProtocol(), session);
    }

    /** A time series needs a sample within the run. */
    private void checkTimeSeriesSize(Output o) {
        if (config.durationPs() / config.sampleIntervalPs() == 0) {
            throw new ScenarioException("output.sample_interval_us", OutputSettings.sampleIntervalUs(o)
                    + ": longer than duration_us (" + scenario.getDurationUs() + "), so the time series would be empty");
        }
    }

    /**
     * What this run will keep in memory until its results are written: its flows, the time series (a value per
     * flow and per monitored queue at every sample), the RTT samples, the packet trace and the routes; checked
     * against a heap of {@code maxHeapBytes} before the run, rather than running out of memory at its end.
     */
    MemoryBudget memoryBudget(long maxHeapBytes) {
        long hosts = graph.hostCount();
        List<MemoryBudget.Part> others = List.of(
                new MemoryBudget.Part("workload", "for its " + flows.size() + " flows",
                        flows.size() * MemoryBudget.BYTES_PER_FLOW, "make fewer flows"),
                new MemoryBudget.Part("output.packet_trace.max_records", "for the packet trace",
                        trace == null ? 0 : saturatedProduct(trace.maxRecords(), 1, MemoryBudget.BYTES_PER_TRACE_RECORD),
                        "trace fewer steps"),
                new MemoryBudget.Part("topology", "for the routes of " + graph.switchCount() + " switches to "
                        + hosts + " hosts", saturatedProduct(graph.switchCount(), hosts, Integer.BYTES),
                        "use a smaller topology"));
        long series = flows.size() + graph.monitored().size();
        long samples = config.durationPs() / config.sampleIntervalPs();
        // The interval at which the time series would fill what the other parts leave of the usable heap.
        long left = (long) (maxHeapBytes * MemoryBudget.USABLE_SHARE)
                - others.stream().mapToLong(MemoryBudget.Part::bytes).sum();
        double minUs = Units.psToUs(config.durationPs()) * series * MemoryBudget.BYTES_PER_SERIES_VALUE
                / Math.max(left, 1);
        List<MemoryBudget.Part> parts = new ArrayList<>(others);
        parts.add(new MemoryBudget.Part("output.sample_interval_us", "for " + samples + " samples of " + series
                + " time series (the flows and the monitored queues)",
                saturatedProduct(samples, series, MemoryBudget.BYTES_PER_SERIES_VALUE),
                left > 0 ? String.format(Locale.ROOT, "sample at least every %.6g us for this duration_us", minUs)
                        : "make fewer flows (each is a time series; with the rest they leave no room for one)"));
        return new MemoryBudget(parts, maxHeapBytes);
    }

    private static long saturatedProduct(long a, long b, long c) {
        try {
            return Math.multiplyExact(Math.multiplyExact(a, b), c);
        } catch (ArithmeticException e) {
            return Long.MAX_VALUE / 8;  // more than any heap; still summable with the other parts
        }
    }

    /**
     * Every time derived from a flow (its end at line rate: start plus ideal completion time, which the results
     * report) fits the picoseconds a long counts (2^63, 106 days): checked before the run, since the results
     * derive them after it (a flow of 10^17 bytes at 10 Gb/s, 10^20 ps, would fail the run at its end).
     */
    private static void checkFlowTimes(Workload w, FlowTable flows, Routing routing, FabricConfig c, SetUpStop stop) {
        for (int f = 0; f < flows.size(); f++) {
            stop.check();
            long bytes = flows.sizeBytes(f);
            if (bytes == 0) {
                continue;
            }
            try {
                Math.addExact(flows.startPs(f), routing.idealFctPs(flows.src(f), flows.dst(f), bytes,
                        c.switches().latencyPs(), c.nic().mtuBytes(), c.nic().ackBytes()));
            } catch (ArithmeticException e) {
                throw new ScenarioException("workload." + w.getKindCase().name().toLowerCase(Locale.ROOT),
                        "flow " + f + " (" + bytes + " bytes from host " + flows.src(f) + " to " + flows.dst(f)
                        + ", starting at " + Units.psToUs(flows.startPs(f)) + " us) would end at line rate past "
                        + "the longest time a run counts (2^63 ps, about 106 days): make it smaller or start it sooner");
            }
        }
    }

    /** A prioritized flow that is not in the workload would leave the run as it was, without a word. */
    private static void checkPrioritizedFlows(Scenario s, int flowCount) {
        List<Integer> prio = s.getProtocol().getNdp().getPrioritizedFlowsList();
        for (int k = 0; k < prio.size(); k++) {
            FlowTable.requireId("protocol.ndp.prioritized_flows[" + k + "]", prio.get(k), flowCount);
        }
    }

    /** output.agent_state_flows names flows of the workload, each once, and goes with output.agent_state. */
    private static void checkAgentStateFlows(Output o, int flowCount) {
        List<Integer> chosen = o.getAgentStateFlowsList();
        if (!chosen.isEmpty() && !Defaults.boolOf(o, "agent_state")) {
            throw new ScenarioException("output.agent_state_flows", "names the flows of agent_state.csv, which only "
                    + "output.agent_state: true writes: set it too");
        }
        Set<Integer> seen = new HashSet<>();
        for (int k = 0; k < chosen.size(); k++) {
            FlowTable.requireId("output.agent_state_flows[" + k + "]", chosen.get(k), flowCount);
            if (!seen.add(chosen.get(k))) {
                throw new ScenarioException("output.agent_state_flows[" + k + "]", "flow " + chosen.get(k)
                        + " is listed twice");
            }
        }
    }

    /** A brownfield INT list names switches of this topology: a typo would silently turn INT off there. */
    private static void checkIntSwitchNames(Scenario s, TopologyGraph g) {
        Set<String> names = new HashSet<>();
        for (int i = 0; i < g.switchCount(); i++) {
            names.add(g.switchName(i));
        }
        List<String> listed = s.getTopology().getSwitches().getIntTelemetry().getSwitchesList();
        for (int k = 0; k < listed.size(); k++) {
            if (!names.contains(listed.get(k))) {
                throw new ScenarioException("topology.switches.int_telemetry.switches[" + k + "]",
                        "no switch named '" + listed.get(k) + "' in this topology (e.g. " + g.switchName(0) + ")");
            }
        }
    }

    /** Validates the scenario; throws ScenarioException naming the first bad field. */
    public static FabricSimulation of(Scenario scenario) {
        return of(scenario, SetUpStop.NEVER);
    }

    /** As {@link #of(Scenario)}; throws {@link SetUpStop.Stopped} soon after {@code stop} is asked for. */
    public static FabricSimulation of(Scenario scenario, SetUpStop stop) {
        return new FabricSimulation(scenario, stop);
    }

    public Scenario scenario() { return scenario; }
    public FabricConfig config() { return config; }
    public TopologyGraph graph() { return graph; }
    public Routing routing() { return routing; }
    /** Switch {@code s}'s buffer and queue settings: topology.switches', or its own buffer sizes. */
    public SwitchParams switchParams(int s) { return switchParams[s]; }
    public FlowTable flows() { return flows; }

    /** The load the workload offers each link (worked out on the first call: only the commands' check asks). */
    public synchronized OfferedLoad offeredLoad() {
        if (offeredLoad == null) {
            offeredLoad = OfferedLoad.of(scenario.getWorkload(), graph, routing, scenario.getSeed(),
                    config.durationPs());
        }
        return offeredLoad;
    }
    /** What the agent side needs to start a session for this run. */
    public SessionSpec session() { return session; }

    /** output.packet_trace, resolved; null when the scenario traces no packets. */
    public PacketTraceConfig packetTrace() { return trace; }

    /** The link rate changes, in the order they are scheduled. */
    public List<LinkChanges.Change> linkChanges() { return linkChanges; }

    public FabricResult run(AgentTransport transport) {
        return run(transport, t -> { });
    }

    /**
     * Runs to the scenario's duration. {@code progress} hears the simulated time
     * now and then. A failure midway (a bad action, a broken transport) ends the
     * run with what was measured so far and the failure in the result.
     */
    public FabricResult run(AgentTransport transport, LongConsumer progress) {
        long wallStart = System.nanoTime();
        Simulator sim = new Simulator();
        PacketPool pool = new PacketPool();
        FlowStats flowStats = new FlowStats(flows.size(), config.warmupPs());
        RttRecorder rtts = new RttRecorder(config.warmupPs());
        Nic[] nics = new Nic[graph.hostCount()];
        int[] pathCount = session.flows().stream().mapToInt(f -> f.pathCount()).toArray();
        AgentBridge bridge = new AgentBridge(sim, config.reactionDelayPs(), config.windowPs(), transport, flows, flowStats, nics,
                pathCount);
        NicFlowState perFlow = new NicFlowState(flows.size());
        for (int h = 0; h < nics.length; h++) {
            nics[h] = new Nic(h, sim, pool, config.nic(), flowStats, rtts, bridge, flows, perFlow);
        }
        List<Switch> switches = new ArrayList<>();
        for (int s = 0; s < graph.switchCount(); s++) {
            Switch sw = new Switch(s, graph.switchName(s), sim, pool, flowStats, switchParams[s], config.seed(),
                    config.nic().ackBytes());
            sw.setRoutes(routing.routesOf(s));
            sw.measureFrom(config.warmupPs());
            switches.add(sw);
        }
        new LinkRateSchedule(sim, linkChanges, wire(nics, switches)).start();
        PacketTracer tracer = trace == null ? null : tracer(sim, pool, nics, switches);
        List<QueueMonitor> monitors = new ArrayList<>();
        for (TopologyGraph.PortRef ref : graph.monitored()) {
            Switch sw = switches.get(ref.switchId());
            QueueMonitor m = new QueueMonitor(sw.name() + ".port[" + ref.port() + "]", QUEUE_BUCKET_BYTES,
                    config.warmupPs(), sw.port(ref.port()).transmitter().rateBps());
            sw.port(ref.port()).monitor(m);
            monitors.add(m);
        }
        TimeSeriesSampler series = new TimeSeriesSampler(sim, flowStats, monitors, config.sampleIntervalPs());
        series.start();
        bridge.scheduleFlowStarts();

        Throwable failure = null;
        MemoryPressure memory = new MemoryPressure();
        try {
            // Steps of 1% of the run, at most 1 ms: progress, and a stop asked for (Ctrl-C), come at least that
            // often, and within about STEP_WALL_NS of wall time: the first is 1/1024 of that, a step that took
            // under a quarter of STEP_WALL_NS doubles the next, one that took longer halves it (a large run may
            // take minutes a millisecond). Nothing happens between two steps, so where they fall changes no result.
            long most = Math.max(Math.min(config.durationPs() / 100, Units.PS_PER_MS), 1);
            long step = Math.max(most / 1024, 1);
            for (long t = 0; t < config.durationPs(); ) {
                long began = System.nanoTime();
                t = Math.min(config.durationPs(), t + step);
                sim.runUntil(t);
                memory.check();
                progress.accept(t);
                long took = System.nanoTime() - began;
                step = took > STEP_WALL_NS ? Math.max(step / 2, 1)
                        : took < STEP_WALL_NS / 4 ? Math.min(step * 2, most) : step;
            }
            transport.finish(sim.now(), sim.eventsProcessed());
        } catch (RuntimeException | Error e) {
            failure = e;
        } finally {
            try {
                transport.close();
            } catch (RuntimeException e) {
                if (failure == null) {
                    failure = e;
                }
            }
        }
        for (QueueMonitor m : monitors) {
            m.finish(sim.now());
        }
        FlowStates states = null;
        try {
            states = transport.flowStates();
            if (states != null) {
                states.requireShape(flows.size(), session.stateIntervalPs(), sim.now(), failure == null);
            }
        } catch (RuntimeException e) {
            states = null;
            failure = failure == null ? e : failure;
        }
        return new FabricResult(new FabricResult.Setup(config, graph, routing, flows), sim.now(),
                new FabricResult.Measured(flowStats, rtts, monitors, series, states,
                        tracer == null ? null : tracer.trace()),
                new FabricResult.Hardware(switches, List.of(nics)),
                new FabricResult.Work(sim.eventsProcessed(), bridge.windows(), bridge.eventsSent(), pool.live(),
                        System.nanoTime() - wallStart),
                failure);
    }

    /** A tracer for output.packet_trace, given to every NIC and switch port. */
    private PacketTracer tracer(Simulator sim, PacketPool pool, Nic[] nics, List<Switch> switches) {
        PacketTracer tracer = new PacketTracer(sim, pool, trace.tracedFlows(flows.size()), trace.fromPs(),
                trace.toPs(), trace.maxRecords(), new PacketTrace(graph.hostNames(), graph.switchNames()));
        for (Nic n : nics) {
            n.trace(tracer);
        }
        for (Switch sw : switches) {
            for (int p = 0; p < sw.portCount(); p++) {
                sw.port(p).trace(tracer);
            }
        }
        return tracer;
    }

    /** Connects every link; returns its two transmitters by link index ({a -> b, b -> a}). */
    private LinkTransmitter[][] wire(Nic[] nics, List<Switch> switches) {
        LinkTransmitter[][] out = new LinkTransmitter[graph.linkCount()][];
        for (int i = 0; i < graph.linkCount(); i++) {
            TopologyGraph.Link l = graph.link(i);
            LinkTransmitter ab = egress(l.a(), l.portA(), l.rateBps(), l.delayPs(), nics, config.seed(), switches);
            LinkTransmitter ba = egress(l.b(), l.portB(), l.rateBps(), l.delayPs(), nics, config.seed(), switches);
            ab.attach(handlerOf(l.b(), nics, switches), l.portB());
            ba.attach(handlerOf(l.a(), nics, switches), l.portA());
            out[i] = new LinkTransmitter[] {ab, ba};
        }
        return out;
    }

    private static LinkTransmitter egress(int node, int port, long rate, long delay, Nic[] nics, long seed,
                                          List<Switch> switches) {
        if (!TopologyGraph.isSwitch(node)) {
            return nics[node].connect(rate, delay, seed);
        }
        Switch sw = switches.get(TopologyGraph.switchId(node));
        int p = sw.addPort(rate, delay);
        if (p != port) {
            throw new IllegalStateException("port numbering mismatch at " + sw.name() + ": " + p + " vs " + port);
        }
        return sw.port(p).transmitter();
    }

    private static int handlerOf(int node, Nic[] nics, List<Switch> switches) {
        return TopologyGraph.isSwitch(node)
                ? switches.get(TopologyGraph.switchId(node)).handler()
                : nics[node].handler();
    }
}
