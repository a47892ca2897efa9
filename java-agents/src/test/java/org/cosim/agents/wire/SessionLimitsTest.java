package org.cosim.agents.wire;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Duration;
import org.cosim.proto.FabricMessage;
import org.cosim.proto.Hello;
import org.junit.jupiter.api.Test;

/**
 * A server gives its sessions what its limits say: sessions at once, hosts and
 * flows of a handshake, the size of a Hello before it is parsed, and the memory
 * the open sessions hold; above them, RESOURCE_EXHAUSTED naming the limit, and the
 * server serves on. The handshake of these tests: 3 hosts, 2 flows.
 */
class SessionLimitsTest {
    private static final SessionLimits ROOMY = SessionLimits.DEFAULTS;

    private static AgentServer serving(SessionLimits limits) {
        return AgentServer.start("127.0.0.1", 0,
                new AgentServerOptions(Duration.ofSeconds(30), 1 << 10, 1 << 20).withLimits(limits));
    }

    private static String refusal(AgentServer server, Hello hello) {
        try (AgentClient c = AgentClient.connect("127.0.0.1", server.port(), Duration.ofSeconds(10))) {
            return assertThrows(AgentLinkException.class, () -> c.open(hello)).getMessage();
        }
    }

    private static void assertRefused(String refusal, String... parts) {
        assertTrue(refusal.startsWith("agent server: RESOURCE_EXHAUSTED: "), refusal);
        for (String p : parts) {
            assertTrue(refusal.contains(p), "'" + refusal + "' lacks '" + p + "'");
        }
    }

    @Test
    void aHandshakeWithMoreHostsOrFlowsThanTheLimitIsRefusedNamingIt() {
        try (AgentServer server = serving(new SessionLimits(8, 2, 8, 1 << 20, 1 << 30, Duration.ofSeconds(30)))) {
            assertRefused(refusal(server, AgentServiceContractTest.goodHello()),
                    "the Hello has 3 hosts, more than a session may (max_hosts: 2)");
        }
        try (AgentServer server = serving(new SessionLimits(8, 8, 1, 1 << 20, 1 << 30, Duration.ofSeconds(30)))) {
            assertRefused(refusal(server, AgentServiceContractTest.goodHello()),
                    "the Hello has 2 flows, more than a session may (max_flows: 1)");
            AgentServiceContractTest.stillServesOn(server.port(), AgentServiceContractTest.goodHello().toBuilder()
                    .removeFlows(1).build());
        }
    }

    @Test
    void aHelloLargerThanTheLimitIsRefusedBeforeItIsParsed() {
        int bytes = FabricMessage.newBuilder().setHello(AgentServiceContractTest.goodHello()).build().getSerializedSize();
        try (AgentServer server = serving(new SessionLimits(8, 8, 8, bytes - 1, 1 << 30, Duration.ofSeconds(30)))) {
            assertRefused(refusal(server, AgentServiceContractTest.goodHello()), "has " + bytes
                    + " bytes, more than a Hello may (max_hello_bytes: " + (bytes - 1) + ")");
        }
    }

    /** Two sessions at most: a third is refused while they are open, and served once one ended. */
    @Test
    void aSessionAboveTheLimitOfSessionsAtOnceIsRefusedAndServedWhenOneEnds() {
        try (AgentServer server = serving(ROOMY.withMaxSessions(2));
             AgentClient a = AgentClient.connect("127.0.0.1", server.port(), Duration.ofSeconds(10));
             AgentClient b = AgentClient.connect("127.0.0.1", server.port(), Duration.ofSeconds(10))) {
            a.open(AgentServiceContractTest.goodHello());
            b.open(AgentServiceContractTest.goodHello());
            assertRefused(refusal(server, AgentServiceContractTest.goodHello()),
                    "the agent server has 2 sessions open, its limit of sessions at once (max_sessions)");
            a.close();
            assertTrue(Eventually.holds(Duration.ofSeconds(10), () -> server.service().activeSessions() == 1));
            AgentServiceContractTest.stillServes(server.port());
        }
    }

    /**
     * The sessions' memory holds one session of 3 hosts and 2 flows (3 * 2048 + 2 * 1024 = 8192 bytes) and
     * the parse of a Hello (16 bytes per byte on the wire), not two sessions: the second is refused while the
     * first is open, and what the first took is given back when it ends.
     */
    @Test
    void aSessionThatWouldTakeMoreThanTheSessionsMemoryIsRefusedNamingIt() {
        int bytes = FabricMessage.newBuilder().setHello(AgentServiceContractTest.goodHello()).build().getSerializedSize();
        long memory = SessionLimits.sessionBytes(3, 2) + 16L * bytes;
        assertEquals(8192, SessionLimits.sessionBytes(3, 2));
        try (AgentServer server = serving(new SessionLimits(8, 8, 8, 1 << 20, memory, Duration.ofSeconds(30)));
             AgentClient a = AgentClient.connect("127.0.0.1", server.port(), Duration.ofSeconds(10))) {
            a.open(AgentServiceContractTest.goodHello());
            assertRefused(refusal(server, AgentServiceContractTest.goodHello()), "needs about",
                    "but the sessions' memory (memory_bytes: " + memory + " bytes) has " + (16L * bytes)
                            + " bytes left with 2 sessions open");
            a.close();
            assertTrue(Eventually.holds(Duration.ofSeconds(10), () -> server.service().activeSessions() == 0));
            AgentServiceContractTest.stillServes(server.port());
        }
    }

    /** A Resolve that runs out of memory (a topology too large for the heap) is RESOURCE_EXHAUSTED, and the next is served. */
    @Test
    void aResolveThatRunsOutOfMemoryIsResourceExhaustedAndTheServerServesOn() {
        boolean[] first = {true};
        try (AgentServer server = AgentServer.start("127.0.0.1", 0, AgentServerOptions.DEFAULTS, r -> {
            if (first[0]) {
                first[0] = false;
                throw new OutOfMemoryError("Java heap space");
            }
            return org.cosim.proto.RunSpec.getDefaultInstance();
        })) {
            String status = RawBytes.resolve(server.port(), new byte[0]);
            assertTrue(status.startsWith("RESOURCE_EXHAUSTED: resolving the scenario takes more memory than the agent "
                    + "server has (its heap: "), status);
            assertEquals("OK", RawBytes.resolve(server.port(), new byte[0]));
        }
    }
}
