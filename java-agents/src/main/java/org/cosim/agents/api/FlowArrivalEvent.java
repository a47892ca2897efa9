package org.cosim.agents.api;

/** A flow starts at this host (its source). A reused view: copy what you keep. */
public final class FlowArrivalEvent {
    long timePs;
    int host;
    int flow;
    int dst;
    long sizeBytes;
    int pathCount = 1;

    public long timePs() { return timePs; }
    public int host() { return host; }
    public int flow() { return flow; }
    public int dst() { return dst; }
    /** Flow size; 0 means long-lived. */
    public long sizeBytes() { return sizeBytes; }
    /**
     * The source routes the flow may name (SendSegment.path 1..pathCount): the
     * handshake's FlowSpec.path_count, filled in by AgentHost (1 when unknown).
     */
    public int pathCount() { return pathCount; }
}
