package org.cosim.agents.wire;

import java.time.Duration;

/**
 * Limits of the agent server. {@code idleTimeout}: a session that receives nothing
 * for this long is ended with DEADLINE_EXCEEDED (nothing waits forever).
 * {@code maxBatchEvents}: the largest EventBatch accepted; larger is
 * RESOURCE_EXHAUSTED. {@code maxMessageBytes}: the gRPC message size limit.
 */
public record AgentServerOptions(Duration idleTimeout, int maxBatchEvents, int maxMessageBytes) {
    public static final AgentServerOptions DEFAULTS =
            new AgentServerOptions(Duration.ofSeconds(120), 1 << 20, 256 << 20);

    public AgentServerOptions {
        if (idleTimeout.isNegative() || idleTimeout.isZero()) {
            throw new IllegalArgumentException("idle timeout must be > 0");
        }
        if (maxBatchEvents < 1 || maxMessageBytes < 1024) {
            throw new IllegalArgumentException("batch and message limits must be positive");
        }
    }
}
