package org.cosim.runner;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.function.LongConsumer;
import org.cosim.agents.host.ProtocolCatalog;
import org.cosim.fabric.FabricResult;
import org.cosim.fabric.FabricSimulation;
import org.cosim.fabric.agent.AgentTransport;
import org.cosim.fabric.agent.DirectTransport;
import org.cosim.fabric.net.Nic;
import org.cosim.fabric.net.Switch;
import org.cosim.fabric.stats.FlowStats;
import org.cosim.fabric.stats.QueueMonitor;
import org.cosim.fabric.stats.RttRecorder;
import org.cosim.fabric.stats.TimeSeriesSampler;
import org.cosim.proto.Scenario;
import org.cosim.runner.results.Counters;
import org.cosim.runner.results.FlowBytes;
import org.cosim.runner.results.FlowRecord;
import org.cosim.runner.results.QueueRecord;
import org.cosim.runner.results.RttSamples;
import org.cosim.runner.results.RunResults;
import org.cosim.runner.results.TimeSeries;
import org.cosim.scenario.ScenarioFiles;
import org.cosim.setup.RunSetup;

/** Runs a scenario on the Java fallback fabric and reports it in the common results format. */
public final class JavaBackend {
    private JavaBackend() {}

    /** Validates and runs with the agents in-process. */
    public static RunResults run(Scenario scenario, LongConsumer progress) {
        RunSetup setup = RunSetup.of(scenario);
        return run(setup, new DirectTransport(setup.session()), progress);
    }

    /**
     * Runs {@code setup} with the agents reached as {@code settings} says; a stop asked for through {@code control}
     * ends it at its next progress step ({@link Interruption.Stopped}), its results marked failed.
     */
    static RunResults run(RunSetup setup, RunSettings settings, RunControl control) {
        try (AgentTransports.Opened t = AgentTransports.open(settings.transport(), setup, settings.trace())) {
            return run(setup, t.transport(), at -> {
                if (control.step(at)) {
                    throw new Interruption.Stopped(at);
                }
            });
        }
    }

    /** With the agents behind {@code transport} (a test's own transport, for one). */
    public static RunResults run(RunSetup setup, AgentTransport transport, LongConsumer progress) {
        FabricResult r = new FabricSimulation(setup).run(transport, progress);
        return convert(setup, r);
    }

    static RunResults convert(RunSetup setup, FabricResult r) {
        FabricResult.Measured m = r.measured();
        return new RunResults(RunRecords.setup(Backend.JAVA, setup), r.reachedPs(), new RunResults.Measured(
                flows(setup, m.flowStats()), rtts(m.rtts()), queues(m.monitors()), counters(r.hardware(), r.work()),
                series(m.series()), RunRecords.incastOptimum(setup), m.flowStates(), m.packetTrace()),
                r.failure() == null ? null : describe(r.failure()),
                new RunResults.Wall(r.work().wallNanos(), Map.of()));
    }

    /** The exception and where it was thrown, so that a bug in an agent (a custom law's too) can be found. */
    private static String describe(Throwable t) {
        if (t instanceof Interruption.Stopped) {
            return t.getMessage();
        }
        StackTraceElement[] trace = t.getStackTrace();
        String where = trace.length == 0 ? "" : " (at " + trace[0].getClassName() + "." + trace[0].getMethodName()
                + (trace[0].getLineNumber() > 0 ? ", line " + trace[0].getLineNumber() : "") + ")";
        return t.getClass().getSimpleName() + ": " + t.getMessage() + where;
    }

    private static List<FlowRecord> flows(RunSetup setup, FlowStats s) {
        List<FlowRecord> out = new ArrayList<>();
        for (int f = 0; f < setup.flows().size(); f++) {
            out.add(RunRecords.flow(setup, f, s.finishPs(f), new FlowBytes(s.sentBytes(f), s.retransmittedBytes(f),
                    s.deliveredBytes(f), s.deliveredMeasuredBytes(f), s.uniqueDeliveredBytes(f),
                    s.uniqueDeliveredMeasuredBytes(f), s.droppedBytes(f))));
        }
        return out;
    }

    private static RttSamples rtts(RttRecorder rec) {
        int n = rec.size();
        long[] t = new long[n];
        int[] f = new int[n];
        long[] network = new long[n];
        long[] host = new long[n];
        for (int i = 0; i < n; i++) {
            t[i] = rec.time(i);
            f[i] = rec.flow(i);
            network[i] = rec.networkRtt(i);
            host[i] = rec.hostRtt(i);
        }
        return new RttSamples(t, f, network, host);
    }

    private static List<QueueRecord> queues(List<QueueMonitor> monitors) {
        return monitors.stream().map(m -> RunRecords.queue(m.lengths())).toList();
    }

    private static Counters counters(FabricResult.Hardware hardware, FabricResult.Work work) {
        long pauses = 0;
        long pausesMeasured = 0;
        long drops = 0;
        long dropBytes = 0;
        long ecn = 0;
        long trimmed = 0;
        long returned = 0;
        List<Counters.PortCounts> byPort = new ArrayList<>();
        for (Switch sw : hardware.switches()) {
            pauses += sw.pauseFramesSent();
            pausesMeasured += sw.pauseFramesSentMeasured();
            for (int p = 0; p < sw.portCount(); p++) {
                drops += sw.port(p).drops();
                dropBytes += sw.port(p).dropBytes();
                ecn += sw.port(p).ecnMarks();
                trimmed += sw.port(p).trimmed();
                returned += sw.port(p).returnedToSender();
                var counts = new Counters.PortCounts(RunRecords.portName(sw.name(), p), sw.port(p).drops(),
                        sw.port(p).dropBytes(), sw.port(p).trimmed(), sw.port(p).returnedToSender());
                if (counts.keeps()) {
                    byPort.add(counts);
                }
            }
        }
        long hostPauses = 0;
        for (Nic n : hardware.nics()) {
            hostPauses += n.pauseFramesReceived();
        }
        return new Counters(new Counters.Pfc(pauses, pausesMeasured, hostPauses),
                new Counters.PortActions(drops, dropBytes, ecn, trimmed, returned),
                new Counters.Work(work.eventsProcessed(), work.agentWindows(), work.agentEvents(),
                        work.packetsInNetwork()),
                byPort);
    }

    private static TimeSeries series(TimeSeriesSampler s) {
        int n = s.samples();
        long[] times = new long[n];
        long[][] fb = new long[n][];
        long[][] qb = new long[n][];
        int queues = s.queues().size();
        for (int i = 0; i < n; i++) {
            times[i] = s.time(i);
            fb[i] = new long[s.flowCount()];
            for (int f = 0; f < fb[i].length; f++) {
                fb[i][f] = s.flowBytes(i, f);
            }
            qb[i] = new long[queues];
            for (int q = 0; q < queues; q++) {
                qb[i][q] = s.queueBytes(i, q);
            }
        }
        return new TimeSeries(s.intervalPs(), times, fb, s.queues().stream().map(QueueMonitor::name).toList(), qb);
    }
}
