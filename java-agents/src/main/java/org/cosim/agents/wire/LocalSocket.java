package org.cosim.agents.wire;

import io.grpc.netty.shaded.io.netty.channel.epoll.Epoll;
import java.nio.file.Path;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.logging.Level;
import java.util.logging.Logger;

/**
 * A Unix domain socket for a fabric and its agent server on the same machine:
 * the same gRPC stream without the TCP stack in between (measured on the NDP
 * 128-host permutation on OMNeT++: about 14% less time in agent exchanges than
 * over loopback TCP, docs/speed.md). Needs Netty's epoll transport (Linux);
 * where it is missing, callers use TCP.
 */
public final class LocalSocket {
    private static final AtomicInteger NEXT = new AtomicInteger();
    /** Held here: java.util.logging keeps loggers weakly, and a collected one forgets its level. */
    private static final Logger BOOTSTRAP =
            Logger.getLogger("io.grpc.netty.shaded.io.netty.bootstrap");

    private LocalSocket() {}

    public static boolean available() {
        return Epoll.isAvailable();
    }

    /**
     * A fresh socket path in the temporary directory, unique to this process and
     * call (sockets paths are limited to about 100 bytes, so not in a results folder).
     */
    public static Path newPath() {
        return Path.of(System.getProperty("java.io.tmpdir"), "cosim-agents-" + ProcessHandle.current().pid() + "-"
                + NEXT.incrementAndGet() + ".sock");
    }

    /**
     * gRPC asks every connection for TCP keep-alive, which a Unix socket does not
     * have; Netty would print a warning on stderr for each one.
     */
    static void quietKeepAliveWarning() {
        BOOTSTRAP.setLevel(Level.SEVERE);
    }

    /** The gRPC target naming the socket (C++ and Java clients both read it). */
    public static String target(Path socket) {
        return "unix:" + socket.toAbsolutePath();
    }
}
