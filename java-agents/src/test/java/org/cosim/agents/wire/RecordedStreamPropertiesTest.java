package org.cosim.agents.wire;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import java.util.logging.Handler;
import java.util.logging.LogRecord;
import java.util.logging.Logger;
import java.util.regex.Pattern;
import org.cosim.proto.AgentMessage;
import org.cosim.proto.FabricDone;
import org.cosim.proto.FabricMessage;
import org.cosim.scenario.ScenarioFiles;
import org.cosim.scenario.Units;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * Recorded sessions, broken on purpose, against one agent server: every broken
 * stream ends with a named status (never UNKNOWN or INTERNAL, never a stack
 * frame or an exception's class name in it) or runs to its AgentResults, each
 * answer comes within a bound, nothing is logged with a stack trace, and the
 * server serves a good session after each.
 *
 * <p>The streams are the fabric side of two recorded runs (the Hello, then each
 * window's EventBatch; FabricDone at the scenario's end added here), from
 * {@code ./cosim run SCENARIO --set duration_us=D --set output.warmup_us=0
 * --set output.sample_interval_us=10 --record-trace FILE}: the TIMELY incast for
 * 300 us and NDP's figure 4 incast for 100 us. A try breaks one stream with one to
 * four mutations: a bit flipped, a byte set or inserted, a message cut short,
 * replaced by garbage, dropped, sent twice or swapped with the next.
 *
 * <p>The seed is fixed; the run stops breaking streams after {@code -Dfuzz.minutes}
 * (0.25 by default: about 30 s in {@code mvn verify} with the tries it then
 * skips) or 500,000 tries; by hand, {@code -Dfuzz.minutes=60} (about 100 streams a
 * second on 2 cores). Each try draws its stream and mutations from one
 * java.util.Random with that seed, so a failure names the try that reproduces it;
 * the test prints how many streams ended in each outcome.
 */
class RecordedStreamPropertiesTest {
    private static final String[] TRACES = {"timely-incast-300us.trace", "ndp-fig4-incast-100us.trace"};
    /** The longest any answer may take: the server's idle timeout and handling budget are 2 s. */
    private static final Duration BOUND = Duration.ofSeconds(10);
    /**
     * What a status description must not look like: an exception's class name, an inner class's or a stack frame
     * (what the peer sent may come back in it, a digest with a '$' flipped into it, say).
     */
    private static final Pattern LEAK = Pattern.compile("[a-z]\\.[A-Z]\\w*(Exception|Error\\b|\\$\\d)|\\tat ");
    private static final long BUDGET_NANOS =
            (long) (Double.parseDouble(System.getProperty("fuzz.minutes", "0.25")) * 60e9);

    private static List<List<byte[]>> streams;
    private static AgentServer server;
    private static long deadline;
    private static final List<LogRecord> traces = new ArrayList<>();
    private static final Handler ROOT = new Handler() {
        @Override
        public void publish(LogRecord r) {
            if (r.getThrown() != null) {
                synchronized (traces) {
                    traces.add(r);
                }
            }
        }

        @Override
        public void flush() {}

        @Override
        public void close() {}
    };

    enum Kind { FLIP_BIT, SET_BYTE, INSERT_BYTE, CUT, GARBAGE, DROP, REPEAT, SWAP }

    /** One change to a stream: {@code message}, {@code at} and {@code value} are taken modulo what fits. */
    record Mutation(Kind kind, int message, int at, int value) {
        void apply(List<byte[]> s) {
            int i = message % s.size();
            byte[] m = s.get(i);
            int p = m.length == 0 ? 0 : at % m.length;
            switch (kind) {
                case FLIP_BIT -> {
                    if (m.length > 0) {
                        m = m.clone();
                        m[p] ^= (byte) (1 << (value & 7));
                    }
                }
                case SET_BYTE -> {
                    if (m.length > 0) {
                        m = m.clone();
                        m[p] = (byte) value;
                    }
                }
                case INSERT_BYTE -> {
                    byte[] n = new byte[m.length + 1];
                    System.arraycopy(m, 0, n, 0, p);
                    n[p] = (byte) value;
                    System.arraycopy(m, p, n, p + 1, m.length - p);
                    m = n;
                }
                case CUT -> m = java.util.Arrays.copyOf(m, p);
                case GARBAGE -> {
                    m = new byte[at % 64];
                    new Random(value).nextBytes(m);
                }
                case DROP -> {
                    if (s.size() > 1) {
                        s.remove(i);
                    }
                    return;
                }
                case REPEAT -> {
                    s.add(i, m);
                    return;
                }
                case SWAP -> {
                    if (i + 1 < s.size()) {
                        s.set(i, s.get(i + 1));
                        s.set(i + 1, m);
                    }
                    return;
                }
            }
            s.set(i, m);
        }
    }

    @BeforeAll
    static void start() {
        streams = new ArrayList<>();
        for (String t : TRACES) {
            streams.add(fabricSide(t));
        }
        server = AgentServer.start("127.0.0.1", 0, new AgentServerOptions(Duration.ofSeconds(2), 1 << 16, 16 << 20)
                .withLimits(SessionLimits.DEFAULTS.withHandlingBudget(Duration.ofSeconds(2))));
        Logger.getLogger("").addHandler(ROOT);
        deadline = System.nanoTime() + BUDGET_NANOS;
    }

    @AfterAll
    static void stop() {
        Logger.getLogger("").removeHandler(ROOT);
        server.close();
    }

    /** The fabric's messages of a recorded trace, as bytes, and FabricDone at the scenario's end. */
    private static List<byte[]> fabricSide(String trace) {
        List<byte[]> out = new ArrayList<>();
        try (InputStream in = RecordedStreamPropertiesTest.class.getResourceAsStream("/traces/" + trace)) {
            assertNotNull(in, trace);
            FabricMessage hello = FabricMessage.parseDelimitedFrom(in);
            out.add(hello.toByteArray());
            for (FabricMessage m; (m = FabricMessage.parseDelimitedFrom(in)) != null; ) {
                out.add(m.toByteArray());
                AgentMessage.parseDelimitedFrom(in);  // the recorded answer
            }
            long end = Units.usToPs(ScenarioFiles.parse(hello.getHello().getScenarioText(), trace).getDurationUs());
            out.add(FabricMessage.newBuilder().setDone(FabricDone.newBuilder().setEndTimePs(end)).build()
                    .toByteArray());
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return out;
    }

    private static final long SEED = 20261206L;
    private static final int MAX_TRIES = 500_000;

    /** One to four mutations of one recorded stream, drawn from {@code random}. */
    private static List<byte[]> broken(Random random) {
        List<byte[]> stream = new ArrayList<>(streams.get(random.nextInt(TRACES.length)));
        int n = 1 + random.nextInt(4);
        for (int k = 0; k < n; k++) {
            new Mutation(Kind.values()[random.nextInt(Kind.values().length)], random.nextInt(1 << 20),
                    random.nextInt(1 << 20), random.nextInt(256)).apply(stream);
        }
        return stream;
    }

    @Test
    void aBrokenStreamEndsWithANamedStatusAndTheServerServesOn() {
        Random random = new Random(SEED);
        java.util.Map<String, Integer> outcomes = new java.util.TreeMap<>();
        int tries = 0;
        while (tries < MAX_TRIES && System.nanoTime() < deadline) {
            tries++;
            String outcome = replay(broken(random));
            String code = outcome.contains(":") ? outcome.substring(0, outcome.indexOf(':')) : outcome;
            outcomes.merge(code, 1, Integer::sum);
            String at = "try " + tries + " (seed " + SEED + "): ";
            assertFalse(code.equals("UNKNOWN") || code.equals("INTERNAL") || code.equals("no answer"), at + outcome);
            assertTrue(code.equals("completed") || outcome.length() > code.length() + 3, at + "a status names its "
                    + "cause: " + outcome);
            assertFalse(LEAK.matcher(outcome).find(), at + "a status that shows the server's insides: " + outcome);
            synchronized (traces) {
                assertTrue(traces.isEmpty(), () -> at + "logged with a stack trace: " + traces.get(0).getMessage()
                        + ": " + traces.get(0).getThrown());
            }
            AgentServiceContractTest.stillServes(server.port());
        }
        assertTrue(tries > 0, "no stream was tried within the budget");
        System.out.println("RecordedStreamPropertiesTest: " + tries + " broken streams: " + outcomes);
    }

    /**
     * Sends the stream message by message, each after the answer to the one before: "completed" after the
     * AgentResults, the status the server ended it with ("INVALID_ARGUMENT: ..."), or "no answer: ..." when
     * none came within the bound.
     */
    private static String replay(List<byte[]> stream) {
        try (RawBytes s = new RawBytes(server.port())) {
            for (int i = 0; i < stream.size(); i++) {
                s.send(stream.get(i));
                Object a = s.next(BOUND);
                if (a == null) {
                    return "no answer: to message " + (i + 1) + " of " + stream.size() + " within " + BOUND;
                }
                if (a instanceof String status) {
                    return status;
                }
                if (((AgentMessage) a).hasResults()) {
                    Object end = s.next(BOUND);
                    return end == null ? "no answer: the end of the stream after AgentResults" : (String) end;
                }
            }
            s.halfClose();
            String status = s.status(BOUND);
            return status == null ? "no answer: to the end of the stream" : status;
        }
    }
}
