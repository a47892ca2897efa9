package org.cosim.runner;

import java.nio.file.Path;
import java.time.Duration;
import org.cosim.agents.wire.AgentClient;
import org.cosim.agents.wire.AgentServer;
import org.cosim.agents.wire.AgentServerOptions;
import org.cosim.agents.wire.LocalSocket;
import org.cosim.agents.wire.WireFormat;
import org.cosim.fabric.agent.AgentTransport;
import org.cosim.fabric.agent.DirectTransport;
import org.cosim.fabric.agent.GrpcTransport;
import org.cosim.fabric.agent.RecordingTransport;
import org.cosim.setup.RunSetup;

/**
 * How `cosim run` reaches the agents: {@code direct} calls them in-process;
 * {@code grpc} starts an agent server on a free loopback port and drives it
 * through the real gRPC stack, window by window. Both carry the same batches.
 */
public final class AgentTransports {
    public static final Duration DEADLINE = Duration.ofSeconds(60);

    private AgentTransports() {}

    /** A transport and the agent server it talks to (null when direct), kept until the run ends. */
    public record Opened(AgentTransport transport, AgentServer server) implements AutoCloseable {
        @Override
        public void close() {
            if (server != null) {
                server.close();
            }
        }
    }

    /** The two ways, as `--transport` names them. */
    public enum Kind { DIRECT, GRPC }

    public static Opened open(Kind kind, RunSetup setup, Path trace) {
        Opened o = switch (kind) {
            case DIRECT -> new Opened(new DirectTransport(setup.session()), null);
            case GRPC -> grpc(setup);
        };
        if (trace == null) {
            return o;
        }
        return new Opened(new RecordingTransport(o.transport(), WireFormat.hello(setup.session(), setup.scenario()),
                trace), o.server());
    }

    /** Over a Unix socket where there is one (as the OMNeT++ runner does), else loopback TCP. */
    private static Opened grpc(RunSetup setup) {
        boolean local = LocalSocket.available();
        Path sock = local ? LocalSocket.newPath() : null;
        AgentServer server = local ? AgentServer.startUnix(sock, AgentServerOptions.DEFAULTS, null)
                : AgentServer.start("127.0.0.1", 0, AgentServerOptions.DEFAULTS);
        try {
            AgentClient client = local ? AgentClient.connectUnix(sock, DEADLINE)
                    : AgentClient.connect("127.0.0.1", server.port(), DEADLINE);
            return new Opened(GrpcTransport.open(client, setup.session(), setup.scenario()), server);
        } catch (RuntimeException e) {
            server.close();
            throw e;
        }
    }
}
