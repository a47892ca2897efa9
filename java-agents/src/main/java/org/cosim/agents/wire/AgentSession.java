package org.cosim.agents.wire;

import io.grpc.Status;
import io.grpc.stub.ServerCallStreamObserver;
import io.grpc.stub.StreamObserver;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.ScheduledFuture;
import java.util.concurrent.TimeUnit;
import java.util.function.Consumer;
import org.cosim.agents.api.ActionBatch;
import org.cosim.agents.api.EventBatch;
import org.cosim.agents.host.AgentHost;
import org.cosim.agents.host.ContractViolation;
import org.cosim.agents.host.SessionSpec;
import org.cosim.proto.AgentMessage;
import org.cosim.proto.AgentResults;
import org.cosim.proto.FabricDone;
import org.cosim.proto.FabricMessage;
import org.cosim.proto.FlowResult;
import org.cosim.proto.HelloAck;

/**
 * The server side of one session stream: Hello, then one ActionBatch per
 * EventBatch, then AgentResults for FabricDone. A peer that breaks the contract
 * gets a status naming the problem (INVALID_ARGUMENT, FAILED_PRECONDITION,
 * RESOURCE_EXHAUSTED) and the session ends; other sessions are untouched. A
 * session idle for longer than the timeout ends with DEADLINE_EXCEEDED; a peer
 * that disappears (cancel, broken connection) just ends the session.
 */
final class AgentSession implements StreamObserver<FabricMessage> {
    private enum State { AWAIT_HELLO, RUNNING, CLOSED }

    private final String id;
    private final ServerCallStreamObserver<AgentMessage> out;
    private final AgentServerOptions options;
    private final Consumer<AgentSession> onClose;
    private final ScheduledFuture<?> idleCheck;
    private final EventBatch events = new EventBatch();
    private final ActionBatch actions = new ActionBatch();
    private State state = State.AWAIT_HELLO;
    private AgentHost agents;
    private volatile long lastActivityNanos = System.nanoTime();
    private String endReason = "open";

    AgentSession(String id, StreamObserver<AgentMessage> out, AgentServerOptions options,
                 ScheduledExecutorService timers, Consumer<AgentSession> onClose) {
        this.id = id;
        this.out = (ServerCallStreamObserver<AgentMessage>) out;
        this.options = options;
        this.onClose = onClose;
        this.out.setOnCancelHandler(() -> close("the fabric side went away"));
        long period = Math.max(10, options.idleTimeout().toMillis() / 4);
        this.idleCheck = timers.scheduleAtFixedRate(this::checkIdle, period, period, TimeUnit.MILLISECONDS);
    }

    String id() {
        return id;
    }

    synchronized String endReason() {
        return endReason;
    }

    @Override
    public synchronized void onNext(FabricMessage m) {
        if (state == State.CLOSED) {
            return;
        }
        lastActivityNanos = System.nanoTime();
        try {
            switch (m.getKindCase()) {
                case HELLO -> hello(m);
                case EVENTS -> events(m);
                case DONE -> done(m.getDone());
                case KIND_NOT_SET -> throw new ContractViolation("a FabricMessage with nothing in it");
            }
        } catch (ContractViolation e) {
            fail(Status.INVALID_ARGUMENT.withDescription(e.getMessage()));
        } catch (OutOfOrder e) {
            fail(Status.FAILED_PRECONDITION.withDescription(e.getMessage()));
        } catch (RuntimeException e) {
            fail(Status.INTERNAL.withDescription("agent side failed: " + e).withCause(e));
        }
    }

    private void hello(FabricMessage m) {
        if (state != State.AWAIT_HELLO) {
            throw new OutOfOrder("a second Hello in session " + id);
        }
        SessionSpec spec = WireFormat.sessionSpec(m.getHello(), options.runsLawCode());
        agents = new AgentHost(spec);
        state = State.RUNNING;
        out.onNext(AgentMessage.newBuilder().setHelloAck(HelloAck.newBuilder().setVersion(WireFormat.VERSION)
                .setSessionId(id).setMaxBatchEvents(options.maxBatchEvents())).build());
    }

    private void events(FabricMessage m) {
        if (state != State.RUNNING) {
            throw new OutOfOrder("an EventBatch before the Hello");
        }
        int n = m.getEvents().getEventsCount();
        if (n > options.maxBatchEvents()) {
            fail(Status.RESOURCE_EXHAUSTED.withDescription("oversized batch: " + n + " events in the window at "
                    + m.getEvents().getWindowStartPs() + " ps, the limit is " + options.maxBatchEvents()));
            return;
        }
        WireFormat.fromProto(m.getEvents(), events);
        agents.process(events, actions);
        out.onNext(AgentMessage.newBuilder().setActions(WireFormat.toProto(actions)).build());
    }

    private void done(FabricDone d) {
        if (state != State.RUNNING) {
            throw new OutOfOrder("FabricDone before the Hello");
        }
        agents.finish(d.getEndTimePs());
        AgentResults.Builder r = AgentResults.newBuilder();
        for (int f = 0; f < agents.flowCount(); f++) {
            long t = agents.finishedAt(f);
            r.addFlows(FlowResult.newBuilder().setFlow(f).setFinished(t >= 0).setFinishTimePs(Math.max(t, 0)));
        }
        if (agents.flowStates() != null) {
            r.setFlowStates(WireFormat.toProto(agents.flowStates()));
        }
        out.onNext(AgentMessage.newBuilder().setResults(r).build());
        out.onCompleted();
        close("done");
    }

    @Override
    public synchronized void onError(Throwable t) {
        close("the fabric side broke the stream: " + Status.fromThrowable(t));
    }

    @Override
    public synchronized void onCompleted() {
        if (state != State.CLOSED) {
            fail(Status.FAILED_PRECONDITION.withDescription("the fabric side closed the stream without FabricDone"));
        }
    }

    private synchronized void checkIdle() {
        if (state == State.CLOSED) {
            return;
        }
        long idle = System.nanoTime() - lastActivityNanos;
        if (idle > options.idleTimeout().toNanos()) {
            fail(Status.DEADLINE_EXCEEDED.withDescription("session " + id + " received nothing for "
                    + options.idleTimeout().toMillis() + " ms"));
        }
    }

    private void fail(Status status) {
        if (state == State.CLOSED) {
            return;
        }
        try {
            out.onError(status.asRuntimeException());
        } catch (RuntimeException ignored) {
            // the stream is already gone: nothing left to tell
        }
        close(status.getCode() + ": " + status.getDescription());
    }

    private synchronized void close(String reason) {
        if (state == State.CLOSED) {
            return;
        }
        state = State.CLOSED;
        endReason = reason;
        idleCheck.cancel(false);
        onClose.accept(this);
    }

    /** A message that is valid on its own but not at this point of the session. */
    private static final class OutOfOrder extends RuntimeException {
        private static final long serialVersionUID = 1L;

        OutOfOrder(String message) {
            super(message);
        }
    }
}
