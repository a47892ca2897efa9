package org.cosim.agents.api;

/**
 * A flow starts at this host (its source). A reused view: copy what you keep.
 * Besides what the event itself says, {@link org.cosim.agents.host.AgentHost}
 * adds what the handshake declared about the flow's path (hop count, unloaded
 * RTT, number of source routes): facts known in advance, not measurements.
 */
public final class FlowArrivalEvent {
    long timePs;
    int host;
    int flow;
    int dst;
    long sizeBytes;
    int pathCount = 1;
    int hops;
    long baseRttPs;
    long stopPs;

    public long timePs() { return timePs; }
    public int host() { return host; }
    public int flow() { return flow; }
    public int dst() { return dst; }
    /** Flow size; 0 means long-lived. */
    public long sizeBytes() { return sizeBytes; }
    /** Source routes 1..pathCount the flow may name (1 when not declared). */
    public int pathCount() { return pathCount; }
    /** Switches on the flow's path (0 when not declared). */
    public int hops() { return hops; }
    /** The unloaded RTT of the flow's path: one MTU packet and its hardware ACK, no queues (0 when not declared). */
    public long baseRttPs() { return baseRttPs; }

    /** When the long-lived flow's application closes it (the handshake's stop time); 0: never. */
    public long stopPs() { return stopPs; }

    /** Adds the handshake's close time (AgentHost does this before the agent sees the event). */
    public void closeAt(long stop) {
        this.stopPs = stop;
    }

    /** Adds the handshake's facts about the flow's path (AgentHost does this before the agent sees the event). */
    public void describePath(int paths, int hopCount, long unloadedRttPs) {
        this.pathCount = paths;
        this.hops = hopCount;
        this.baseRttPs = unloadedRttPs;
    }
}
