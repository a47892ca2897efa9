package org.cosim.agents.wire;

import static org.junit.jupiter.api.Assertions.assertTrue;

import com.google.protobuf.Descriptors.EnumValueDescriptor;
import com.google.protobuf.Descriptors.FieldDescriptor;
import com.google.protobuf.Message;
import io.grpc.ManagedChannel;
import io.grpc.Status;
import io.grpc.netty.shaded.io.grpc.netty.NettyChannelBuilder;
import io.grpc.stub.StreamObserver;
import java.io.ByteArrayOutputStream;
import java.io.OutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collections;
import java.util.Comparator;
import java.util.EnumSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.PriorityQueue;
import java.util.Random;
import java.util.Set;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;
import java.util.function.Function;
import java.util.logging.Handler;
import java.util.logging.Level;
import java.util.logging.LogRecord;
import java.util.logging.Logger;
import java.util.regex.Pattern;
import org.cosim.proto.Action;
import org.cosim.proto.ActionBatch;
import org.cosim.proto.AgentMessage;
import org.cosim.proto.AgentServiceGrpc;
import org.cosim.proto.ContractVersion;
import org.cosim.proto.ControlArrival;
import org.cosim.proto.Event;
import org.cosim.proto.EventBatch;
import org.cosim.proto.FabricDone;
import org.cosim.proto.FabricMessage;
import org.cosim.proto.FlowArrival;
import org.cosim.proto.FlowSpec;
import org.cosim.proto.Hello;
import org.cosim.proto.HostSpec;
import org.cosim.proto.IntHop;
import org.cosim.proto.PacketArrival;
import org.cosim.proto.PfcChange;
import org.cosim.proto.Protocol;
import org.cosim.proto.Scenario;
import org.cosim.proto.SegmentCompletion;
import org.cosim.proto.TimerFired;
import org.cosim.scenario.ScenarioFiles;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * The agent server against a fabric peer that lies, at random but reproducibly
 * (fixed seeds). Each session starts as a good one: a valid Hello, then the
 * windows a toy lossless fabric makes of the agents' own actions (their segments
 * come back as completions or packet arrivals, their control packets reach the
 * other end, their timers fire), then FabricDone. One message of it is a lie
 * ({@link #LIES}): a field out of range, negative, huge, duplicate, missing or
 * contradicting the rest; time going backwards; windows off the grid, repeated or
 * far ahead; events for unknown hosts or flows, outside their window or of the
 * wrong kind for the protocol; oversized batches; messages in the wrong place.
 * Every lie is told on every protocol profile, {@link #ROUNDS} times; the session's
 * seed picks where it is told and the values it tells. For every such session:
 *
 * <ul>
 * <li>the server answers normally, or ends the session with INVALID_ARGUMENT,
 *     FAILED_PRECONDITION or RESOURCE_EXHAUSTED and a description that names
 *     the problem (never INTERNAL, UNKNOWN, an empty one or a Java exception);
 * <li>lies the contract says the server checks (docs/fabric-model.md) are refused;
 * <li>every answer comes within {@link #ANSWER} (no hang);
 * <li>nothing reaches the logs or stderr as a stack trace;
 * <li>a good session on the same server works afterwards.
 * </ul>
 * Failures are collected over the whole campaign and reported together, each with
 * the profile, seed and lie that reproduce it.
 */
class AgentServiceFuzzTest {
    private static final long L = 1_000_000;  // 1 us
    private static final long NIC = 10_000_000_000L;
    private static final int MAX_BATCH = 64;
    private static final int MAX_MESSAGE = 1 << 20;
    private static final int WINDOWS = 10;                 // windows of a session, at most
    /** Every lie is told this many times on every profile (-Dfuzz.rounds=N for a longer campaign). */
    private static final int ROUNDS = Integer.getInteger("fuzz.rounds", 2);
    private static final Duration ANSWER = Duration.ofSeconds(10);  // a hang never ends: this is margin
    /** -Dfuzz.seed=N runs only the session of that seed (a failure names it), to look at it alone. */
    private static final long ONLY = Long.getLong("fuzz.seed", -1);
    private static final Set<Status.Code> CLEAR_CODES = EnumSet.of(Status.Code.INVALID_ARGUMENT,
            Status.Code.FAILED_PRECONDITION, Status.Code.RESOURCE_EXHAUSTED);
    /** What a description must not look like: an exception's class name or a stack frame. */
    private static final Pattern LEAKED = Pattern.compile(
            "(?:java|javax|com\\.google|io\\.grpc|org\\.cosim)\\.[\\w.$]*(?:Exception|Error)"
                    + "|\\b\\w+(?:Exception|Error)\\b(?!s)|\\tat |agent side failed");

    private static AgentServer server;
    private static ManagedChannel channel;
    private static final LogCapture LOGS = new LogCapture();
    private static PrintStream realErr;
    private static final ByteArrayOutputStream ERR = new ByteArrayOutputStream();

    /** A protocol and the scenario it runs in; hpcc's completions carry INT hop records. */
    private record Profile(String name, String scenario, int depth, boolean hops) {}

    private static final List<Profile> PROFILES = List.of(
            new Profile("timely", "protocol { timely {} }", 1, false),
            new Profile("ndp", "protocol { ndp {} }", 1, false),
            new Profile("poseidon", "protocol { poseidon {} } "
                    + "topology { switches { int_telemetry { enabled: true } } }", 1, false),
            new Profile("swift", "protocol { swift {} }", 1, false),
            new Profile("dcqcn", "protocol { dcqcn {} } topology { switches { ecn_threshold_bytes: 180000 } }", 1,
                    false),
            new Profile("pfc_only", "protocol { pfc_only {} }", 1, false),
            new Profile("dctcp", "protocol { dctcp {} } topology { switches { ecn_threshold_bytes: 80000 } }", 1,
                    false),
            new Profile("hpcc", "protocol { hpcc {} } topology { switches { int_telemetry { enabled: true } } }", 1,
                    true),
            new Profile("mptcp", "protocol { mptcp {} }", 1, false),
            new Profile("fast", "protocol { fast {} }", 1, false),
            // Pipelined (H = L / 4) and sampling the agents' state.
            new Profile("timely", "protocol { timely {} } pipeline_depth: 4", 4, false),
            new Profile("ndp", "protocol { ndp {} } pipeline_depth: 2 output { agent_state: true "
                    + "sample_interval_us: 1 }", 2, false),
            new Profile("swift", "protocol { swift {} } output { agent_state: true sample_interval_us: 2 }", 1,
                    false));

    @BeforeAll
    static void start() {
        server = AgentServer.start("127.0.0.1", 0,
                new AgentServerOptions(Duration.ofSeconds(30), MAX_BATCH, MAX_MESSAGE));
        channel = NettyChannelBuilder.forAddress("127.0.0.1", server.port()).usePlaintext()
                .maxInboundMessageSize(64 << 20).directExecutor().build();
        Logger.getLogger("").addHandler(LOGS);
        realErr = System.err;
        System.setErr(new PrintStream(new Tee(realErr, ERR), true, StandardCharsets.UTF_8));
    }

    @AfterAll
    static void stop() {
        System.setErr(realErr);
        Logger.getLogger("").removeHandler(LOGS);
        channel.shutdownNow();
        server.close();
    }

    @Test
    void aLyingFabricGetsAClearErrorAndTheServerServesOn() {
        List<String> failures = new ArrayList<>();
        Map<String, Tally> tally = new LinkedHashMap<>();  // by lie
        long began = System.nanoTime();
        int sessions = 0;
        int rounds = ONLY >= 0 ? (int) (ONLY / 1_000_000) + 1 : ROUNDS;
        campaign:
        for (int round = 0; round < rounds; round++) {
            for (int p = 0; p < PROFILES.size(); p++) {
                Profile profile = PROFILES.get(p);
                for (int i = 0; i < LIES.size(); i++) {
                    long seed = 1_000_000L * round + 1000L * p + i;
                    if (ONLY >= 0 && seed != ONLY) {
                        continue;
                    }
                    Lie lie = LIES.get(i);
                    String where = profile.name() + (profile.depth() > 1 ? "/depth " + profile.depth() : "")
                            + " seed " + seed + " lie '" + lie.name() + "'";
                    long t0 = System.nanoTime();
                    Outcome o = new Tale(profile, lie, new Random(seed)).run();
                    sessions++;
                    Tally t = tally.computeIfAbsent(lie.name(), x -> new Tally());
                    t.sessions++;
                    t.ms += (System.nanoTime() - t0) / 1_000_000;
                    String printed = takeStderr();
                    String problem = judge(o, lie, printed);
                    if (o.error != null) {
                        t.refused++;
                    }
                    if (problem == null) {
                        problem = quiet(LOGS.take(), printed);
                    }
                    if (problem == null && !o.hung) {
                        problem = stillServes(profile);
                    }
                    if (problem != null) {
                        failures.add(where + ": " + problem + "\n    told: " + describe(o.told));
                    }
                    if (o.hung) {
                        break campaign;  // a stuck server thread would stall every later session
                    }
                }
            }
        }
        long ms = (System.nanoTime() - began) / 1_000_000;
        System.out.println("AgentServiceFuzzTest: " + sessions + " lying sessions in " + ms + " ms");
        tally.forEach((lie, t) -> System.out.println("  " + lie + ": " + t.sessions + " sessions, " + t.refused
                + " refused, " + t.ms + " ms"));
        assertTrue(failures.isEmpty(), failures.size() + " of " + sessions + " lying sessions went wrong:\n"
                + String.join("\n", failures));
    }

    /** One lie's sessions so far: how many, how many the server refused, and the wall time they took. */
    private static final class Tally {
        long sessions;
        long refused;
        long ms;
    }

    // ------------------------------------------------------------------ the oracle

    /** How one session ended. */
    private static final class Outcome {
        Status error;       // null: answered normally to the end
        boolean hung;
        String detail;      // a broken answer, when there was one
        List<FabricMessage> told = List.of();  // what the lie sent
    }

    private static String judge(Outcome o, Lie lie, String printed) {
        if (o.hung) {
            return "no answer within " + ANSWER.toMillis() + " ms: " + o.detail;
        }
        if (o.detail != null) {
            return o.detail;
        }
        if (o.error == null) {
            return lie.refused() ? "the server accepted it: the contract says it refuses this" : null;
        }
        String d = o.error.getDescription();
        if (o.error.getCode() == Status.Code.CANCELLED && printed.contains("agent server: refused a message: "
                + "RESOURCE_EXHAUSTED: gRPC message exceeds maximum size")) {
            // gRPC refused a message too large to read; after the response headers (HelloAck) it can only
            // reset the stream, so the reason is the server's one line on stderr.
            return null;
        }
        if (!CLEAR_CODES.contains(o.error.getCode())) {
            return "status " + o.error.getCode() + ": " + d;
        }
        if (d == null || d.isBlank()) {
            return "status " + o.error.getCode() + " without a description";
        }
        if (LEAKED.matcher(d).find()) {
            return "a description that leaks the server's insides: " + o.error.getCode() + ": " + d;
        }
        return null;
    }

    /** What the server printed on stderr since the last look. */
    private static String takeStderr() {
        synchronized (ERR) {
            String printed = ERR.toString(StandardCharsets.UTF_8);
            ERR.reset();
            return printed;
        }
    }

    /** Anything logged with a throwable or as a warning, or printed as a stack trace. */
    private static String quiet(String logged, String printed) {
        if (!logged.isEmpty()) {
            return "logged: " + logged;
        }
        for (String line : printed.lines().toList()) {
            // The server's own one-line notes (TransportFailureLog) may name an exception; nothing else may.
            if (line.startsWith("\tat ") || (line.contains("Exception") && !line.startsWith("agent server: "))) {
                return "printed on stderr: " + printed;
            }
        }
        return null;
    }

    /** A good session of the profile, start to finish, on the same server; null when it works. */
    private static String stillServes(Profile p) {
        Hello hello = goodHello(p);
        try (Wire w = new Wire()) {
            w.send(FabricMessage.newBuilder().setHello(hello).build());
            Object a = w.receive();
            if (!(a instanceof AgentMessage m) || !m.hasHelloAck()) {
                return "a good session after it: the Hello got " + a;
            }
            EventBatch.Builder b = EventBatch.newBuilder().setWindowStartPs(0);
            for (FlowSpec f : hello.getFlowsList()) {
                b.addEvents(Event.newBuilder().setTimePs(10 + f.getFlow()).setHost(f.getSrc())
                        .setFlowArrival(FlowArrival.newBuilder().setFlow(f.getFlow()).setDst(f.getDst())
                                .setSizeBytes(f.getSizeBytes())));
            }
            w.send(FabricMessage.newBuilder().setEvents(b).build());
            a = w.receive();
            if (!(a instanceof AgentMessage m2) || !m2.hasActions() || m2.getActions().getActionsCount() == 0) {
                return "a good session after it: the flows' arrivals got " + a;
            }
            w.send(FabricMessage.newBuilder().setDone(FabricDone.newBuilder().setEndTimePs(2 * L)).build());
            a = w.receive();
            if (!(a instanceof AgentMessage m3) || m3.getResults().getFlowsCount() != hello.getFlowsCount()) {
                return "a good session after it: FabricDone got " + a;
            }
            return null;
        }
    }

    // ------------------------------------------------------------------ sessions

    /** Four hosts; flows 0: 1 -> 0 (64 KB), 1: 2 -> 0 (long-lived), 2: 3 -> 1 (9000 B), 3: 0 -> 2 (200 KB). */
    static Hello goodHello(Profile p) {
        Scenario s = ScenarioFiles.parse("name: \"fuzz\" duration_us: 1000 " + p.scenario(), "fuzz");
        return helloOf(s, p.name(), p.depth());
    }

    private static Hello helloOf(Scenario s, String protocol, int depth) {
        Hello.Builder h = Hello.newBuilder().setVersion(ContractVersion.CONTRACT_VERSION_1)
                .setScenarioText(ScenarioFiles.canonicalText(s)).setScenarioDigest(ScenarioFiles.digest(s))
                .setReactionDelayPs(L).setWindowPs(L / depth).setBaseRttPs(10_000_000).setSeed(7).setMtuBytes(1500);
        for (int i = 0; i < 4; i++) {
            h.addHosts(HostSpec.newBuilder().setHost(i).setProtocol(protocol).setNicRateBps(NIC));
        }
        record FlowDef(int src, int dst, long sizeBytes) { }
        List<FlowDef> flows = List.of(new FlowDef(1, 0, 65_536), new FlowDef(2, 0, 0), new FlowDef(3, 1, 9000),
                new FlowDef(0, 2, 200_000));
        for (int f = 0; f < flows.size(); f++) {
            FlowDef d = flows.get(f);
            h.addFlows(FlowSpec.newBuilder().setFlow(f).setSrc(d.src()).setDst(d.dst()).setSizeBytes(d.sizeBytes())
                    .setPathCount(4).setHops(3).setBaseRttPs(8_000_000));
        }
        return h.build();
    }

    /** The same handshake with another scenario, its text and digest consistent (a liar that knows the rules). */
    private static Hello withScenario(Hello h, Scenario s) {
        return h.toBuilder().setScenarioText(ScenarioFiles.canonicalText(s)).setScenarioDigest(ScenarioFiles.digest(s))
                .build();
    }

    /** One session: good, but for its lie. */
    private static final class Tale {
        final Profile profile;
        final Lie lie;
        final Random r;
        final Hello good;
        final Outcome outcome = new Outcome();
        Hello hello;              // the handshake as sent (the lie may have changed it)
        long h;                   // the batch window H of the good handshake
        long lastWindow = Long.MIN_VALUE;
        long lastTime = Long.MIN_VALUE;
        EventBatch previous;      // the last window sent
        EventBatch window;        // the window being lied about
        /** An event the fabric has yet to send: its time, the order it was made in, its index in events. */
        record Pending(long timePs, long order, int event) { }

        final PriorityQueue<Pending> pending = new PriorityQueue<>(
                Comparator.comparingLong(Pending::timePs).thenComparingLong(Pending::order));
        final List<Event> events = new ArrayList<>();
        final List<Long> timersSet = new ArrayList<>();  // the ids of the agents' SetTimer actions
        long order;

        Tale(Profile profile, Lie lie, Random r) {
            this.profile = profile;
            this.lie = lie;
            this.r = r;
            this.good = goodHello(profile);
            this.hello = good;
            this.h = L / profile.depth();
        }

        Outcome run() {
            int target = 1 + r.nextInt(WINDOWS);  // the window lied about (WINDOW lies)
            try (Wire w = new Wire()) {
                List<FabricMessage> opening = lie.stage() == Stage.HELLO ? tell() : List.of(hello(good));
                for (FabricMessage m : opening) {
                    if (m.hasHello()) {
                        hello = m.getHello();
                    }
                }
                if (!exchange(w, opening)) {
                    return outcome;
                }
                startFlows();
                for (int k = 1; k <= WINDOWS && !pending.isEmpty(); k++) {
                    window = nextWindow();
                    List<FabricMessage> told = lie.stage() == Stage.WINDOW && k == target ? tell()
                            : List.of(events(window));
                    if (!exchange(w, told)) {
                        return outcome;
                    }
                }
                List<FabricMessage> last = lie.stage() == Stage.DONE ? tell() : List.of(done(lastTime + 1));
                if (last.isEmpty()) {
                    w.halfClose();  // the lie: no FabricDone at all
                    settle(w.receive(), null);
                    return outcome;
                }
                exchange(w, last);
            }
            return outcome;
        }

        /** The lie's messages, kept to describe a failure. */
        private List<FabricMessage> tell() {
            List<FabricMessage> told = lie.tell().apply(this);
            outcome.told = told;
            return told;
        }

        /**
         * Sends each message and reads its answer; false once the session ended (error,
         * hang, or done). Messages after the results are sent too, and must go unanswered.
         */
        private boolean exchange(Wire w, List<FabricMessage> messages) {
            for (FabricMessage m : messages) {
                w.send(m);
                if (w.ended) {
                    continue;  // the stream is over: this goes nowhere
                }
                if (!settle(w.receive(), m)) {
                    if (outcome.error != null || outcome.hung || outcome.detail != null) {
                        return false;
                    }
                }
            }
            return !w.ended;
        }

        /** Reads one answer: false when the session is over. */
        private boolean settle(Object a, FabricMessage asked) {
            if (a == null) {
                outcome.hung = true;
                outcome.detail = "after " + (asked == null ? "a half-close" : asked.getKindCase());
                return false;
            }
            if (a instanceof Status s) {
                outcome.error = s;
                return false;
            }
            if (a instanceof String) {
                if (asked != null) {
                    outcome.detail = "the stream completed without answering " + asked.getKindCase();
                }
                return false;
            }
            AgentMessage m = (AgentMessage) a;
            if (asked == null) {
                outcome.detail = "a half-closed stream got " + m.getKindCase();
                return false;
            }
            switch (asked.getKindCase()) {
                case HELLO -> {
                    if (!m.hasHelloAck()) {
                        outcome.detail = "a Hello answered with " + m.getKindCase();
                    }
                }
                case EVENTS -> {
                    if (!m.hasActions() || m.getActions().getWindowStartPs() != asked.getEvents().getWindowStartPs()) {
                        outcome.detail = "window " + asked.getEvents().getWindowStartPs() + " answered with " + m;
                    } else {
                        record(asked.getEvents());
                        answer(m.getActions());
                    }
                }
                case DONE -> {
                    if (!m.hasResults() || m.getResults().getFlowsCount() != hello.getFlowsCount()) {
                        outcome.detail = "FabricDone answered with " + m.getKindCase();
                    }
                    return false;
                }
                default -> outcome.detail = asked.getKindCase() + " answered with " + m.getKindCase();
            }
            return outcome.detail == null;
        }

        private void record(EventBatch b) {
            lastWindow = b.getWindowStartPs();
            for (Event e : b.getEventsList()) {
                lastTime = Math.max(lastTime, e.getTimePs());
            }
            previous = b;
        }

        // -------------------------------------------------------------- the toy fabric

        private void schedule(Event e) {
            events.add(e);
            pending.add(new Pending(e.getTimePs(), order++, events.size() - 1));
        }

        private void startFlows() {
            for (FlowSpec f : hello.getFlowsList()) {
                schedule(Event.newBuilder().setTimePs(r.nextInt((int) (3 * L))).setHost(f.getSrc())
                        .setFlowArrival(FlowArrival.newBuilder().setFlow(f.getFlow()).setDst(f.getDst())
                                .setSizeBytes(f.getSizeBytes())).build());
            }
        }

        /** The next window that has events; a window's events beyond the batch limit are lost. */
        private EventBatch nextWindow() {
            long w = Math.floorDiv(pending.peek().timePs(), h) * h;
            EventBatch.Builder b = EventBatch.newBuilder().setWindowStartPs(w);
            while (!pending.isEmpty() && pending.peek().timePs() < w + h) {
                Event e = events.get(pending.poll().event());
                if (b.getEventsCount() < MAX_BATCH) {
                    b.addEvents(e);
                }
            }
            return b.build();
        }

        /** What a lossless network makes of the agents' actions. */
        private void answer(ActionBatch a) {
            for (Action x : a.getActionsList()) {
                if (x.getTimePs() > Long.MAX_VALUE - (1L << 40) || x.getHost() < 0
                        || x.getHost() >= hello.getHostsCount()) {
                    continue;
                }
                long t = x.getTimePs();
                switch (x.getKindCase()) {
                    case SEND_SEGMENT -> segment(x, t);
                    case SEND_CONTROL -> {
                        FlowSpec f = flow(x.getSendControl().getFlow());
                        if (f != null) {
                            var c = x.getSendControl();
                            schedule(Event.newBuilder().setTimePs(t + 2_000_000 + r.nextInt(3_000_000))
                                    .setHost(x.getHost() == f.getSrc() ? f.getDst() : f.getSrc())
                                    .setControlArrival(ControlArrival.newBuilder().setKind(c.getKind())
                                            .setFlow(c.getFlow()).setSeq(c.getSeq()).setPullNumber(c.getPullNumber())
                                            .setPath(c.getPath()).setEchoTimePs(c.getEchoTimePs())).build());
                        }
                    }
                    case SET_TIMER -> {
                        timersSet.add(x.getSetTimer().getTimerId());
                        schedule(Event.newBuilder().setTimePs(t).setHost(x.getHost())
                                .setTimer(TimerFired.newBuilder().setTimerId(x.getSetTimer().getTimerId())).build());
                    }
                    default -> { }
                }
            }
        }

        private void segment(Action x, long t) {
            var s = x.getSendSegment();
            FlowSpec f = flow(s.getFlow());
            if (f == null || s.getBytes() <= 0) {
                return;
            }
            long wire = s.getBytes() * 800L;  // 10 Gb/s
            long queue = r.nextInt(4) == 0 ? r.nextInt(20_000_000) : r.nextInt(500_000);
            if (s.getAck() == org.cosim.proto.AckMode.ACK_NONE) {
                boolean trimmed = r.nextInt(20) == 0;
                boolean returned = trimmed && r.nextInt(3) == 0;
                schedule(Event.newBuilder().setTimePs(t + wire + 4_000_000 + queue)
                        .setHost(returned ? f.getSrc() : f.getDst())
                        .setPacketArrival(PacketArrival.newBuilder().setFlow(s.getFlow()).setSeq(s.getSeq())
                                .setBytes(s.getBytes()).setPath(s.getPath()).setTrimmed(trimmed).setReturned(returned)
                                .setLastOfFlow(s.getLastOfFlow()).setIntMaxHopDelayPs(queue).setEcn(queue > 5_000_000)
                                .setSendTimePs(t)).build());
                return;
            }
            long tx = t + r.nextInt(1_000_000);
            long done = tx + wire + f.getBaseRttPs() + queue;
            SegmentCompletion.Builder c = SegmentCompletion.newBuilder().setFlow(s.getFlow()).setSeq(s.getSeq())
                    .setBytes(s.getBytes()).setSendTimePs(t).setTxTimePs(tx).setCompletionTimePs(done)
                    .setIntMaxHopDelayPs(queue).setIntReverseMaxHopDelayPs(r.nextInt(100_000))
                    .setEcnEcho(queue > 5_000_000);
            if (profile.hops()) {
                for (int k = 0; k < 3; k++) {
                    c.addIntHops(IntHop.newBuilder().setQueueBytes(queue / 800).setTxBytes(1_000_000L * k + t / 800)
                            .setTimestampPs(tx + k * 1_000_000L).setRateBps(NIC));
                }
            }
            schedule(Event.newBuilder().setTimePs(done).setHost(f.getSrc()).setCompletion(c).build());
        }

        /**
         * The window moved by {@code by} ps, and the fabric goes on from there: its pending
         * events move too (those that would pass the end of time never come).
         */
        EventBatch.Builder jump(EventBatch.Builder b, long by) {
            List<Pending> all = new ArrayList<>(pending);
            pending.clear();
            for (Pending p : all) {
                if (by > 0 ? p.timePs() <= Long.MAX_VALUE - by : p.timePs() >= Long.MIN_VALUE - by) {
                    events.set(p.event(), moved(events.get(p.event()).toBuilder(), by).build());
                    pending.add(new Pending(p.timePs() + by, p.order(), p.event()));
                }
            }
            b.setWindowStartPs(b.getWindowStartPs() + by);
            for (Event.Builder e : b.getEventsBuilderList()) {
                moved(e, by);
            }
            return b;
        }

        private FlowSpec flow(int id) {
            return id >= 0 && id < hello.getFlowsCount() && hello.getFlows(id).getFlow() == id
                    ? hello.getFlows(id) : null;
        }
    }

    private static String describe(List<FabricMessage> messages) {
        String s = messages.toString().replaceAll("\\s+", " ");
        return s.length() > 600 && ONLY < 0 ? s.substring(0, 600) + "..." : s;  // all of it for -Dfuzz.seed
    }

    private static FabricMessage done(long endPs) {
        return FabricMessage.newBuilder().setDone(FabricDone.newBuilder().setEndTimePs(endPs)).build();
    }

    private static FabricMessage events(EventBatch b) {
        return FabricMessage.newBuilder().setEvents(b).build();
    }

    private static FabricMessage hello(Hello h) {
        return FabricMessage.newBuilder().setHello(h).build();
    }

    // ------------------------------------------------------------------ the lies

    private enum Stage { HELLO, WINDOW, DONE }

    /**
     * A lie told at one stage of a session: the messages sent instead of the good
     * one (for DONE, an empty list half-closes the stream instead). {@code refused}:
     * the contract says the server checks this, so the session must end in an error.
     */
    private record Lie(String name, Stage stage, boolean refused, Function<Tale, List<FabricMessage>> tell) {}

    private static Lie hello(String name, boolean refused, java.util.function.BiFunction<Hello.Builder, Tale,
            Hello.Builder> change) {
        return new Lie(name, Stage.HELLO, refused, t -> List.of(hello(change.apply(t.good.toBuilder(), t).build())));
    }

    /** A lie about one window: the batch sent instead of the good one. */
    private static Lie window(String name, boolean refused, java.util.function.BiFunction<EventBatch.Builder, Tale,
            EventBatch.Builder> change) {
        return new Lie(name, Stage.WINDOW, refused,
                t -> List.of(events(change.apply(t.window.toBuilder(), t).build())));
    }

    /** A lie about one event of the window (a random one; a timer is added to an empty window first). */
    private static Lie event(String name, boolean refused, java.util.function.BiConsumer<Event.Builder, Tale> change) {
        return window(name, refused, (b, t) -> {
            if (b.getEventsCount() == 0) {
                b.addEvents(Event.newBuilder().setTimePs(b.getWindowStartPs()).setHost(0)
                        .setTimer(TimerFired.newBuilder().setTimerId(12345)));
            }
            change.accept(b.getEventsBuilder(t.r.nextInt(b.getEventsCount())), t);
            return b;
        });
    }

    /** A lie adding an event of the given kind, at a time inside the window after the others. */
    private static Lie extra(String name, boolean refused, java.util.function.BiConsumer<Event.Builder, Tale> fill) {
        return window(name, refused, (b, t) -> append(b, t, fill));
    }

    private static EventBatch.Builder append(EventBatch.Builder b, Tale t,
                                             java.util.function.BiConsumer<Event.Builder, Tale> fill) {
        long w = b.getWindowStartPs();
        long last = b.getEventsCount() == 0 ? w : b.getEvents(b.getEventsCount() - 1).getTimePs();
        Event.Builder e = Event.newBuilder().setTimePs(last + (w + t.h - last) / 2);
        fill.accept(e, t);
        if (b.getEventsCount() >= MAX_BATCH) {
            b.removeEvents(0);
        }
        return b.addEvents(e);
    }

    private static final List<Lie> LIES = List.of(
            // ---- the handshake
            hello("version", true, (h, t) -> h.setVersionValue(pick(t.r, 0, 2, 99, -1))),
            hello("digest", true, (h, t) -> h.setScenarioDigest(pick(t.r, "", "00", h.getScenarioDigest()
                    .toUpperCase(), h.getScenarioDigest().substring(1)))),
            hello("scenario text", true, (h, t) -> h.setScenarioText(pick(t.r, "protocol {", "\u0000\u00ff",
                    "no_such_field: 1", "protocol { timely { beta: \"x\" } }", h.getScenarioText() + "}"))),
            hello("scenario without a protocol", true, (h, t) -> withScenario(h.build(),
                    ScenarioFiles.parse(pick(t.r, "", "name: \"x\"", "duration_us: 5"), "fuzz")).toBuilder()),
            hello("scenario of another protocol", true, (h, t) -> {
                Profile other = PROFILES.get(t.r.nextInt(PROFILES.size()));
                while (other.name().equals(t.profile.name())) {
                    other = PROFILES.get(t.r.nextInt(PROFILES.size()));
                }
                return withScenario(h.build(), ScenarioFiles.parse(other.scenario(), "fuzz")).toBuilder();
            }),
            hello("protocol parameters", false, (h, t) -> withScenario(h.build(),
                    wildParameters(ScenarioFiles.parse(h.getScenarioText(), "fuzz"), t.r)).toBuilder()),
            hello("scenario settings", false, (h, t) -> {
                Scenario.Builder s = ScenarioFiles.parse(h.getScenarioText(), "fuzz").toBuilder();
                if (t.r.nextBoolean()) {
                    int depth = pick(t.r, 0, 1, 2, 3, 7, 64, 1000, Integer.MAX_VALUE, -1);
                    s.setPipelineDepth(depth);
                    h.setWindowPs(t.r.nextBoolean() && depth != 0 ? L / Integer.toUnsignedLong(depth)
                            : pick(t.r, 0L, L, L / 3, 1L));
                } else {
                    s.getOutputBuilder().setAgentState(true).setSampleIntervalUs(pick(t.r, 0.0, -1.0, 1e-12, 1e-3,
                            0.5, Double.NaN, Double.POSITIVE_INFINITY, 1e300, 3.0));
                }
                return withScenario(h.build(), s.build()).toBuilder();
            }),
            hello("reaction delay", false, (h, t) -> h.setReactionDelayPs(wildLong(t.r)).setWindowPs(0)),
            hello("batch window", false, (h, t) -> h.setWindowPs(pick(t.r, -1L, L + 1, L / 3, 7L, Long.MIN_VALUE,
                    2 * L, L, Long.MAX_VALUE, L / 2))),
            hello("base rtt", false, (h, t) -> h.setBaseRttPs(wildLong(t.r))),
            hello("mtu", false, (h, t) -> h.setMtuBytes(pick(t.r, 0, 1, 63, 9000, 65_535, Integer.MAX_VALUE, -1,
                    Integer.MIN_VALUE))),
            hello("seed", false, (h, t) -> h.setSeed(wildLong(t.r))),
            hello("no hosts", true, (h, t) -> h.clearHosts()),
            hello("host ids", true, (h, t) -> h.setHosts(t.r.nextInt(4), h.getHosts(0).toBuilder()
                    .setHost(pick(t.r, 5, -1, 4, 1_000_000)))),
            hello("host protocol", true, (h, t) -> h.setHosts(t.r.nextInt(4), h.getHosts(0).toBuilder()
                    .setProtocol(pick(t.r, "", "TIMELY", "nope", t.profile.name().equals("ndp") ? "timely" : "ndp",
                            " " + t.profile.name())))),
            hello("nic rate", false, (h, t) -> {
                int i = t.r.nextInt(4);
                return h.setHosts(i, h.getHosts(i).toBuilder().setNicRateBps(wildLong(t.r)));
            }),
            hello("many hosts", false, (h, t) -> {
                for (int i = 4; i < 3000; i++) {
                    h.addHosts(h.getHosts(0).toBuilder().setHost(i));
                }
                return h;
            }),
            hello("oversized hello", true, (h, t) -> h.setScenarioText(h.getScenarioText()
                    + "#".repeat(MAX_MESSAGE + 10))),
            hello("flow ends", false, (h, t) -> {
                int f = t.r.nextInt(4);
                FlowSpec.Builder b = h.getFlows(f).toBuilder();
                int v = pick(t.r, -1, 4, 1 << 20, Integer.MIN_VALUE, b.getDst(), b.getSrc());
                return h.setFlows(f, t.r.nextBoolean() ? b.setSrc(v) : b.setDst(v));
            }),
            hello("flow ids", true, (h, t) -> {
                int f = 1 + t.r.nextInt(3);
                return h.setFlows(f, h.getFlows(0).toBuilder().setFlow(pick(t.r, 4, 7, -1, 0, f - 1, f + 1)));
            }),
            hello("flow size", false, (h, t) -> {
                int f = t.r.nextInt(4);
                return h.setFlows(f, h.getFlows(f).toBuilder().setSizeBytes(wildLong(t.r)));
            }),
            hello("flow paths", false, (h, t) -> {
                int f = t.r.nextInt(4);
                return h.setFlows(f, h.getFlows(f).toBuilder().setPathCount(wildInt(t.r)).setHops(wildInt(t.r)));
            }),
            hello("flow base rtt", false, (h, t) -> {
                int f = t.r.nextInt(4);
                return h.setFlows(f, h.getFlows(f).toBuilder().setBaseRttPs(wildLong(t.r)));
            }),
            hello("flow stop", false, (h, t) -> h.setFlows(1, h.getFlows(1).toBuilder().setStopPs(wildLong(t.r))
                    .setSizeBytes(t.r.nextInt(3) == 0 ? 1000 : 0))),
            new Lie("no flows, then far ahead", Stage.HELLO, false, t -> {
                long w = t.h * pick(t.r, 1L << 20, 1L << 40, Long.MAX_VALUE / t.h / 2);
                return List.of(hello(t.good.toBuilder().clearFlows().build()), events(EventBatch.newBuilder()
                        .setWindowStartPs(w).addEvents(Event.newBuilder().setTimePs(w).setHost(1)
                                .setTimer(TimerFired.newBuilder().setTimerId(7))).build()));
            }),
            new Lie("events before the hello", Stage.HELLO, true, t -> List.of(events(EventBatch.newBuilder()
                    .setWindowStartPs(0).build()), hello(t.good))),
            new Lie("done before the hello", Stage.HELLO, true, t -> List.of(done(5))),
            new Lie("nothing before the hello", Stage.HELLO, true, t -> List.of(FabricMessage.getDefaultInstance())),
            new Lie("hello twice", Stage.HELLO, true, t -> List.of(hello(t.good), hello(t.good))),
            // ---- one event of a window
            event("event time", false, (e, t) -> {
                long w = t.window.getWindowStartPs();
                long time = pick(t.r, w - 1, w + t.h, w + t.h - 1, -1L, Long.MIN_VALUE, Long.MAX_VALUE, 0L,
                        t.lastTime - 1, w + t.r.nextInt((int) t.h));
                e.setTimePs(time);
                if (e.hasCompletion()) {
                    e.getCompletionBuilder().setCompletionTimePs(time);
                }
            }),
            event("event host", false, (e, t) -> e.setHost(pick(t.r, 4, -1, 1 << 30, 0, 1, 2, 3))),
            event("event flow", false, (e, t) -> {
                int f = pick(t.r, 4, -1, Integer.MIN_VALUE, 0, 1, 2, 3);
                switch (e.getKindCase()) {
                    case FLOW_ARRIVAL -> e.getFlowArrivalBuilder().setFlow(f);
                    case COMPLETION -> e.getCompletionBuilder().setFlow(f);
                    case PACKET_ARRIVAL -> e.getPacketArrivalBuilder().setFlow(f);
                    case CONTROL_ARRIVAL -> e.getControlArrivalBuilder().setFlow(f);
                    default -> e.setPacketArrival(PacketArrival.newBuilder().setFlow(f));
                }
            }),
            event("event of another kind", false, (e, t) -> {
                switch (t.r.nextInt(6)) {
                    case 0 -> e.setCompletion(wildCompletion(t, e.getTimePs()));
                    case 1 -> e.setPacketArrival(wildPacket(t));
                    case 2 -> e.setControlArrival(wildControl(t));
                    case 3 -> e.setPfcChange(PfcChange.newBuilder().setTrafficClass(wildInt(t.r)).setPaused(true));
                    case 4 -> e.setTimer(TimerFired.newBuilder().setTimerId(wildTimer(t)));
                    default -> e.setFlowArrival(FlowArrival.newBuilder().setFlow(t.r.nextInt(4)).setDst(wildInt(t.r))
                            .setSizeBytes(wildLong(t.r)));
                }
            }),
            event("event without a kind", true, (e, t) -> e.clearKind()),
            extra("completion", false, (e, t) -> {
                FlowSpec f = t.hello.getFlows(t.r.nextInt(4));
                e.setHost(f.getSrc()).setCompletion(wildCompletion(t, e.getTimePs()).toBuilder().setFlow(f.getFlow()));
            }),
            extra("completion int hops", false, (e, t) -> {
                FlowSpec f = t.hello.getFlows(t.r.nextInt(4));
                SegmentCompletion.Builder c = SegmentCompletion.newBuilder().setFlow(f.getFlow()).setBytes(1000)
                        .setSendTimePs(e.getTimePs() - 9_000_000).setTxTimePs(e.getTimePs() - 8_000_000)
                        .setCompletionTimePs(e.getTimePs());
                int n = pick(t.r, 1, 5, 6, 100);
                for (int k = 0; k < n; k++) {
                    c.addIntHops(IntHop.newBuilder().setQueueBytes(pick(t.r, 0L, -1L, wildLong(t.r), 5000L))
                            .setTxBytes(pick(t.r, 0L, -1L, wildLong(t.r), 1_000_000L))
                            .setTimestampPs(pick(t.r, 0L, -1L, e.getTimePs(), e.getTimePs() + 1, wildLong(t.r)))
                            .setRateBps(pick(t.r, 0L, -1L, NIC, wildLong(t.r), 1L)));
                }
                e.setHost(f.getSrc()).setCompletion(c);
            }),
            extra("packet arrival", false, (e, t) -> {
                FlowSpec f = t.hello.getFlows(t.r.nextInt(4));
                PacketArrival p = wildPacket(t).toBuilder().setFlow(f.getFlow()).build();
                e.setHost(p.getReturned() ? f.getSrc() : f.getDst()).setPacketArrival(p);
            }),
            extra("packet marked last too early", false, (e, t) -> {
                FlowSpec f = t.hello.getFlows(pick(t.r, 0, 2, 3));  // the flows that end
                e.setHost(f.getDst()).setPacketArrival(PacketArrival.newBuilder().setFlow(f.getFlow())
                        .setSeq(1500L * t.r.nextInt(3)).setBytes(1500).setPath(1).setTrimmed(t.r.nextBoolean())
                        .setLastOfFlow(true).setSendTimePs(e.getTimePs() - 5_000_000));
            }),
            extra("control arrival", false, (e, t) -> {
                FlowSpec f = t.hello.getFlows(t.r.nextInt(4));
                e.setHost(t.r.nextBoolean() ? f.getSrc() : f.getDst())
                        .setControlArrival(wildControl(t).toBuilder().setFlow(f.getFlow()));
            }),
            extra("pull flood", false, (e, t) -> {
                FlowSpec f = t.hello.getFlows(t.r.nextInt(4));
                e.setHost(f.getSrc()).setControlArrival(ControlArrival.newBuilder().setKindValue(pick(t.r, 1, 2, 3))
                        .setFlow(f.getFlow()).setSeq(1500L * t.r.nextInt(40))
                        .setPullNumber(pick(t.r, 1L << 40, Long.MAX_VALUE, 1L << 31, 1_000_000L, -1L)).setPath(1));
            }),
            extra("pfc change", false, (e, t) -> e.setHost(t.r.nextInt(4)).setPfcChange(PfcChange.newBuilder()
                    .setTrafficClass(wildInt(t.r)).setPaused(t.r.nextBoolean()))),
            window("timers never set", false, (b, t) -> {
                // Every shape of id the agents use, for one flow, at one of its ends: NDP's pacer, RTO and
                // stall timers, a window sender's flow << 1 | kind, a segment sender's flow, MPTCP's
                // flow * 32 + subflow; and ids an agent set, or any.
                FlowSpec f = t.hello.getFlows(t.r.nextInt(t.hello.getFlowsCount()));
                long n = f.getFlow();
                for (long id : new long[] {1L << 33, 1L << 32 | n, 3L << 32 | n, n << 1, n << 1 | 1, n,
                        n * 32 + t.r.nextInt(32), wildLong(t.r), wildTimer(t), wildTimer(t)}) {
                    append(b, t, (e, x) -> e.setHost(x.r.nextBoolean() ? f.getSrc() : f.getDst())
                            .setTimer(TimerFired.newBuilder().setTimerId(id)));
                }
                return b;
            }),
            extra("flow arrival again", false, (e, t) -> {
                FlowSpec f = t.hello.getFlows(t.r.nextInt(4));
                e.setHost(f.getSrc()).setFlowArrival(FlowArrival.newBuilder().setFlow(f.getFlow()).setDst(f.getDst())
                        .setSizeBytes(f.getSizeBytes()));
            }),
            extra("flow arrival that contradicts the hello", true, (e, t) -> {
                FlowSpec f = t.hello.getFlows(t.r.nextInt(4));
                FlowArrival.Builder a = FlowArrival.newBuilder().setFlow(f.getFlow()).setDst(f.getDst())
                        .setSizeBytes(f.getSizeBytes());
                e.setHost(f.getSrc());
                switch (t.r.nextInt(3)) {
                    case 0 -> a.setDst(pick(t.r, f.getSrc(), -1, 4));
                    case 1 -> a.setSizeBytes(pick(t.r, f.getSizeBytes() + 1, -1L, Long.MIN_VALUE));
                    default -> e.setHost(f.getDst());
                }
                e.setFlowArrival(a);
            }),
            window("duplicate event", false, (b, t) -> b.getEventsCount() == 0 ? b
                    : b.addEvents(b.getEventsCount() - 1, b.getEvents(t.r.nextInt(b.getEventsCount())))),
            window("events out of order", false, (b, t) -> {
                List<Event> e = new ArrayList<>(b.getEventsList());
                Collections.shuffle(e, t.r);
                return b.clearEvents().addAllEvents(e);
            }),
            window("events lost", false, (b, t) -> {
                List<Event> e = new ArrayList<>(b.getEventsList());
                e.removeIf(x -> t.r.nextBoolean());
                return b.clearEvents().addAllEvents(e);
            }),
            // ---- a whole window
            window("window off the grid", true, (b, t) -> b.setWindowStartPs(b.getWindowStartPs()
                    + pick(t.r, 1L, t.h / 2, t.h - 1, -1L))),
            window("window repeated", true, (b, t) -> t.previous == null
                    ? b.setWindowStartPs(Long.MIN_VALUE) : t.previous.toBuilder()),
            window("window going back", true, (b, t) -> t.previous == null
                    ? b.setWindowStartPs(Long.MIN_VALUE)
                    : t.jump(b, t.previous.getWindowStartPs() - t.h * (1 + t.r.nextInt(3)) - b.getWindowStartPs())),
            window("window far ahead", false, (b, t) -> t.jump(b, t.h * pick(t.r, 1L << 20, 1L << 30, 1L << 40,
                    (Long.MAX_VALUE / t.h) - (b.getWindowStartPs() / t.h) - 1))),
            window("window at the end of time", false, (b, t) -> t.jump(b, Long.MAX_VALUE / t.h * t.h
                    - pick(t.r, 0L, t.h, 2 * t.h) - b.getWindowStartPs())),
            window("negative window", true, (b, t) -> t.previous == null
                    ? t.jump(b, -t.h * (1 + t.r.nextInt(1000)) - b.getWindowStartPs()) : b.setWindowStartPs(-t.h)),
            window("empty window", false, (b, t) -> b.clearEvents()),
            window("oversized batch", true, (b, t) -> {
                while (b.getEventsCount() <= MAX_BATCH) {
                    b.addEvents(Event.newBuilder().setTimePs(b.getWindowStartPs() + t.h - 1).setHost(0)
                            .setTimer(TimerFired.newBuilder().setTimerId(99)));
                }
                return b;
            }),
            window("oversized message", true, (b, t) -> {
                Event e = Event.newBuilder().setTimePs(b.getWindowStartPs()).setHost(0).setCompletion(
                        SegmentCompletion.newBuilder().setFlow(3).setCompletionTimePs(b.getWindowStartPs())
                                .addAllIntHops(Collections.nCopies(400_000, IntHop.newBuilder().setRateBps(1)
                                        .build()))).build();
                return b.addEvents(e);
            }),
            new Lie("hello mid-session", Stage.WINDOW, true, t -> List.of(hello(t.good))),
            new Lie("nothing mid-session", Stage.WINDOW, true, t -> List.of(FabricMessage.getDefaultInstance())),
            new Lie("done early", Stage.WINDOW, false, t -> List.of(done(t.lastTime + 1 + t.r.nextInt(1000)),
                    events(t.window))),
            // ---- the end
            new Lie("end time", Stage.DONE, false, t -> List.of(done(pick(t.r, t.lastTime, t.lastTime - 1, 0L, -1L,
                    Long.MIN_VALUE, Long.MAX_VALUE, t.lastTime + 1, t.lastTime + (1L << 50))))),
            new Lie("done twice", Stage.DONE, false, t -> List.of(done(t.lastTime + 1), done(t.lastTime + 2))),
            new Lie("events after done", Stage.DONE, false, t -> List.of(done(t.lastTime + 1),
                    events(EventBatch.newBuilder().setWindowStartPs(t.lastWindow + t.h).build()), hello(t.good))),
            new Lie("no done", Stage.DONE, true, t -> List.of()));

    /** An event moved in time by {@code by} ps, with the times it carries (they may wrap: a liar's are wild). */
    private static Event.Builder moved(Event.Builder e, long by) {
        e.setTimePs(e.getTimePs() + by);
        if (e.hasCompletion()) {
            SegmentCompletion.Builder c = e.getCompletionBuilder().setCompletionTimePs(e.getTimePs());
            c.setSendTimePs(c.getSendTimePs() + by).setTxTimePs(c.getTxTimePs() + by);
            for (IntHop.Builder hop : c.getIntHopsBuilderList()) {
                hop.setTimestampPs(hop.getTimestampPs() + by);
            }
        } else if (e.hasPacketArrival()) {
            e.getPacketArrivalBuilder().setSendTimePs(e.getPacketArrival().getSendTimePs() + by);
        } else if (e.hasControlArrival() && e.getControlArrival().getEchoTimePs() != 0) {
            e.getControlArrivalBuilder().setEchoTimePs(e.getControlArrival().getEchoTimePs() + by);
        }
        return e;
    }

    private static SegmentCompletion wildCompletion(Tale t, long time) {
        SegmentCompletion.Builder c = SegmentCompletion.newBuilder().setFlow(t.r.nextInt(4)).setSeq(16_384L
                * t.r.nextInt(8)).setBytes(16_384).setSendTimePs(time - 10_000_000).setTxTimePs(time - 9_000_000)
                .setCompletionTimePs(time);
        switch (t.r.nextInt(8)) {
            case 0 -> c.setSeq(wildLong(t.r));
            case 1 -> c.setBytes(wildInt(t.r));
            case 2 -> c.setSendTimePs(pick(t.r, time + 1, wildLong(t.r), time));
            case 3 -> c.setTxTimePs(pick(t.r, time + 1, wildLong(t.r), c.getSendTimePs() - 1));
            case 4 -> c.setIntMaxHopDelayPs(wildLong(t.r)).setIntReverseMaxHopDelayPs(wildLong(t.r));
            case 5 -> c.setCompletionTimePs(pick(t.r, time + 1, time - 1, wildLong(t.r)));
            case 6 -> c.setEcnEcho(true).setSeq(wildLong(t.r)).setBytes(wildInt(t.r));
            default -> c.setSendTimePs(wildLong(t.r)).setTxTimePs(wildLong(t.r));
        }
        return c.build();
    }

    private static PacketArrival wildPacket(Tale t) {
        return PacketArrival.newBuilder().setFlow(t.r.nextInt(4)).setSeq(pick(t.r, 0L, 1500L * t.r.nextInt(50),
                wildLong(t.r))).setBytes(pick(t.r, 1500, 0, wildInt(t.r))).setPath(pick(t.r, 0, 1, 4, wildInt(t.r)))
                .setTrimmed(t.r.nextBoolean()).setReturned(t.r.nextInt(4) == 0).setLastOfFlow(t.r.nextBoolean())
                .setIntMaxHopDelayPs(pick(t.r, 0L, wildLong(t.r))).setEcn(t.r.nextBoolean())
                .setSendTimePs(pick(t.r, 0L, wildLong(t.r), t.lastTime)).build();
    }

    private static ControlArrival wildControl(Tale t) {
        return ControlArrival.newBuilder().setKindValue(pick(t.r, 1, 2, 3, 0, 4, 99, -1)).setFlow(t.r.nextInt(4))
                .setSeq(pick(t.r, 0L, 1500L * t.r.nextInt(50), wildLong(t.r)))
                .setPullNumber(pick(t.r, 0L, 1L, 2L + t.r.nextInt(50), wildLong(t.r), 1L << 40, 1_000_000L))
                .setPath(pick(t.r, 0, 1, 4, wildInt(t.r))).setEchoTimePs(pick(t.r, 0L, wildLong(t.r), t.lastTime))
                .build();
    }

    /**
     * A timer id an agent set (to go to any host, or nudged to a neighbour), one of the
     * ids the agents use (NDP's pacer, RTO and stall timers; window senders' flow << 1 |
     * kind), or any.
     */
    private static long wildTimer(Tale t) {
        if (!t.timersSet.isEmpty() && t.r.nextInt(3) > 0) {
            long id = t.timersSet.get(t.r.nextInt(t.timersSet.size()));
            return t.r.nextBoolean() ? id : id + 1 + t.r.nextInt(40);
        }
        int flow = pick(t.r, 0, 1, 2, 3, 4, -1);
        return pick(t.r, 1L << 33, 1L << 32 | (flow & 0xffffffffL), 3L << 32 | (flow & 0xffffffffL),
                (long) flow << 1, (long) flow << 1 | 1, (long) flow, wildLong(t.r), 0L);
    }

    /** One to three fields of the protocol's parameters (nested messages too) set to extreme values. */
    private static Scenario wildParameters(Scenario s, Random r) {
        Protocol.Builder p = s.getProtocol().toBuilder();
        FieldDescriptor kind = Protocol.getDescriptor().findFieldByNumber(s.getProtocol().getKindCase().getNumber());
        Message.Builder config = p.getFieldBuilder(kind);
        for (int n = 1 + r.nextInt(3); n > 0; n--) {
            wildField(config, r, 0);
        }
        return s.toBuilder().setProtocol(p).build();
    }

    private static void wildField(Message.Builder m, Random r, int depth) {
        List<FieldDescriptor> fields = new ArrayList<>();
        for (FieldDescriptor f : m.getDescriptorForType().getFields()) {
            // no law source: compiling code is not what this test is about
            FieldDescriptor.JavaType type = f.getJavaType();
            if (type != FieldDescriptor.JavaType.STRING && type != FieldDescriptor.JavaType.BYTE_STRING
                    && !(type == FieldDescriptor.JavaType.MESSAGE && (f.isRepeated() || depth > 1
                    || f.getMessageType().findFieldByName("source") != null))) {
                fields.add(f);
            }
        }
        if (fields.isEmpty()) {
            return;
        }
        FieldDescriptor f = fields.get(r.nextInt(fields.size()));
        Object v = switch (f.getJavaType()) {
            case INT -> wildInt(r);
            case LONG -> wildLong(r);
            case DOUBLE -> pick(r, Double.NaN, Double.POSITIVE_INFINITY, Double.NEGATIVE_INFINITY, -1.0, 0.0, -0.0,
                    1e300, 1e-300, r.nextDouble() * 10, 1e12);
            case FLOAT -> pick(r, Float.NaN, -1f, 0f, 1e30f, r.nextFloat());
            case BOOLEAN -> r.nextBoolean();
            case ENUM -> {
                List<EnumValueDescriptor> values = f.getEnumType().getValues();
                yield values.get(r.nextInt(values.size()));
            }
            case MESSAGE -> null;
            default -> null;
        };
        if (f.getJavaType() == FieldDescriptor.JavaType.MESSAGE) {
            wildField(m.getFieldBuilder(f), r, depth + 1);
        } else if (f.isRepeated()) {
            m.addRepeatedField(f, v);
        } else {
            m.setField(f, v);
        }
    }

    private static long wildLong(Random r) {
        return pick(r, 0L, 1L, -1L, Long.MAX_VALUE, Long.MIN_VALUE, 1L << 62, 1L << 32, 1L << 31,
                (long) r.nextInt(1_000_000), r.nextLong(), -(long) r.nextInt(1_000_000));
    }

    private static int wildInt(Random r) {
        return pick(r, 0, 1, -1, Integer.MAX_VALUE, Integer.MIN_VALUE, 65_535, r.nextInt(100), r.nextInt(),
                1 << 20);
    }

    @SafeVarargs
    private static <T> T pick(Random r, T... choices) {
        return choices[r.nextInt(choices.length)];
    }

    // ------------------------------------------------------------------ plumbing

    /** A session stream with no client logic: sends anything, waits for each answer with a deadline. */
    private static final class Wire implements AutoCloseable {
        private final LinkedBlockingQueue<Object> inbox = new LinkedBlockingQueue<>();
        private final StreamObserver<FabricMessage> requests;
        boolean ended;  // the server ended the stream (an error, or completed)

        Wire() {
            requests = AgentServiceGrpc.newStub(channel).session(new StreamObserver<>() {
                @Override
                public void onNext(AgentMessage m) {
                    inbox.add(m);
                }

                @Override
                public void onError(Throwable t) {
                    inbox.add(Status.fromThrowable(t));
                }

                @Override
                public void onCompleted() {
                    inbox.add("completed");
                }
            });
        }

        void send(FabricMessage m) {
            requests.onNext(m);
        }

        void halfClose() {
            requests.onCompleted();
        }

        /** The next answer (an AgentMessage, a Status, or "completed"), or null if none came in time. */
        Object receive() {
            try {
                Object o = inbox.poll(ANSWER.toMillis(), TimeUnit.MILLISECONDS);
                if (o instanceof Status || "completed".equals(o)) {
                    ended = true;
                } else if (o instanceof AgentMessage m && m.hasResults()) {
                    ended = true;
                }
                return o;
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                return null;
            }
        }

        @Override
        public void close() {
            if (!ended) {
                try {
                    requests.onError(Status.CANCELLED.withDescription("fuzz session over").asRuntimeException());
                } catch (RuntimeException ignored) {
                    // already gone
                }
            }
        }
    }

    /** Log records that carry a throwable or are warnings, from any logger. */
    private static final class LogCapture extends Handler {
        private final StringBuilder seen = new StringBuilder();

        @Override
        public synchronized void publish(LogRecord r) {
            if (r.getThrown() != null || r.getLevel().intValue() >= Level.WARNING.intValue()) {
                seen.append(r.getLoggerName()).append(": ").append(r.getMessage())
                        .append(r.getThrown() == null ? "" : " " + r.getThrown()).append('\n');
            }
        }

        synchronized String take() {
            String s = seen.toString();
            seen.setLength(0);
            return s;
        }

        @Override
        public void flush() {}

        @Override
        public void close() {}
    }

    /** Writes to stderr as before and keeps a copy. */
    private static final class Tee extends OutputStream {
        private final OutputStream real;
        private final ByteArrayOutputStream copy;

        Tee(OutputStream real, ByteArrayOutputStream copy) {
            this.real = real;
            this.copy = copy;
        }

        @Override
        public void write(int b) {
            synchronized (copy) {
                copy.write(b);
            }
            try {
                real.write(b);
            } catch (java.io.IOException ignored) {
                // stderr gone: the copy is what counts
            }
        }

        @Override
        public void write(byte[] b, int off, int len) {
            synchronized (copy) {
                copy.write(b, off, len);
            }
            try {
                real.write(b, off, len);
            } catch (java.io.IOException ignored) {
                // stderr gone: the copy is what counts
            }
        }
    }
}
