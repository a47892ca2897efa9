package org.cosim.cli.bench;

import java.io.PrintStream;
import java.time.Duration;
import java.util.List;
import java.util.Locale;
import org.cosim.agents.api.ActionBatch;
import org.cosim.agents.api.EventBatch;
import org.cosim.agents.host.AgentHost;
import org.cosim.agents.host.FlowInfo;
import org.cosim.agents.host.SessionSpec;
import org.cosim.agents.wire.AgentClient;
import org.cosim.agents.wire.AgentServer;
import org.cosim.agents.wire.AgentServerOptions;
import org.cosim.agents.wire.WireFormat;
import org.cosim.proto.Scenario;
import org.cosim.setup.RunSetup;

/**
 * Agent events per second through the window transport: the TIMELY incast's
 * agents fed synthetic windows of B events, segment completions and timer
 * firings in turn (flows round robin, each at its source host, times inside the
 * window), in-process and over gRPC on loopback with the Java client. The events
 * keep the contract the agent host checks: a completion is of the oldest segment
 * the flow's agent sent a base RTT ago or earlier and has not had completed, a
 * timer firing is of the oldest timer the host's agents set and has not fired yet;
 * a slot with neither of its kind takes the other, and with none at all the
 * window is that much shorter (the rate counts the events sent); a window ends
 * early once a round of every flow's slots finds nothing. Over gRPC the fabric
 * side pays what the Java fabric pays: columnar batch -> proto, the exchange,
 * proto -> columnar actions.
 */
public final class WireBenchmark {
    private final Scenario scenario;
    private final SessionSpec spec;
    private final long reactionDelayPs;
    private final long baseRttPs;

    public WireBenchmark(Scenario scenario) {
        this.scenario = scenario;
        RunSetup setup = RunSetup.of(scenario);
        this.spec = setup.session();
        this.reactionDelayPs = spec.context().reactionDelayPs();
        this.baseRttPs = spec.context().baseRttPs();
    }

    /** Result of one measurement. */
    public record Rate(String path, int batch, long events, long windows, long actions, double seconds) {
        double eventsPerSecond() {
            return events / seconds;
        }
    }

    /** Fills window k (start k*L): flow arrivals for every flow in window 0, then B events. */
    private void window(long k, int batch, EventBatch into, SentSegments sent, PendingTimers timers) {
        long w = k * reactionDelayPs;
        into.reset(w);
        List<FlowInfo> flows = spec.flows();
        if (k == 0) {
            for (FlowInfo f : flows) {
                into.addFlowArrival(w, f.src(), f.flow(), f.dst(), f.sizeBytes());
            }
            return;
        }
        long step = reactionDelayPs / batch;
        int idle = 0;  // slots in a row that found nothing to send: a round of every flow's two ends the window
        for (int j = 0; j < batch && idle < 2 * flows.size(); j++) {
            long n = k * batch + j;  // a completion and then a timer firing for each flow in turn
            FlowInfo f = flows.get((int) ((n / 2) % flows.size()));
            long t = w + j * step;
            boolean completable = sent.oldestSentBy(f.flow(), t - baseRttPs);
            if (completable && ((n & 1) == 0 || !timers.any(f.src()))) {
                into.addCompletion(t, f.src(), f.flow(), sent.seq(), sent.bytes(), sent.timePs(), 0, false);
                sent.complete(f.flow());
            } else if (timers.any(f.src())) {
                into.addTimer(t, f.src(), timers.fire(f.src()));
            } else {
                idle++;
                continue;
            }
            idle = 0;
        }
    }

    /** One window through some path to the agents. */
    @FunctionalInterface
    private interface Exchange {
        void exchange(EventBatch events, ActionBatch actions);
    }

    public Rate inProcess(int batch, Duration warmup, Duration measure) {
        AgentHost host = new AgentHost(spec);
        return measure("in-process", batch, warmup, measure, host::process);
    }

    public Rate grpc(int port, int batch, Duration warmup, Duration measure) {
        try (AgentClient client = AgentClient.connect("127.0.0.1", port, Duration.ofSeconds(60))) {
            client.open(WireFormat.hello(spec, scenario));
            return measure("grpc java client", batch, warmup, measure,
                    (events, actions) -> WireFormat.fromProto(client.exchange(WireFormat.toProto(events)), actions));
        }
    }

    /** Sends windows for the warm-up, then counts events and actions for the measured time. */
    private Rate measure(String path, int batch, Duration warmup, Duration measure, Exchange x) {
        EventBatch events = new EventBatch();
        ActionBatch actions = new ActionBatch();
        SentSegments sent = new SentSegments(spec.flows().size());
        PendingTimers timers = new PendingTimers(spec.hosts().size());
        long k = 0;
        long end = System.nanoTime() + warmup.toNanos();
        while (System.nanoTime() < end) {
            window(k++, batch, events, sent, timers);
            x.exchange(events, actions);
            sent.record(actions);
            timers.record(actions);
        }
        long n = 0;
        long windows = 0;
        long a = 0;
        long start = System.nanoTime();
        end = start + measure.toNanos();
        while (System.nanoTime() < end) {
            window(k++, batch, events, sent, timers);
            x.exchange(events, actions);
            sent.record(actions);
            timers.record(actions);
            n += events.size();
            a += actions.size();
            windows++;
        }
        return new Rate(path, batch, n, windows, a, (System.nanoTime() - start) / 1e9);
    }

    /** Runs the standard table: in-process and gRPC at batch sizes 1, 64, 1024. */
    public void run(PrintStream out, Duration warmup, Duration measure) {
        out.printf(Locale.ROOT, "wire bench: %d hosts, %d flows, TIMELY agents, L = %d ps; %s warm-up + %s per row%n",
                spec.hosts().size(), spec.flows().size(), reactionDelayPs, warmup, measure);
        out.printf(Locale.ROOT, "%-18s %6s %14s %12s %10s %10s%n", "path", "batch", "events/s", "windows/s",
                "events/win", "actions/ev");
        int[] batches = {1, 64, 1024};
        for (int b : batches) {
            print(out, inProcess(b, warmup, measure));
        }
        try (AgentServer server = AgentServer.start("127.0.0.1", 0, AgentServerOptions.DEFAULTS)) {
            for (int b : batches) {
                print(out, grpc(server.port(), b, warmup, measure));
            }
        }
    }

    private static void print(PrintStream out, Rate r) {
        out.printf(Locale.ROOT, "%-18s %6d %14s %12s %10.1f %10.2f%n", r.path(), r.batch(),
                String.format(Locale.ROOT, "%,.0f", r.eventsPerSecond()),
                String.format(Locale.ROOT, "%,.0f", r.windows() / r.seconds()), r.events() / (double) r.windows(),
                r.actions() / (double) r.events());
    }
}
