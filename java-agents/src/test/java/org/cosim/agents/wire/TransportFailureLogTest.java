package org.cosim.agents.wire;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.io.PrintStream;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.logging.Handler;
import java.util.logging.LogRecord;
import java.util.logging.Logger;
import org.cosim.proto.ContractVersion;
import org.cosim.proto.FabricDone;
import org.cosim.proto.FlowSpec;
import org.cosim.proto.Hello;
import org.cosim.proto.HostSpec;
import org.cosim.scenario.ScenarioFiles;
import org.junit.jupiter.api.Test;

/**
 * A peer that is not a gRPC client, sends a message larger than the server takes, or
 * resets a stream under an answer costs one line on stderr, not Netty's stack trace,
 * and the server stays up.
 */
class TransportFailureLogTest {
    @Test
    void garbageOnThePortIsOneLineAndTheServerServesOn() throws IOException {
        ByteArrayOutputStream captured = new ByteArrayOutputStream();
        PrintStream before = System.err;
        AgentServer server = AgentServer.start("127.0.0.1", 0, AgentServerOptions.DEFAULTS);
        try {
            System.setErr(new PrintStream(captured, true, StandardCharsets.UTF_8));
            try (Socket s = new Socket("127.0.0.1", server.port())) {
                OutputStream out = s.getOutputStream();
                out.write("GET / HTTP/1.1\r\nHost: x\r\n\r\n".getBytes(StandardCharsets.US_ASCII));
                out.flush();
                assertTrue(Eventually.holds(Duration.ofSeconds(10), () -> captured.toString(StandardCharsets.UTF_8)
                        .contains("agent server: closed a connection")), captured.toString(StandardCharsets.UTF_8));
            }
            String said = captured.toString(StandardCharsets.UTF_8);
            assertEquals(1, said.lines().count(), said);
            assertTrue(said.contains("HTTP/1.x request"), said);
            assertFalse(said.contains("\tat "), said);

            try (AgentClient c = AgentClient.connect("127.0.0.1", server.port(), Duration.ofSeconds(10))) {
                c.open(AgentServiceContractTest.goodHello());
                assertEquals(2, c.finish(FabricDone.newBuilder().setEndTimePs(1).build()).getFlowsCount());
            }
        } finally {
            System.setErr(before);
            server.close();
        }
    }

    @Test
    void anOversizedMessageIsOneLineNamingTheLimit() {
        AgentServer server = AgentServer.start("127.0.0.1", 0,
                new AgentServerOptions(Duration.ofSeconds(30), 16, 4096));
        String said = saidWhile(() -> {
            try (RawSession s = new RawSession(server.port())) {
                s.send(org.cosim.proto.FabricMessage.newBuilder().setHello(AgentServiceContractTest.goodHello()
                        .toBuilder().setScenarioText("#".repeat(10_000))).build());
                String error = s.awaitError(Duration.ofSeconds(10));
                assertTrue(error.contains("RESOURCE_EXHAUSTED") && error.contains("exceeds maximum size 4096"), error);
            }
        }, "agent server: refused a message", server);
        assertEquals(1, said.lines().count(), said);
        assertTrue(said.contains("agent server: refused a message: RESOURCE_EXHAUSTED: gRPC message exceeds maximum "
                + "size 4096"), said);
    }

    @Test
    void aStreamResetUnderAnAnswerIsOneLine() {
        AgentServer server = AgentServer.start("127.0.0.1", 0, AgentServerOptions.DEFAULTS);
        String said = saidWhile(() -> {
            // A client that takes no answer over 1 KB resets the stream while the server still writes its
            // AgentResults: 2 flows sampled every microsecond for 200 ms, megabytes of them.
            io.grpc.ManagedChannel ch = io.grpc.netty.shaded.io.grpc.netty.NettyChannelBuilder
                    .forAddress("127.0.0.1", server.port()).usePlaintext().maxInboundMessageSize(1024).build();
            try (AgentClient c = new AgentClient(ch, true, Duration.ofSeconds(10))) {
                c.open(sampledHello());
                AgentLinkException e = assertThrows(AgentLinkException.class,
                        () -> c.finish(FabricDone.newBuilder().setEndTimePs(200_000_000_000L).build()));
                assertTrue(e.getMessage().contains("RESOURCE_EXHAUSTED"), e.getMessage());
            }
        }, "agent server: a stream broke", server);
        // A line per write the reset stream refused: one or a few, each saying why.
        assertTrue(said.lines().allMatch(l -> l.startsWith("agent server: a stream broke: StreamException: Stream "
                + "closed before write could take place")), said);
    }

    /**
     * Garbage (ten 0xFF bytes: a tag that never ends), a Hello cut in half, and an EventBatch with a length
     * that runs past its end after a good Hello: each is INVALID_ARGUMENT naming the message that does not
     * parse (its number in the session), and one line on stderr, where gRPC would answer UNKNOWN and log a
     * stack trace.
     */
    @Test
    void bytesThatDoNotParseAreInvalidArgumentNamingTheMessageAndOneLine() {
        AgentServer server = AgentServer.start("127.0.0.1", 0, AgentServerOptions.DEFAULTS);
        byte[] hello = org.cosim.proto.FabricMessage.newBuilder().setHello(AgentServiceContractTest.goodHello())
                .build().toByteArray();
        byte[] garbage = new byte[10];
        java.util.Arrays.fill(garbage, (byte) 0xFF);
        byte[] half = java.util.Arrays.copyOf(hello, hello.length / 2);
        byte[] lying = {0x12, 0x7F, 0x08, 0x00};  // field 2 (events), 127 bytes long, with 2 of them
        String said = saidWhile(() -> {
            for (byte[][] session : new byte[][][] {{garbage}, {half}, {hello, lying}}) {
                try (RawBytes s = new RawBytes(server.port())) {
                    for (byte[] m : session) {
                        s.send(m);
                    }
                    String status = s.status(Duration.ofSeconds(10));
                    int n = session.length;
                    assertTrue(status != null && status.startsWith("INVALID_ARGUMENT: message " + n + " of session s")
                            && status.contains("(a FabricMessage) does not parse: "), status);
                }
            }
        }, "(a FabricMessage) does not parse", server);
        assertTrue(Eventually.holds(Duration.ofSeconds(10), () -> said.lines().count() >= 1), said);
        assertTrue(said.lines().allMatch(l -> l.matches("agent server: session s\\d+: INVALID_ARGUMENT: message \\d "
                + "of session s\\d+ \\(a FabricMessage\\) does not parse: .*")), said);
    }

    /** The same for Resolve: a ResolveRequest that does not parse is INVALID_ARGUMENT saying so. */
    @Test
    void aResolveRequestThatDoesNotParseIsInvalidArgument() {
        try (AgentServer server = AgentServer.start("127.0.0.1", 0, AgentServerOptions.DEFAULTS,
                r -> org.cosim.proto.RunSpec.getDefaultInstance())) {
            byte[] garbage = new byte[10];
            java.util.Arrays.fill(garbage, (byte) 0xFF);
            String status = RawBytes.resolve(server.port(), garbage);
            assertTrue(status.startsWith("INVALID_ARGUMENT: the ResolveRequest does not parse: "), status);
            assertEquals("OK", RawBytes.resolve(server.port(), new byte[0]), "an empty request is a request");
        }
    }

    /** Two hosts sending each other a flow, TIMELY, the agents' state sampled every microsecond. */
    private static Hello sampledHello() {
        var s = ScenarioFiles.parse("duration_us: 200000 protocol { timely {} } "
                + "output { agent_state: true sample_interval_us: 1 }", "test");
        Hello.Builder h = Hello.newBuilder().setVersion(ContractVersion.CONTRACT_VERSION_1)
                .setScenarioText(ScenarioFiles.canonicalText(s)).setScenarioDigest(ScenarioFiles.digest(s))
                .setReactionDelayPs(1_000_000).setBaseRttPs(20_000_000);
        for (int i = 0; i < 2; i++) {
            h.addHosts(HostSpec.newBuilder().setHost(i).setProtocol("timely").setNicRateBps(10_000_000_000L));
            h.addFlows(FlowSpec.newBuilder().setFlow(i).setSrc(i).setDst(1 - i));
        }
        return h.build();
    }

    /**
     * What the server said on stderr while {@code action} ran, once it has said {@code expected}: its own
     * one-line notes, no stack trace; and nothing reached the root logger's handlers (the console's trace).
     * The server still serves afterwards, and is closed.
     */
    private static String saidWhile(Runnable action, String expected, AgentServer server) {
        ByteArrayOutputStream captured = new ByteArrayOutputStream();
        PrintStream before = System.err;
        List<LogRecord> escaped = new ArrayList<>();
        Handler root = new Handler() {
            @Override
            public synchronized void publish(LogRecord r) {
                if (r.getThrown() != null) {
                    escaped.add(r);
                }
            }

            @Override
            public void flush() {}

            @Override
            public void close() {}
        };
        Logger.getLogger("").addHandler(root);
        try {
            System.setErr(new PrintStream(captured, true, StandardCharsets.UTF_8));
            action.run();
            assertTrue(Eventually.holds(Duration.ofSeconds(10), () -> captured.toString(StandardCharsets.UTF_8)
                    .contains(expected)), captured.toString(StandardCharsets.UTF_8));
            String said = captured.toString(StandardCharsets.UTF_8);
            assertTrue(said.lines().allMatch(l -> l.startsWith("agent server: ")), said);
            assertFalse(said.contains("\tat "), said);
            synchronized (root) {
                assertTrue(escaped.isEmpty(), () -> "logged with a stack trace: " + escaped.get(0).getMessage()
                        + ": " + escaped.get(0).getThrown());
            }
            try (AgentClient c = AgentClient.connect("127.0.0.1", server.port(), Duration.ofSeconds(10))) {
                c.open(AgentServiceContractTest.goodHello());
                assertEquals(2, c.finish(FabricDone.newBuilder().setEndTimePs(1).build()).getFlowsCount());
            }
            return said;
        } finally {
            System.setErr(before);
            Logger.getLogger("").removeHandler(root);
            server.close();
        }
    }
}
