package org.cosim.agents.wire;

import io.grpc.Server;
import io.grpc.netty.shaded.io.grpc.netty.NettyServerBuilder;
import io.grpc.netty.shaded.io.netty.channel.SelectStrategy;
import io.grpc.netty.shaded.io.netty.channel.epoll.Epoll;
import io.grpc.netty.shaded.io.netty.channel.epoll.EpollEventLoopGroup;
import io.grpc.netty.shaded.io.netty.channel.epoll.EpollServerDomainSocketChannel;
import io.grpc.netty.shaded.io.netty.channel.unix.DomainSocketAddress;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.InetSocketAddress;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.ThreadFactory;
import java.util.concurrent.TimeUnit;

/**
 * The agent server: the {@link AgentService} on a TCP port (binds to 127.0.0.1
 * unless told otherwise) or on a Unix domain socket ({@link #startUnix}). Calls run
 * on the service's threads ({@link AgentService#executor()}), not the transport's: a
 * session whose agents do not return holds its own thread, never a connection's
 * event loop. A polling server ({@link AgentServerOptions#busyPoll}), one fabric's
 * own, handles them on its event loop instead, to answer each batch without a
 * wake-up: agents that do not return there hold its only session, and the fabric's
 * deadline ends it.
 */
public final class AgentServer implements AutoCloseable {
    private final Server server;
    private final AgentService service;
    private final EpollEventLoopGroup[] loops;  // the Unix socket's own event loops, else empty
    private final Path socket;                  // the Unix socket, else null

    private AgentServer(Server server, AgentService service, Path socket, EpollEventLoopGroup... loops) {
        this.server = server;
        this.service = service;
        this.socket = socket;
        this.loops = loops;
    }

    /** Starts serving on bind:port (port 0 = any free port, see {@link #port()}); Resolve is UNIMPLEMENTED. */
    public static AgentServer start(String bind, int port, AgentServerOptions options) {
        return start(bind, port, options, null);
    }

    /** The same, answering Resolve with {@code resolver} (null: UNIMPLEMENTED). */
    public static AgentServer start(String bind, int port, AgentServerOptions options, ScenarioResolver resolver) {
        AgentService service = new AgentService(options, resolver);
        Server s = serving(NettyServerBuilder.forAddress(new InetSocketAddress(bind, port)), service, options);
        start(s, service, bind + ":" + port);
        return new AgentServer(s, service, null);
    }

    /**
     * Starts serving on a Unix domain socket at {@code path} ({@link LocalSocket}),
     * for a fabric on the same machine; {@link #close} removes the socket file.
     */
    public static AgentServer startUnix(Path path, AgentServerOptions options, ScenarioResolver resolver) {
        if (!LocalSocket.available()) {
            throw new IllegalStateException("Unix domain sockets need Netty's epoll transport, unavailable here: "
                    + Epoll.unavailabilityCause());
        }
        LocalSocket.quietKeepAliveWarning();
        AgentService service = new AgentService(options, resolver);
        EpollEventLoopGroup boss = new EpollEventLoopGroup(1);
        EpollEventLoopGroup worker = options.busyPoll()
                ? new EpollEventLoopGroup(1, (ThreadFactory) null,
                        () -> (selectNow, hasTasks) -> SelectStrategy.BUSY_WAIT)
                : new EpollEventLoopGroup(1);
        Server s = serving(NettyServerBuilder.forAddress(new DomainSocketAddress(path.toString()))
                .channelType(EpollServerDomainSocketChannel.class)
                .bossEventLoopGroup(boss)
                .workerEventLoopGroup(worker), service, options);
        try {
            start(s, service, "unix:" + path);
        } catch (UncheckedIOException e) {
            boss.shutdownGracefully();
            worker.shutdownGracefully();
            throw e;
        }
        return new AgentServer(s, service, path, boss, worker);
    }

    /** What every agent server is, whatever it listens on. */
    private static Server serving(NettyServerBuilder b, AgentService service, AgentServerOptions options) {
        TransportFailureLog.install();
        if (options.busyPoll()) {
            b.directExecutor();
        } else {
            b.executor(service.executor());
        }
        return b.addService(service)
                .maxInboundMessageSize(options.maxMessageBytes())
                .permitKeepAliveWithoutCalls(true)
                .permitKeepAliveTime(1, TimeUnit.SECONDS)
                .build();
    }

    private static void start(Server s, AgentService service, String where) {
        try {
            s.start();
        } catch (IOException e) {
            service.close();
            throw new UncheckedIOException("cannot serve agents on " + where + ": " + e.getMessage(), e);
        }
    }

    public int port() {
        return server.getPort();
    }

    public AgentService service() {
        return service;
    }

    public void awaitTermination() throws InterruptedException {
        server.awaitTermination();
    }

    @Override
    public void close() {
        server.shutdownNow();
        try {
            server.awaitTermination(5, TimeUnit.SECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
        service.close();
        // Wait for the loops to end (bounded): a polling loop keeps a core busy until it
        // does, which matters to a process that opens and closes servers and runs on.
        for (EpollEventLoopGroup g : loops) {
            g.shutdownGracefully(0, 1, TimeUnit.SECONDS);
        }
        for (EpollEventLoopGroup g : loops) {
            g.terminationFuture().awaitUninterruptibly(5, TimeUnit.SECONDS);
        }
        if (socket != null) {
            try {
                Files.deleteIfExists(socket);
            } catch (IOException ignored) {
                // a stale socket file in the temporary directory harms nothing
            }
        }
    }
}
