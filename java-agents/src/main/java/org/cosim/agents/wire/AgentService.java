package org.cosim.agents.wire;

import io.grpc.stub.StreamObserver;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.atomic.AtomicLong;
import io.grpc.Status;
import org.cosim.proto.AgentMessage;
import org.cosim.proto.AgentServiceGrpc;
import org.cosim.proto.FabricMessage;
import org.cosim.proto.ResolveRequest;
import org.cosim.proto.RunSpec;
import org.cosim.scenario.ScenarioException;

/**
 * The gRPC service of cosim.proto: each Session stream is an isolated
 * {@link AgentSession} with its own agents; Resolve answers with the fabric's
 * resolver when the server was given one.
 */
public final class AgentService extends AgentServiceGrpc.AgentServiceImplBase implements AutoCloseable {
    private final AgentServerOptions options;
    private final ScenarioResolver resolver;
    private final ScheduledExecutorService timers = Executors.newSingleThreadScheduledExecutor(r -> {
        Thread t = new Thread(r, "cosim-agent-session-timer");
        t.setDaemon(true);
        return t;
    });
    private final Map<String, AgentSession> active = new ConcurrentHashMap<>();
    private final AtomicLong started = new AtomicLong();
    private final Map<String, String> ended = new ConcurrentHashMap<>();

    public AgentService(AgentServerOptions options) {
        this(options, null);
    }

    /** {@code resolver} null: Resolve answers UNIMPLEMENTED. */
    public AgentService(AgentServerOptions options, ScenarioResolver resolver) {
        this.options = options;
        this.resolver = resolver;
    }

    @Override
    public void resolve(ResolveRequest request, StreamObserver<RunSpec> response) {
        if (resolver == null) {
            response.onError(Status.UNIMPLEMENTED.withDescription("this agent server resolves no scenarios "
                    + "(it was started without the fabric's resolver; `cosim agents` has one)").asRuntimeException());
            return;
        }
        RunSpec spec;
        try {
            spec = resolver.resolve(request);
        } catch (ScenarioException e) {
            response.onError(Status.INVALID_ARGUMENT.withDescription("bad scenario: " + e.getMessage())
                    .asRuntimeException());
            return;
        } catch (RuntimeException e) {
            response.onError(Status.INTERNAL.withDescription("cannot resolve the scenario: " + e).withCause(e)
                    .asRuntimeException());
            return;
        }
        response.onNext(spec);
        response.onCompleted();
    }

    @Override
    public StreamObserver<FabricMessage> session(StreamObserver<AgentMessage> responses) {
        String id = "s" + started.incrementAndGet();
        AgentSession s = new AgentSession(id, responses, options, timers, this::closed);
        active.put(id, s);
        return s;
    }

    private void closed(AgentSession s) {
        active.remove(s.id());
        ended.put(s.id(), s.endReason());
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
        timers.shutdownNow();
    }
}
