package org.cosim.agents.wire;

import io.grpc.stub.StreamObserver;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.atomic.AtomicLong;
import org.cosim.proto.AgentMessage;
import org.cosim.proto.AgentServiceGrpc;
import org.cosim.proto.FabricMessage;

/**
 * The gRPC service of cosim.proto: each Session stream is an isolated
 * {@link AgentSession} with its own agents.
 */
public final class AgentService extends AgentServiceGrpc.AgentServiceImplBase implements AutoCloseable {
    private final AgentServerOptions options;
    private final ScheduledExecutorService timers = Executors.newSingleThreadScheduledExecutor(r -> {
        Thread t = new Thread(r, "cosim-agent-session-timer");
        t.setDaemon(true);
        return t;
    });
    private final Map<String, AgentSession> active = new ConcurrentHashMap<>();
    private final AtomicLong started = new AtomicLong();
    private final Map<String, String> ended = new ConcurrentHashMap<>();

    public AgentService(AgentServerOptions options) {
        this.options = options;
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
