package org.cosim.agents.wire;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import org.cosim.proto.ActionBatch;
import org.cosim.proto.FabricDone;
import org.junit.jupiter.api.Test;

/** The agent server on a Unix socket: served while open, the socket file gone after close. */
class LocalSocketTest {
    @Test
    void pathsAreFreshAndTargetsNameTheSocket() {
        Path a = LocalSocket.newPath();
        Path b = LocalSocket.newPath();
        assertNotEquals(a, b);
        assertTrue(a.toString().length() < 100, "socket paths are limited to about 100 bytes: " + a);
        assertEquals("unix:" + a.toAbsolutePath(), LocalSocket.target(a));
    }

    @Test
    void aServerOnASocketIsReachableAndCleansUp() {
        assumeTrue(LocalSocket.available(), "no epoll here: the runners use TCP");
        Path sock = LocalSocket.newPath();
        AgentServer server = AgentServer.startUnix(sock, AgentServerOptions.DEFAULTS, null);
        try {
            assertTrue(Files.exists(sock), "socket file " + sock);
        } finally {
            server.close();
        }
        assertFalse(Files.exists(sock), "socket file removed on close");
    }

    /** The OMNeT++ runner's own server: its event loop polls, serves a session, and stops on close. */
    @Test
    void aBusyPollingServerServesASessionAndStopsPolling() throws InterruptedException {
        assumeTrue(LocalSocket.available(), "no epoll here: the runners use TCP");
        Path sock = LocalSocket.newPath();
        long loopsBefore = pollingLoops();
        AgentServer server = AgentServer.startUnix(sock, AgentServerOptions.DEFAULTS.withBusyPoll(), null);
        try (AgentClient c = AgentClient.connectUnix(sock, Duration.ofSeconds(10))) {
            c.open(AgentServiceContractTest.goodHello());
            ActionBatch a = c.exchange(AgentServiceContractTest.window(0, AgentServiceContractTest.arrival(10, 1, 0)));
            assertTrue(a.getActionsCount() > 0, "a flow arrival makes TIMELY send");
            assertEquals(2, c.finish(FabricDone.newBuilder().setEndTimePs(2_000_000).build()).getFlowsCount());
            assertTrue(pollingLoops() > loopsBefore, "the server runs its own event loops");
        } finally {
            server.close();
        }
        // close() waits for the loops' termination futures; the thread itself may still be exiting
        // then: wait (up to 5 s) for it to end, not a fixed time.
        for (int i = 0; i < 100 && pollingLoops() > loopsBefore; i++) {
            Thread.sleep(50);
        }
        assertEquals(loopsBefore, pollingLoops(), "the polling event loop thread ends with the server");
    }

    /** Live threads of Netty epoll event-loop groups (the server's, and a Unix-socket client's). */
    private static long pollingLoops() {
        return Thread.getAllStackTraces().keySet().stream()
                .filter(t -> t.isAlive() && t.getName().startsWith("epollEventLoopGroup")).count();
    }
}
