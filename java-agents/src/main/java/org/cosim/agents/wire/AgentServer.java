package org.cosim.agents.wire;

import io.grpc.Server;
import io.grpc.netty.shaded.io.grpc.netty.NettyServerBuilder;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.InetSocketAddress;
import java.util.concurrent.TimeUnit;

/**
 * The agent server: the {@link AgentService} on a TCP port. Binds to 127.0.0.1
 * unless told otherwise. Calls run on the transport's threads (direct executor):
 * agent code never blocks, and a hand-off per window would cost more than the
 * agents' work.
 */
public final class AgentServer implements AutoCloseable {
    private final Server server;
    private final AgentService service;

    private AgentServer(Server server, AgentService service) {
        this.server = server;
        this.service = service;
    }

    /** Starts serving on bind:port (port 0 = any free port, see {@link #port()}); Resolve is UNIMPLEMENTED. */
    public static AgentServer start(String bind, int port, AgentServerOptions options) {
        return start(bind, port, options, null);
    }

    /** The same, answering Resolve with {@code resolver} (null: UNIMPLEMENTED). */
    public static AgentServer start(String bind, int port, AgentServerOptions options, ScenarioResolver resolver) {
        AgentService service = new AgentService(options, resolver);
        Server s = NettyServerBuilder.forAddress(new InetSocketAddress(bind, port))
                .addService(service)
                .directExecutor()
                .maxInboundMessageSize(options.maxMessageBytes())
                .permitKeepAliveWithoutCalls(true)
                .permitKeepAliveTime(1, TimeUnit.SECONDS)
                .build();
        try {
            s.start();
        } catch (IOException e) {
            service.close();
            throw new UncheckedIOException("cannot serve agents on " + bind + ":" + port + ": " + e.getMessage(), e);
        }
        return new AgentServer(s, service);
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
    }
}
