package org.cosim.agents.wire;

import io.grpc.Status;
import io.grpc.StatusRuntimeException;
import java.util.logging.Handler;
import java.util.logging.Level;
import java.util.logging.LogRecord;
import java.util.logging.Logger;

/**
 * When something that is not a gRPC client connects to the agent server (an HTTP/1
 * request, a port scanner, a fabric speaking the wrong protocol), Netty closes the
 * connection and logs a 25-line stack trace at INFO. The server stays up and the
 * trace says nothing the exception's message does not, so this prints that message
 * on one line instead, naming the server. The same for the two ways a peer breaks a
 * session stream under gRPC itself, which Netty logs as WARNINGs with 40-line traces:
 * a message gRPC refuses (larger than the server takes, or not a message at all), and
 * a stream the peer resets while the server still writes an answer to it.
 */
final class TransportFailureLog extends Handler {
    /** Held here: java.util.logging keeps loggers weakly, and a collected one forgets its handlers. */
    private static final Logger TRANSPORT =
            Logger.getLogger("io.grpc.netty.shaded.io.grpc.netty.NettyServerTransport");
    private static final Logger STREAM = Logger.getLogger("io.grpc.netty.shaded.io.grpc.netty.NettyServerStream");
    private static final Logger HANDLER = Logger.getLogger("io.grpc.netty.shaded.io.grpc.netty.NettyServerHandler");
    private static boolean installed;
    private final String what;  // what the server did
    private final String hint;  // the likely cause, when the exception does not say

    private TransportFailureLog(String what, String hint) {
        this.what = what;
        this.hint = hint;
    }

    /** Idempotent: every server of the process shares the loggers. */
    static synchronized void install() {
        if (!installed) {
            quiet(TRANSPORT, "closed a connection", " (a peer that is not a gRPC client?)");
            quiet(STREAM, "refused a message", "");
            quiet(HANDLER, "a stream broke", " (the peer reset it under an answer: it went away, or the answer "
                    + "was larger than it takes)");
            installed = true;
        }
    }

    private static void quiet(Logger logger, String what, String hint) {
        logger.setUseParentHandlers(false);
        logger.addHandler(new TransportFailureLog(what, hint));
    }

    @Override
    public void publish(LogRecord r) {
        if (r.getLevel().intValue() < Level.INFO.intValue()) {
            return;
        }
        System.err.println("agent server: " + what + ": " + describe(r, hint));
    }

    /** The exception's message, or the gRPC status the peer got (RESOURCE_EXHAUSTED: gRPC message exceeds ...). */
    static String describe(LogRecord r, String hint) {
        Throwable t = r.getThrown();
        if (t == null) {
            return String.valueOf(r.getMessage());
        }
        if (t instanceof StatusRuntimeException) {
            Status s = Status.fromThrowable(t);
            return s.getCode() + (s.getDescription() == null ? "" : ": " + s.getDescription());
        }
        String message = t.getMessage() == null ? "" : ": " + t.getMessage();
        return t.getClass().getSimpleName() + message + hint;
    }

    @Override
    public void flush() {
        System.err.flush();
    }

    @Override
    public void close() {}
}
