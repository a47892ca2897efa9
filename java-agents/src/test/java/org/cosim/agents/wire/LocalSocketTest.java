package org.cosim.agents.wire;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.nio.file.Files;
import java.nio.file.Path;
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
}
