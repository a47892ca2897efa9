package org.cosim.agents.wire;

import java.util.logging.Handler;
import java.util.logging.Level;
import java.util.logging.LogRecord;
import java.util.logging.Logger;

/**
 * When something that is not a gRPC client connects to the agent server (an HTTP/1
 * request, a port scanner, a fabric speaking the wrong protocol), Netty closes the
 * connection and logs a 25-line stack trace at INFO. The server stays up and the
 * trace says nothing the exception's message does not, so this prints that message
 * on one line instead, naming the server.
 */
final class TransportFailureLog extends Handler {
    /** Held here: java.util.logging keeps loggers weakly, and a collected one forgets its handlers. */
    private static final Logger TRANSPORT =
            Logger.getLogger("io.grpc.netty.shaded.io.grpc.netty.NettyServerTransport");
    private static boolean installed;

    /** Idempotent: every server of the process shares the logger. */
    static synchronized void install() {
        if (!installed) {
            TRANSPORT.setUseParentHandlers(false);
            TRANSPORT.addHandler(new TransportFailureLog());
            installed = true;
        }
    }

    @Override
    public void publish(LogRecord r) {
        if (r.getLevel().intValue() < Level.INFO.intValue()) {
            return;
        }
        System.err.println("agent server: closed a connection: " + describe(r));
    }

    static String describe(LogRecord r) {
        Throwable t = r.getThrown();
        if (t == null) {
            return String.valueOf(r.getMessage());
        }
        String message = t.getMessage() == null ? "" : ": " + t.getMessage();
        return t.getClass().getSimpleName() + message + " (a peer that is not a gRPC client?)";
    }

    @Override
    public void flush() {
        System.err.flush();
    }

    @Override
    public void close() {}
}
