package org.cosim.agents.wire;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.io.PrintStream;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import org.cosim.proto.FabricDone;
import org.junit.jupiter.api.Test;

/** A peer that is not a gRPC client costs one line on stderr, not Netty's stack trace, and the server stays up. */
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
}
