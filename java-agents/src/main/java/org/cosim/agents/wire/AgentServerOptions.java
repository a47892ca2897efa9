package org.cosim.agents.wire;

import java.time.Duration;

/**
 * Limits of the agent server. {@code idleTimeout}: a session that receives nothing
 * for this long is ended with DEADLINE_EXCEEDED (nothing waits forever).
 * {@code maxBatchEvents}: the largest EventBatch accepted; larger is
 * RESOURCE_EXHAUSTED. {@code maxMessageBytes}: the gRPC message size limit.
 * {@code busyPoll}: a Unix-socket server's event loop polls instead of sleeping
 * between messages. It spends a core for the whole run to save the wake-up of every
 * batch: worth it for one fabric on the same machine that keeps the other core
 * busy (the OMNeT++ runner's own server; docs/speed.md), not for a shared server.
 * {@code runsLawCode}: a handshake whose scenario carries a custom law's Java
 * source (protocol.custom_window_law.source, custom_rate_law.source, ndp.pull_order.source) is served;
 * without it, refused. The code runs in this process, so a server reachable from
 * other machines runs it only when told to ({@code cosim agents --allow-law-code}).
 * {@code limits}: sessions, their size and their agents' time ({@link SessionLimits}).
 */
public record AgentServerOptions(Duration idleTimeout, int maxBatchEvents, int maxMessageBytes, boolean busyPoll,
                                 boolean runsLawCode, SessionLimits limits) {
    public static final AgentServerOptions DEFAULTS =
            new AgentServerOptions(Duration.ofSeconds(120), 1 << 20, 256 << 20, false, true, SessionLimits.DEFAULTS);

    public AgentServerOptions(Duration idleTimeout, int maxBatchEvents, int maxMessageBytes) {
        this(idleTimeout, maxBatchEvents, maxMessageBytes, false, true, SessionLimits.DEFAULTS);
    }

    public AgentServerOptions withBusyPoll() {
        return new AgentServerOptions(idleTimeout, maxBatchEvents, maxMessageBytes, true, runsLawCode, limits);
    }

    /** The same limits, refusing scenarios that carry a law's source. */
    public AgentServerOptions withoutLawCode() {
        return new AgentServerOptions(idleTimeout, maxBatchEvents, maxMessageBytes, busyPoll, false, limits);
    }

    /** The same, with other session limits. */
    public AgentServerOptions withLimits(SessionLimits l) {
        return new AgentServerOptions(idleTimeout, maxBatchEvents, maxMessageBytes, busyPoll, runsLawCode, l);
    }

    public AgentServerOptions {
        if (idleTimeout.isNegative() || idleTimeout.isZero()) {
            throw new IllegalArgumentException("idle timeout must be > 0");
        }
        if (maxBatchEvents < 1 || maxMessageBytes < 1024) {
            throw new IllegalArgumentException("batch and message limits must be positive");
        }
    }
}
