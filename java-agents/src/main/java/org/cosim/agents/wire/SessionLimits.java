package org.cosim.agents.wire;

import java.time.Duration;

/**
 * What one agent server gives its sessions; a session above a limit is refused
 * with RESOURCE_EXHAUSTED naming it. {@code maxSessions}: sessions open at once.
 * {@code maxHosts}, {@code maxFlows}: of one handshake. {@code maxHelloBytes}: the
 * largest Hello, refused before it is parsed (a parsed Hello takes several times
 * its wire size). {@code memoryBytes}: what the open sessions may hold together, by
 * {@link #sessionBytes}; a session that would take more is refused.
 * {@code handlingBudget}: how long the agents may take over one message; a session
 * whose agents (a custom law, say) run past it ends with DEADLINE_EXCEEDED naming
 * the law and where it was, and no other session waits on it. Compiling a law's
 * source (javac, before any of the law runs) may take {@link #COMPILING_BUDGETS}.
 */
public record SessionLimits(int maxSessions, int maxHosts, int maxFlows, int maxHelloBytes, long memoryBytes,
                            Duration handlingBudget) {
    /** How many handling budgets compiling a law's source may take. */
    static final int COMPILING_BUDGETS = 10;
    /** What a session holds per flow and per host (agents, ledgers, the handshake's records), roughly. */
    static final long BYTES_PER_FLOW = 1024;
    static final long BYTES_PER_HOST = 2048;
    /** What parsing a Hello takes, per byte of it on the wire (the messages of its hosts and flows). */
    static final long PARSED_BYTES_PER_WIRE_BYTE = 16;

    /** 64 sessions, 2^17 hosts, 2^22 flows, a 64 MiB Hello, half the JVM's heap, 30 s per message. */
    public static final SessionLimits DEFAULTS = new SessionLimits(64, 1 << 17, 1 << 22, 64 << 20,
            Runtime.getRuntime().maxMemory() / 2, Duration.ofSeconds(30));

    public SessionLimits {
        if (maxSessions < 1 || maxHosts < 1 || maxFlows < 0 || maxHelloBytes < 1 || memoryBytes < 1) {
            throw new IllegalArgumentException("session limits must be positive");
        }
        if (handlingBudget.isNegative() || handlingBudget.isZero()) {
            throw new IllegalArgumentException("the handling budget must be > 0");
        }
    }

    /** What a session of {@code hosts} hosts and {@code flows} flows is counted to hold. */
    static long sessionBytes(long hosts, long flows) {
        return hosts * BYTES_PER_HOST + flows * BYTES_PER_FLOW;
    }

    public SessionLimits withMaxSessions(int n) {
        return new SessionLimits(n, maxHosts, maxFlows, maxHelloBytes, memoryBytes, handlingBudget);
    }

    public SessionLimits withHandlingBudget(Duration d) {
        return new SessionLimits(maxSessions, maxHosts, maxFlows, maxHelloBytes, memoryBytes, d);
    }
}
