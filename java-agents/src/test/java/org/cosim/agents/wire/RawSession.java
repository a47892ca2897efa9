package org.cosim.agents.wire;

import io.grpc.ManagedChannel;
import io.grpc.Status;
import io.grpc.netty.shaded.io.grpc.netty.NettyChannelBuilder;
import io.grpc.stub.StreamObserver;
import java.time.Duration;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import org.cosim.proto.AgentMessage;
import org.cosim.proto.AgentServiceGrpc;
import org.cosim.proto.FabricMessage;

/** A session stream with no client logic, to send what a well-behaved client never would. */
final class RawSession implements AutoCloseable {
    private final ManagedChannel channel;
    private final StreamObserver<FabricMessage> requests;
    private final CompletableFuture<String> error = new CompletableFuture<>();

    RawSession(int port) {
        channel = NettyChannelBuilder.forAddress("127.0.0.1", port).usePlaintext().build();
        requests = AgentServiceGrpc.newStub(channel).session(new StreamObserver<>() {
            @Override
            public void onNext(AgentMessage m) {}

            @Override
            public void onError(Throwable t) {
                Status s = Status.fromThrowable(t);
                error.complete("agent server: " + s.getCode() + ": " + s.getDescription());
            }

            @Override
            public void onCompleted() {
                error.complete("completed without error");
            }
        });
    }

    void send(FabricMessage m) {
        requests.onNext(m);
    }

    String awaitError(Duration within) {
        try {
            return error.get(within.toMillis(), TimeUnit.MILLISECONDS);
        } catch (Exception e) {
            throw new AssertionError("no error from the server within " + within, e);
        }
    }

    @Override
    public void close() {
        channel.shutdownNow();
    }
}
