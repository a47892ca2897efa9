package org.cosim.agents.wire;

import io.grpc.BindableService;
import io.grpc.MethodDescriptor;
import io.grpc.ServerServiceDefinition;
import io.grpc.Status;
import io.grpc.stub.ServerCalls;
import io.grpc.stub.StreamObserver;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.Semaphore;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;
import org.cosim.proto.AgentMessage;
import org.cosim.proto.AgentServiceGrpc;
import org.cosim.proto.FabricMessage;
import org.cosim.proto.ResolveRequest;
import org.cosim.proto.RunSpec;
import org.cosim.scenario.ScenarioException;

/**
 * The gRPC service of cosim.proto: each Session stream is an isolated
 * {@link AgentSession} with its own agents; Resolve answers with the fabric's
 * resolver when the server was given one. Each call's messages are handled in
 * order on a thread of {@link #executor()} (gRPC serializes a call's callbacks), so
 * agents that do not return hold their own session's thread only; a watchdog thread
 * ends sessions that are idle or whose agents run past their budget, without
 * waiting on them. Sessions, their size and their memory are capped
 * ({@link SessionLimits}). Resolve requests are served one at a time, and one that
 * runs out of memory is RESOURCE_EXHAUSTED saying so.
 */
public final class AgentService implements BindableService, AutoCloseable {
    private final AgentServerOptions options;
    private final ScenarioResolver resolver;
    private final ScheduledExecutorService watchdog = Executors.newSingleThreadScheduledExecutor(
            r -> daemon(r, "cosim-agent-session-watchdog"));
    private final AtomicInteger threads = new AtomicInteger();
    private final ExecutorService work = Executors.newCachedThreadPool(
            r -> daemon(r, "cosim-agent-work-" + threads.incrementAndGet()));
    private final Map<String, AgentSession> active = new ConcurrentHashMap<>();
    private final AtomicInteger open = new AtomicInteger();
    private final AtomicLong reservedBytes = new AtomicLong();
    private final AtomicLong started = new AtomicLong();
    private final Semaphore resolving = new Semaphore(1);  // one Resolve at a time: each may hold a whole topology
    private final Map<String, String> ended = new ConcurrentHashMap<>();

    public AgentService(AgentServerOptions options) {
        this(options, null);
    }

    /** {@code resolver} null: Resolve answers UNIMPLEMENTED. */
    public AgentService(AgentServerOptions options, ScenarioResolver resolver) {
        this.options = options;
        this.resolver = resolver;
    }

    private static Thread daemon(Runnable r, String name) {
        Thread t = new Thread(r, name);
        t.setDaemon(true);
        return t;
    }

    /** Where the calls' messages are handled: the server's executor. */
    public ExecutorService executor() {
        return work;
    }

    @Override
    public ServerServiceDefinition bindService() {
        MethodDescriptor<FabricMessage, AgentMessage> session = AgentServiceGrpc.getSessionMethod();
        MethodDescriptor<ResolveRequest, RunSpec> resolve = AgentServiceGrpc.getResolveMethod();
        return ServerServiceDefinition.builder(AgentServiceGrpc.SERVICE_NAME)
                .addMethod(session.toBuilder(Received.marshaller(session.getRequestMarshaller(), false),
                        session.getResponseMarshaller()).build(), ServerCalls.asyncBidiStreamingCall(this::session))
                .addMethod(resolve.toBuilder(Received.marshaller(resolve.getRequestMarshaller(), true),
                        resolve.getResponseMarshaller()).build(), ServerCalls.asyncUnaryCall(this::resolve))
                .build();
    }

    void resolve(Received<ResolveRequest> received, StreamObserver<RunSpec> response) {
        if (resolver == null) {
            response.onError(Status.UNIMPLEMENTED.withDescription("this agent server resolves no scenarios "
                    + "(it was started without the fabric's resolver; `cosim agents` has one)").asRuntimeException());
            return;
        }
        RunSpec spec;
        resolving.acquireUninterruptibly();
        try {
            spec = resolver.resolve(received.parse("the ResolveRequest"));
        } catch (OutOfMemoryError e) {
            response.onError(Status.RESOURCE_EXHAUSTED.withDescription("resolving the scenario takes more memory "
                    + "than the agent server has (its heap: " + size(Runtime.getRuntime().maxMemory())
                    + "): a smaller topology, or a server with a larger heap").asRuntimeException());
            return;
        } catch (Received.Unparsable e) {
            AgentSession.log("Resolve", e.getMessage());
            response.onError(e.status().asRuntimeException());
            return;
        } catch (ScenarioException e) {
            response.onError(Status.INVALID_ARGUMENT.withDescription("bad scenario: " + e.getMessage())
                    .asRuntimeException());
            return;
        } catch (RuntimeException e) {
            response.onError(Status.INTERNAL.withDescription("cannot resolve the scenario: " + e).withCause(e)
                    .asRuntimeException());
            return;
        } finally {
            resolving.release();
        }
        response.onNext(spec);
        response.onCompleted();
    }

    StreamObserver<Received<FabricMessage>> session(StreamObserver<AgentMessage> responses) {
        int max = options.limits().maxSessions();
        if (open.incrementAndGet() > max) {
            open.decrementAndGet();
            responses.onError(Status.RESOURCE_EXHAUSTED.withDescription("the agent server has " + max
                    + " sessions open, its limit of sessions at once (max_sessions)").asRuntimeException());
            return new StreamObserver<>() {
                @Override
                public void onNext(Received<FabricMessage> m) {}

                @Override
                public void onError(Throwable t) {}

                @Override
                public void onCompleted() {}
            };
        }
        String id = "s" + started.incrementAndGet();
        AgentSession s = new AgentSession(id, responses, options, watchdog, this);
        active.put(id, s);
        return s;
    }

    /**
     * Takes {@code bytes} of the memory the sessions share, or says why not: the
     * reason, naming the limit, or null when taken.
     */
    String reserve(long bytes, String what) {
        long limit = options.limits().memoryBytes();
        for (;;) {
            long now = reservedBytes.get();
            if (bytes > limit - now) {
                return what + " needs about " + size(bytes) + ", but the sessions' memory (memory_bytes: "
                        + size(limit) + ") has " + size(limit - now) + " left with " + open.get()
                        + " sessions open";
            }
            if (reservedBytes.compareAndSet(now, now + bytes)) {
                return null;
            }
        }
    }

    void release(long bytes) {
        reservedBytes.addAndGet(-bytes);
    }

    private static String size(long bytes) {
        return bytes < 10 << 20 ? bytes + " bytes" : (bytes >> 20) + " MiB";
    }

    void closed(AgentSession s) {
        active.remove(s.id());
        ended.put(s.id(), s.endReason());
        open.decrementAndGet();
    }

    public int activeSessions() {
        return active.size();
    }

    public long sessionsStarted() {
        return started.get();
    }

    /** Why a finished session ended ("done", or the problem), by session id. */
    public String endReason(String sessionId) {
        return ended.get(sessionId);
    }

    @Override
    public void close() {
        watchdog.shutdownNow();
        work.shutdown();
    }
}
