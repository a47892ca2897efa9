package org.cosim.agents.api;

import org.cosim.proto.Protocol;

/**
 * What every agent of a session knows besides its own host: the reaction delay L,
 * the network's largest unloaded round-trip time (the "known in advance" fabric
 * propagation RTT that TIMELY's minRTT defaults to), the seed, and the scenario's
 * protocol section with its parameters.
 */
public record AgentContext(long reactionDelayPs, long baseRttPs, long seed, Protocol protocol) {
    public AgentContext {
        if (reactionDelayPs <= 0) {
            throw new IllegalArgumentException("reaction delay L must be > 0 ps, got " + reactionDelayPs);
        }
    }
}
