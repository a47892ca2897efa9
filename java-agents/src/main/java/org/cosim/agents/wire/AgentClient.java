package org.cosim.agents.wire;

import io.grpc.ManagedChannel;
import io.grpc.Status;
import io.grpc.netty.shaded.io.grpc.netty.NettyChannelBuilder;
import io.grpc.netty.shaded.io.netty.channel.EventLoopGroup;
import io.grpc.netty.shaded.io.netty.channel.epoll.EpollDomainSocketChannel;
import io.grpc.netty.shaded.io.netty.channel.epoll.EpollEventLoopGroup;
import io.grpc.netty.shaded.io.netty.channel.unix.DomainSocketAddress;
import io.grpc.stub.StreamObserver;
import java.nio.file.Path;
import java.time.Duration;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;
import org.cosim.proto.ActionBatch;
import org.cosim.proto.AgentMessage;
import org.cosim.proto.AgentResults;
import org.cosim.proto.AgentServiceGrpc;
import org.cosim.proto.EventBatch;
import org.cosim.proto.FabricDone;
import org.cosim.proto.FabricMessage;
import org.cosim.proto.FlowResult;
import org.cosim.proto.Hello;
import org.cosim.proto.HelloAck;

/**
 * The fabric side of one session, in Java: open with a Hello, exchange one
 * EventBatch for one ActionBatch per window, finish with FabricDone. Every wait
 * has a deadline. Any failure (a status from the server, a lost connection, a
 * timeout) is an {@link AgentLinkException} naming it.
 */
public final class AgentClient implements AutoCloseable {
    private final ManagedChannel channel;
    private final boolean ownsChannel;
    private final Duration deadline;
    private final LinkedBlockingQueue<Object> inbox = new LinkedBlockingQueue<>();
    private StreamObserver<FabricMessage> requests;
    private boolean finished;
    private Hello hello;
    private int maxBatchEvents;
    private EventLoopGroup loop;  // a Unix socket client's own loop, else null

    public AgentClient(ManagedChannel channel, boolean ownsChannel, Duration deadline) {
        this.channel = channel;
        this.ownsChannel = ownsChannel;
        this.deadline = deadline;
    }

    /** A client over TCP to host:port (plaintext; the agent server is meant for loopback or a trusted network). */
    public static AgentClient connect(String host, int port, Duration deadline) {
        ManagedChannel ch = NettyChannelBuilder.forAddress(host, port).usePlaintext()
                .maxInboundMessageSize(AgentServerOptions.DEFAULTS.maxMessageBytes())
                .directExecutor().build();
        return new AgentClient(ch, true, deadline);
    }

    /** A client over a Unix domain socket ({@link LocalSocket}) to an agent server on this machine. */
    public static AgentClient connectUnix(Path socket, Duration deadline) {
        LocalSocket.quietKeepAliveWarning();
        EpollEventLoopGroup loop = new EpollEventLoopGroup(1);
        ManagedChannel ch = NettyChannelBuilder.forAddress(new DomainSocketAddress(socket.toString()))
                .channelType(EpollDomainSocketChannel.class)
                .eventLoopGroup(loop).usePlaintext()
                .maxInboundMessageSize(AgentServerOptions.DEFAULTS.maxMessageBytes())
                .directExecutor().build();
        AgentClient c = new AgentClient(ch, true, deadline);
        c.loop = loop;
        return c;
    }

    public HelloAck open(Hello hello) {
        requests = AgentServiceGrpc.newStub(channel).session(new StreamObserver<>() {
            @Override
            public void onNext(AgentMessage m) {
                inbox.add(m);
            }

            @Override
            public void onError(Throwable t) {
                inbox.add(t);
            }

            @Override
            public void onCompleted() {
                inbox.add(ENDED);  // after the final AgentResults, or instead of an answer
            }
        });
        send(FabricMessage.newBuilder().setHello(hello).build());
        AgentMessage m = receive("the HelloAck");
        if (!m.hasHelloAck()) {
            throw new AgentLinkException("the agent server answered the Hello with " + m.getKindCase());
        }
        HelloAck ack = m.getHelloAck();
        if (ack.getVersion() != hello.getVersion()) {
            throw new AgentLinkException("the agent server acknowledged contract version " + ack.getVersionValue()
                    + " for a Hello of version " + hello.getVersionValue());
        }
        if (ack.getMaxBatchEvents() < 1) {
            throw new AgentLinkException("the agent server's HelloAck says it takes batches of at most "
                    + Integer.toUnsignedString(ack.getMaxBatchEvents()) + " events (max_batch_events must be >= 1)");
        }
        this.hello = hello;
        this.maxBatchEvents = ack.getMaxBatchEvents();
        return ack;
    }

    public ActionBatch exchange(EventBatch events) {
        if (Integer.toUnsignedLong(events.getEventsCount()) > Integer.toUnsignedLong(maxBatchEvents)) {
            throw new AgentLinkException("the window at " + events.getWindowStartPs() + " ps has "
                    + events.getEventsCount() + " events, more than the agent server takes (its HelloAck's "
                    + "max_batch_events: " + Integer.toUnsignedString(maxBatchEvents) + ")");
        }
        send(FabricMessage.newBuilder().setEvents(events).build());
        AgentMessage m = receive("the actions of the window at " + events.getWindowStartPs() + " ps");
        if (!m.hasActions()) {
            throw new AgentLinkException("the agent server answered a window with " + m.getKindCase());
        }
        requireWindow(events.getWindowStartPs(), m.getActions());
        return m.getActions();
    }

    /** The answer is for the window the fabric asked about, the one starting at {@code windowStartPs}. */
    public static void requireWindow(long windowStartPs, ActionBatch answer) {
        if (answer.getWindowStartPs() != windowStartPs) {
            throw new AgentLinkException("the agent server answered the window at " + windowStartPs
                    + " ps with the actions of the window at " + answer.getWindowStartPs() + " ps");
        }
    }

    public AgentResults finish(FabricDone done) {
        send(FabricMessage.newBuilder().setDone(done).build());
        AgentMessage m = receive("the AgentResults");
        if (!m.hasResults()) {
            throw new AgentLinkException("the agent server answered FabricDone with " + m.getKindCase());
        }
        finished = true;
        requests.onCompleted();
        checkResults(m.getResults(), done.getEndTimePs());
        return m.getResults();
    }

    /** One FlowResult per flow of the Hello, in order, each finished within the run or not at all. */
    private void checkResults(AgentResults r, long endPs) {
        if (r.getFlowsCount() != hello.getFlowsCount()) {
            throw new AgentLinkException("the agent server's AgentResults has " + r.getFlowsCount()
                    + " flows for a Hello of " + hello.getFlowsCount());
        }
        for (int i = 0; i < r.getFlowsCount(); i++) {
            FlowResult f = r.getFlows(i);
            if (f.getFlow() != i) {
                throw new AgentLinkException("the agent server's AgentResults.flows[" + i + "] is about flow "
                        + Integer.toUnsignedString(f.getFlow()) + " (flows come in order)");
            }
            long t = f.getFinishTimePs();
            if (f.getFinished() ? t < 0 || t > endPs : t != 0) {
                throw new AgentLinkException("the agent server's AgentResults.flows[" + i + "] has finish_time_ps "
                        + t + (f.getFinished() ? ", outside the run [0, " + endPs + "] ps" : " for a flow not finished"));
            }
        }
        if (r.hasFlowStates()) {
            try {
                WireFormat.fromProto(r.getFlowStates());
            } catch (org.cosim.agents.host.ContractViolation e) {
                throw new AgentLinkException("the agent server's " + e.getMessage());
            }
        }
    }

    private void send(FabricMessage m) {
        if (requests == null) {
            throw new IllegalStateException("open() the session first");
        }
        try {
            requests.onNext(m);
        } catch (RuntimeException e) {
            throw new AgentLinkException("cannot send to the agent server: " + e.getMessage(), e);
        }
    }

    /** What the inbox holds once the server has ended the stream without an error. */
    private static final Object ENDED = new Object();

    private AgentMessage receive(String what) {
        Object o;
        try {
            o = inbox.poll(deadline.toNanos(), TimeUnit.NANOSECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new AgentLinkException("interrupted while waiting for " + what, e);
        }
        if (o == null) {
            throw new AgentLinkException("no answer from the agent server within " + deadline.toMillis()
                    + " ms (waiting for " + what + ")");
        }
        if (o == ENDED) {
            throw new AgentLinkException("agent server: OK: it ended the session without " + what);
        }
        if (o instanceof Throwable t) {
            Status s = Status.fromThrowable(t);
            throw new AgentLinkException("agent server: " + s.getCode() + ": " + s.getDescription(), t);
        }
        return (AgentMessage) o;
    }

    @Override
    public void close() {
        if (requests != null && !finished) {
            try {
                requests.onError(Status.CANCELLED.withDescription("fabric side closed the session")
                        .asRuntimeException());
            } catch (RuntimeException ignored) {
                // already broken
            }
        }
        if (ownsChannel) {
            channel.shutdownNow();
            try {
                channel.awaitTermination(5, TimeUnit.SECONDS);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        }
        if (loop != null) {
            loop.shutdownGracefully(0, 1, TimeUnit.SECONDS);
        }
    }
}
