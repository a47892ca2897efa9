package org.cosim.agents.api;

import org.cosim.proto.Protocol;

/**
 * What every agent of a session knows besides its own host: the reaction delay L,
 * the network's largest unloaded round-trip time (the "known in advance" fabric
 * propagation RTT that TIMELY's minRTT defaults to), the seed, the scenario's
 * protocol section with its parameters, and the NICs' MTU (0 when the fabric did
 * not say; agents that cut flows into packets, like NDP, need it).
 */
public record AgentContext(long reactionDelayPs, long baseRttPs, long seed, Protocol protocol, int mtuBytes) {
    public AgentContext {
        if (reactionDelayPs <= 0) {
            throw new IllegalArgumentException("reaction delay L must be > 0 ps, got " + reactionDelayPs);
        }
        if (mtuBytes < 0) {
            throw new IllegalArgumentException("MTU must be >= 0 bytes, got " + mtuBytes);
        }
    }

    /** Without the MTU (agents that do not need it). */
    public AgentContext(long reactionDelayPs, long baseRttPs, long seed, Protocol protocol) {
        this(reactionDelayPs, baseRttPs, seed, protocol, 0);
    }
}
