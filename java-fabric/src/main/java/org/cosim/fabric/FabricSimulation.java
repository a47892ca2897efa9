package org.cosim.fabric;

import java.util.ArrayList;
import java.util.List;
import java.util.function.LongConsumer;
import org.cosim.agents.host.FlowStates;
import org.cosim.agents.host.SessionSpec;
import org.cosim.fabric.agent.AgentBridge;
import org.cosim.fabric.agent.AgentTransport;
import org.cosim.fabric.kernel.Simulator;
import org.cosim.fabric.net.LinkRateSchedule;
import org.cosim.fabric.net.LinkTransmitter;
import org.cosim.fabric.net.Nic;
import org.cosim.fabric.net.NicFlowState;
import org.cosim.fabric.net.Switch;
import org.cosim.fabric.packet.PacketPool;
import org.cosim.fabric.stats.FlowStats;
import org.cosim.fabric.stats.QueueMonitor;
import org.cosim.fabric.stats.RttRecorder;
import org.cosim.fabric.stats.TimeSeriesSampler;
import org.cosim.fabric.trace.PacketTracer;
import org.cosim.proto.Scenario;
import org.cosim.scenario.Units;
import org.cosim.setup.FabricConfig;
import org.cosim.setup.PacketTraceConfig;
import org.cosim.setup.RunSetup;
import org.cosim.setup.report.PacketTrace;
import org.cosim.setup.topology.TopologyGraph;
import org.cosim.setup.workload.FlowTable;

/**
 * One run of a {@link RunSetup} on the Java fabric: {@link #run} instantiates the hardware, connects the agents
 * through a transport and runs to the scenario's duration.
 */
public final class FabricSimulation {
    /** The wall time a progress step of a run aims at, at most (see {@link #run}). */
    static final long STEP_WALL_NS = 250_000_000L;

    private final RunSetup setup;

    public FabricSimulation(RunSetup setup) {
        this.setup = setup;
    }

    /** Checks and resolves {@code scenario} ({@link RunSetup#of}), ready to run. */
    public static FabricSimulation of(Scenario scenario) {
        return new FabricSimulation(RunSetup.of(scenario));
    }

    public RunSetup setup() { return setup; }

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
        FabricConfig config = setup.config();
        TopologyGraph graph = setup.graph();
        FlowTable flows = setup.flows();
        SessionSpec session = setup.session();
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
            Switch sw = new Switch(s, graph.switchName(s), sim, pool, flowStats, setup.switchParams(s), config.seed(),
                    config.nic().ackBytes());
            sw.setRoutes(setup.routing().table(s));
            sw.measureFrom(config.warmupPs());
            switches.add(sw);
        }
        new LinkRateSchedule(sim, setup.linkChanges(), wire(nics, switches)).start();
        PacketTracer tracer = setup.packetTrace() == null ? null : tracer(sim, pool, nics, switches);
        List<QueueMonitor> monitors = new ArrayList<>();
        for (TopologyGraph.PortRef ref : graph.monitored()) {
            Switch sw = switches.get(ref.switchId());
            QueueMonitor m = new QueueMonitor(sw.name() + ".port[" + ref.port() + "]", RunSetup.QUEUE_BUCKET_BYTES,
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
        return new FabricResult(setup, sim.now(),
                new FabricResult.Measured(flowStats, rtts, monitors, series, states,
                        tracer == null ? null : tracer.trace()),
                new FabricResult.Hardware(switches, List.of(nics)),
                new FabricResult.Work(sim.eventsProcessed(), bridge.windows(), bridge.eventsSent(), pool.live(),
                        System.nanoTime() - wallStart),
                failure);
    }

    /** A tracer for output.packet_trace, given to every NIC and switch port. */
    private PacketTracer tracer(Simulator sim, PacketPool pool, Nic[] nics, List<Switch> switches) {
        PacketTraceConfig trace = setup.packetTrace();
        TopologyGraph graph = setup.graph();
        PacketTracer tracer = new PacketTracer(sim, pool, trace.tracedFlows(setup.flows().size()), trace.fromPs(),
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
        TopologyGraph graph = setup.graph();
        long seed = setup.config().seed();
        LinkTransmitter[][] out = new LinkTransmitter[graph.linkCount()][];
        for (int i = 0; i < graph.linkCount(); i++) {
            TopologyGraph.Link l = graph.link(i);
            LinkTransmitter ab = egress(l.a(), l.portA(), l.rateBps(), l.delayPs(), nics, seed, switches);
            LinkTransmitter ba = egress(l.b(), l.portB(), l.rateBps(), l.delayPs(), nics, seed, switches);
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
