package org.cosim.agents.wire;

import io.grpc.CallOptions;
import io.grpc.ManagedChannel;
import io.grpc.MethodDescriptor;
import io.grpc.Status;
import io.grpc.netty.shaded.io.grpc.netty.NettyChannelBuilder;
import io.grpc.stub.ClientCalls;
import io.grpc.stub.StreamObserver;
import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.time.Duration;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;
import org.cosim.proto.AgentMessage;
import org.cosim.proto.AgentServiceGrpc;

/**
 * A session stream that sends bytes, not messages: garbage, truncated or
 * bit-flipped messages reach the server as they are. Each answer is an
 * AgentMessage, the final status ("INVALID_ARGUMENT: ..."), or "completed".
 */
final class RawBytes implements AutoCloseable {
    static final MethodDescriptor.Marshaller<byte[]> BYTES = new MethodDescriptor.Marshaller<>() {
        @Override
        public InputStream stream(byte[] value) {
            return new ByteArrayInputStream(value);
        }

        @Override
        public byte[] parse(InputStream stream) {
            try {
                return stream.readAllBytes();
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
        }
    };

    private final ManagedChannel channel;
    private final StreamObserver<byte[]> requests;
    private final LinkedBlockingQueue<Object> answers = new LinkedBlockingQueue<>();

    RawBytes(int port) {
        channel = NettyChannelBuilder.forAddress("127.0.0.1", port).usePlaintext().build();
        MethodDescriptor<byte[], byte[]> session = AgentServiceGrpc.getSessionMethod().toBuilder(BYTES, BYTES).build();
        requests = ClientCalls.asyncBidiStreamingCall(channel.newCall(session, CallOptions.DEFAULT),
                new StreamObserver<>() {
                    @Override
                    public void onNext(byte[] m) {
                        try {
                            answers.add(AgentMessage.parseFrom(m));
                        } catch (IOException e) {
                            answers.add("an answer that does not parse");
                        }
                    }

                    @Override
                    public void onError(Throwable t) {
                        Status s = Status.fromThrowable(t);
                        answers.add(s.getCode() + ": " + s.getDescription());
                    }

                    @Override
                    public void onCompleted() {
                        answers.add("completed");
                    }
                });
    }

    void send(byte[] message) {
        requests.onNext(message);
    }

    /** Ends the stream from this side (no FabricDone need have come). */
    void halfClose() {
        requests.onCompleted();
    }

    /** The next answer, or null if none came within {@code within}. */
    Object next(Duration within) {
        try {
            return answers.poll(within.toMillis(), TimeUnit.MILLISECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return null;
        }
    }

    /** The session's final status, skipping answers before it; null if none came within {@code within}. */
    String status(Duration within) {
        long end = System.nanoTime() + within.toNanos();
        for (Object o; (o = next(Duration.ofNanos(Math.max(0, end - System.nanoTime())))) != null; ) {
            if (o instanceof String s) {
                return s;
            }
        }
        return null;
    }

    /** Unary Resolve with {@code request} as its bytes: the status, or "OK". */
    static String resolve(int port, byte[] request) {
        ManagedChannel ch = NettyChannelBuilder.forAddress("127.0.0.1", port).usePlaintext().build();
        try {
            MethodDescriptor<byte[], byte[]> m = AgentServiceGrpc.getResolveMethod().toBuilder(BYTES, BYTES).build();
            ClientCalls.blockingUnaryCall(ch, m, CallOptions.DEFAULT.withDeadlineAfter(10, TimeUnit.SECONDS), request);
            return "OK";
        } catch (io.grpc.StatusRuntimeException e) {
            return e.getStatus().getCode() + ": " + e.getStatus().getDescription();
        } finally {
            ch.shutdownNow();
        }
    }

    @Override
    public void close() {
        channel.shutdownNow();
    }
}
