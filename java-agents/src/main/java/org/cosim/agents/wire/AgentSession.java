package org.cosim.agents.wire;

import io.grpc.Status;
import io.grpc.stub.ServerCallStreamObserver;
import io.grpc.stub.StreamObserver;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.ScheduledFuture;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import org.cosim.agents.api.ActionBatch;
import org.cosim.agents.api.EventBatch;
import org.cosim.agents.custom.LawClass;
import org.cosim.agents.host.AgentHost;
import org.cosim.agents.host.ContractViolation;
import org.cosim.agents.host.SessionSpec;
import org.cosim.proto.AgentMessage;
import org.cosim.proto.AgentResults;
import org.cosim.proto.FabricDone;
import org.cosim.proto.FabricMessage;
import org.cosim.proto.Hello;
import org.cosim.proto.HelloAck;

/**
 * The server side of one session stream: Hello, then one ActionBatch per
 * EventBatch, then AgentResults for FabricDone. A peer that breaks the contract
 * gets a status naming the problem (INVALID_ARGUMENT, FAILED_PRECONDITION,
 * RESOURCE_EXHAUSTED) and the session ends; other sessions are untouched.
 *
 * <p>Messages are handled in order on the call's thread. The service's watchdog
 * ends the session with DEADLINE_EXCEEDED when it has received nothing for the idle
 * timeout since its last message was handled, or when its agents take longer than
 * the handling budget over one message (naming the law and the method it is in);
 * it never waits for the call's thread, which a law that does not return keeps. A
 * peer that disappears (cancel, broken connection) just ends the session.
 */
final class AgentSession implements StreamObserver<Received<FabricMessage>> {
    private final String id;
    private final ServerCallStreamObserver<AgentMessage> out;
    private final AgentServerOptions options;
    private final AgentService service;
    private final ScheduledFuture<?> watch;
    private final EventBatch events = new EventBatch();
    private final ActionBatch actions = new ActionBatch();
    private final Object ending = new Object();  // guards closed, endReason and every call on out
    private boolean closed;
    private String endReason = "open";
    private volatile boolean over;  // closed, for reading without the lock
    // the call's thread only
    private AgentHost agents;
    private long messages;
    private final AtomicLong held = new AtomicLong();  // the sessions' memory this one takes
    // written by the call's thread, read by the watchdog
    private volatile long lastHandledNanos = System.nanoTime();
    private volatile long handlingSinceNanos;  // 0: not handling a message
    private volatile Thread handler;
    private volatile String handling;

    AgentSession(String id, StreamObserver<AgentMessage> out, AgentServerOptions options,
                 ScheduledExecutorService watchdog, AgentService service) {
        this.id = id;
        this.out = (ServerCallStreamObserver<AgentMessage>) out;
        this.options = options;
        this.service = service;
        this.out.setOnCancelHandler(() -> close("the fabric side went away"));
        long shortest = Math.min(options.idleTimeout().toMillis(), options.limits().handlingBudget().toMillis());
        long period = Math.max(10, shortest / 4);
        this.watch = watchdog.scheduleAtFixedRate(this::watch, period, period, TimeUnit.MILLISECONDS);
    }

    String id() {
        return id;
    }

    String endReason() {
        synchronized (ending) {
            return endReason;
        }
    }

    /** One line on the server's stderr about this session. */
    static void log(String where, String message) {
        System.err.println("agent server: " + where + ": " + message);
    }

    @Override
    public void onNext(Received<FabricMessage> received) {
        if (over) {
            return;
        }
        messages++;
        handler = Thread.currentThread();
        handlingSinceNanos = System.nanoTime();
        try {
            handle(received);
        } catch (Received.Unparsable e) {
            log("session " + id, "INVALID_ARGUMENT: " + e.getMessage());
            fail(e.status());
        } catch (ContractViolation e) {
            fail(Status.INVALID_ARGUMENT.withDescription(e.getMessage()));
        } catch (OutOfOrder e) {
            fail(Status.FAILED_PRECONDITION.withDescription(e.getMessage()));
        } catch (TooLarge e) {
            fail(Status.RESOURCE_EXHAUSTED.withDescription(e.getMessage()));
        } catch (OutOfMemoryError e) {
            fail(Status.RESOURCE_EXHAUSTED.withDescription("the agent server ran out of memory handling "
                    + handling + " (its heap, -Xmx, or the session limits are too large for it)"));
        } catch (RuntimeException | StackOverflowError e) {
            fail(Status.INTERNAL.withDescription("agent side failed: " + e).withCause(e));
        } finally {
            lastHandledNanos = System.nanoTime();
            handlingSinceNanos = 0;
        }
    }

    private void handle(Received<FabricMessage> received) {
        handling = "message " + messages;
        FabricMessage m;
        if (agents == null) {
            m = parseFirst(received);
        } else {
            m = received.parse("message " + messages + " of session " + id + " (a FabricMessage)");
        }
        switch (m.getKindCase()) {
            case HELLO -> hello(m.getHello());
            case EVENTS -> events(m);
            case DONE -> done(m.getDone());
            case KIND_NOT_SET -> throw new ContractViolation("a FabricMessage with nothing in it");
        }
    }

    /** The first message, which must be a Hello: parsed only when its size and the memory allow. */
    private FabricMessage parseFirst(Received<FabricMessage> received) {
        SessionLimits limits = options.limits();
        int bytes = received.bytes();
        if (bytes > limits.maxHelloBytes()) {
            throw new TooLarge("the first message of session " + id + " has " + bytes
                    + " bytes, more than a Hello may (max_hello_bytes: " + limits.maxHelloBytes() + ")");
        }
        long parsing = bytes * SessionLimits.PARSED_BYTES_PER_WIRE_BYTE;
        String refused = service.reserve(parsing, "parsing a Hello of " + bytes + " bytes");
        if (refused != null) {
            throw new TooLarge(refused);
        }
        try {
            return received.parse("message 1 of session " + id + " (a FabricMessage)");
        } finally {
            service.release(parsing);
        }
    }

    private void hello(Hello h) {
        if (agents != null) {
            throw new OutOfOrder("a second Hello in session " + id);
        }
        handling = "the Hello";
        SessionLimits limits = options.limits();
        if (h.getHostsCount() > limits.maxHosts()) {
            throw new TooLarge("the Hello has " + h.getHostsCount() + " hosts, more than a session may (max_hosts: "
                    + limits.maxHosts() + ")");
        }
        if (h.getFlowsCount() > limits.maxFlows()) {
            throw new TooLarge("the Hello has " + h.getFlowsCount() + " flows, more than a session may (max_flows: "
                    + limits.maxFlows() + ")");
        }
        long bytes = SessionLimits.sessionBytes(h.getHostsCount(), h.getFlowsCount());
        String refused = service.reserve(bytes, "a session of " + h.getHostsCount() + " hosts and "
                + h.getFlowsCount() + " flows");
        if (refused != null) {
            throw new TooLarge(refused);
        }
        held.addAndGet(bytes);
        if (over) {
            service.release(held.getAndSet(0));  // the watchdog ended the session meanwhile
        }
        SessionSpec spec = WireFormat.sessionSpec(h, options.runsLawCode());
        agents = new AgentHost(spec);
        send(AgentMessage.newBuilder().setHelloAck(HelloAck.newBuilder().setVersion(WireFormat.VERSION)
                .setSessionId(id).setMaxBatchEvents(options.maxBatchEvents())).build());
    }

    private void events(FabricMessage m) {
        if (agents == null) {
            throw new OutOfOrder("an EventBatch before the Hello");
        }
        handling = "the window at " + m.getEvents().getWindowStartPs() + " ps";
        int n = m.getEvents().getEventsCount();
        if (n > options.maxBatchEvents()) {
            throw new TooLarge("oversized batch: " + n + " events in the window at "
                    + m.getEvents().getWindowStartPs() + " ps, the limit is " + options.maxBatchEvents());
        }
        WireFormat.fromProto(m.getEvents(), events);
        agents.process(events, actions);
        send(AgentMessage.newBuilder().setActions(WireFormat.toProto(actions)).build());
    }

    private void done(FabricDone d) {
        if (agents == null) {
            throw new OutOfOrder("FabricDone before the Hello");
        }
        handling = "FabricDone";
        AgentResults r = WireFormat.finish(agents, d);
        synchronized (ending) {
            if (closed) {
                return;
            }
            out.onNext(AgentMessage.newBuilder().setResults(r).build());
            out.onCompleted();
        }
        close("done");
    }

    private void send(AgentMessage m) {
        synchronized (ending) {
            if (!closed) {
                out.onNext(m);
            }
        }
    }

    @Override
    public void onError(Throwable t) {
        close("the fabric side broke the stream: " + Status.fromThrowable(t));
    }

    @Override
    public void onCompleted() {
        fail(Status.FAILED_PRECONDITION.withDescription("the fabric side closed the stream without FabricDone"));
    }

    /** The watchdog's look at the session: it reads volatile fields and never waits for the call's thread. */
    private void watch() {
        if (over) {
            return;
        }
        long last = lastHandledNanos;
        long since = handlingSinceNanos;
        long now = System.nanoTime();
        if (since != 0) {
            long budget = options.limits().handlingBudget().toNanos();
            Thread stuck = handler;
            if (now - since > budget && stuck != null) {
                StackTraceElement[] stack = stuck.getStackTrace();
                if (compiling(stack) && now - since <= SessionLimits.COMPILING_BUDGETS * budget) {
                    return;
                }
                fail(Status.DEADLINE_EXCEEDED.withDescription(stuckAt(stack) + " within "
                        + (now - since) / 1_000_000 + " ms (handling " + handling + " of session " + id
                        + "; the budget is " + options.limits().handlingBudget().toMillis() + " ms)"));
                stuck.interrupt();
            }
        } else if (now - last > options.idleTimeout().toNanos()) {
            fail(Status.DEADLINE_EXCEEDED.withDescription("session " + id + " received nothing for "
                    + options.idleTimeout().toMillis() + " ms"));
        }
    }

    private static boolean compiling(StackTraceElement[] stack) {
        for (StackTraceElement e : stack) {
            if (e.getClassName().startsWith("com.sun.tools.javac.")) {
                return true;
            }
        }
        return false;
    }

    /**
     * Where agents that do not return are: the outermost frame of a law compiled from
     * the scenario ("law X did not return from onRttSample"), else the innermost of
     * cosim's code.
     */
    static String stuckAt(StackTraceElement[] stack) {
        for (int i = stack.length - 1; i >= 0; i--) {
            if (LawClass.LOADER_NAME.equals(stack[i].getClassLoaderName())) {
                return "law " + stack[i].getClassName() + " did not return from " + stack[i].getMethodName();
            }
        }
        for (StackTraceElement e : stack) {
            if (e.getClassName().startsWith("org.cosim.")) {
                return "the agents did not return from " + e.getClassName() + "." + e.getMethodName();
            }
        }
        return "the agents did not return";
    }

    private void fail(Status status) {
        synchronized (ending) {
            if (closed) {
                return;
            }
            try {
                out.onError(status.asRuntimeException());
            } catch (RuntimeException ignored) {
                // the stream is already gone: nothing left to tell
            }
        }
        close(status.getCode() + ": " + status.getDescription());
    }

    private void close(String reason) {
        synchronized (ending) {
            if (closed) {
                return;
            }
            closed = true;
            over = true;
            endReason = reason;
        }
        watch.cancel(false);
        service.release(held.getAndSet(0));
        service.closed(this);
    }

    /** A message that is valid on its own but not at this point of the session. */
    private static final class OutOfOrder extends RuntimeException {
        private static final long serialVersionUID = 1L;

        OutOfOrder(String message) {
            super(message);
        }
    }

    /** A message or a session larger than the server's limits allow. */
    private static final class TooLarge extends RuntimeException {
        private static final long serialVersionUID = 1L;

        TooLarge(String message) {
            super(message);
        }
    }
}
