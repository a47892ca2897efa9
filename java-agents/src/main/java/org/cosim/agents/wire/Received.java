package org.cosim.agents.wire;

import io.grpc.MethodDescriptor.Marshaller;
import io.grpc.Status;
import io.grpc.StatusRuntimeException;
import java.io.IOException;
import java.io.InputStream;
import java.util.function.Supplier;

/**
 * A message as it came off the wire, parsed when its handler asks: the handler
 * knows what the message should be and how large it may be, and answers a message
 * that does not parse with INVALID_ARGUMENT naming it instead of gRPC's UNKNOWN.
 * A streamed message is read during the handler's call only, as gRPC closes its
 * stream after; a unary call's message reaches its handler after that, so it is
 * read at once and its failure kept.
 */
final class Received<T> {
    private final Supplier<T> message;  // throws gRPC's StatusRuntimeException for bytes that do not parse
    private final int bytes;

    private Received(Supplier<T> message, int bytes) {
        this.message = message;
        this.bytes = bytes;
    }

    /** Marshals {@code Received<T>} for a method whose messages {@code parser} reads; {@code now}: read at once. */
    static <T> Marshaller<Received<T>> marshaller(Marshaller<T> parser, boolean now) {
        return new Marshaller<>() {
            @Override
            public InputStream stream(Received<T> value) {
                throw new UnsupportedOperationException("the server only receives these");
            }

            @Override
            public Received<T> parse(InputStream stream) {
                int bytes = available(stream);
                if (!now) {
                    return new Received<>(() -> parser.parse(stream), bytes);
                }
                try {
                    T value = parser.parse(stream);
                    return new Received<>(() -> value, bytes);
                } catch (StatusRuntimeException e) {
                    return new Received<>(() -> {
                        throw e;
                    }, bytes);
                }
            }
        };
    }

    private static int available(InputStream s) {
        try {
            return s.available();
        } catch (IOException e) {
            return 0;
        }
    }

    /** The message's size on the wire. */
    int bytes() {
        return bytes;
    }

    /** The message; one that does not parse is a {@link Unparsable} naming {@code what}. */
    T parse(String what) {
        try {
            return message.get();
        } catch (StatusRuntimeException e) {
            Throwable cause = e.getCause() != null ? e.getCause() : e;
            throw new Unparsable(what + " does not parse: " + cause.getMessage());
        }
    }

    /** A message that is not one: said as INVALID_ARGUMENT. */
    static final class Unparsable extends RuntimeException {
        private static final long serialVersionUID = 1L;

        Unparsable(String message) {
            super(message);
        }

        Status status() {
            return Status.INVALID_ARGUMENT.withDescription(getMessage());
        }
    }
}
