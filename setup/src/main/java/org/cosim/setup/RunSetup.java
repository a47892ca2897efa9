package org.cosim.setup;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import org.cosim.agents.api.AgentContext;
import org.cosim.agents.host.ProtocolCatalog;
import org.cosim.agents.host.SessionSpec;
import org.cosim.proto.Output;
import org.cosim.proto.Scenario;
import org.cosim.proto.Workload;
import org.cosim.scenario.Defaults;
import org.cosim.scenario.OutputSettings;
import org.cosim.scenario.ScenarioException;
import org.cosim.scenario.Units;
import org.cosim.setup.hardware.SwitchParams;
import org.cosim.setup.topology.LinkChanges;
import org.cosim.setup.topology.Routing;
import org.cosim.setup.topology.TopologyBuilders;
import org.cosim.setup.topology.TopologyGraph;
import org.cosim.setup.workload.FlowTable;
import org.cosim.setup.workload.OfferedLoad;
import org.cosim.setup.workload.Workloads;

/**
 * A scenario checked and resolved into what either back end runs: the topology, its routes, the flows, the
 * hardware settings, the agents' session and the outputs asked for. {@link #of} checks the whole scenario (every
 * mistake surfaces before simulated time starts); the Java fabric (FabricSimulation) and the OMNeT++ runner both
 * run from it, the latter through {@link RunSpecs}.
 */
public final class RunSetup {
    /** Width of the buckets of the queue-length distributions both back ends record (sent in the RunSpec). */
    public static final int QUEUE_BUCKET_BYTES = 256;

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

    private RunSetup(Scenario scenario, SetUpStop stop) {
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
    public MemoryBudget memoryBudget(long maxHeapBytes) {
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
    public static RunSetup of(Scenario scenario) {
        return of(scenario, SetUpStop.NEVER);
    }

    /** As {@link #of(Scenario)}; throws {@link SetUpStop.Stopped} soon after {@code stop} is asked for. */
    public static RunSetup of(Scenario scenario, SetUpStop stop) {
        return new RunSetup(scenario, stop);
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
}
