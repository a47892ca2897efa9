package org.cosim.agents.host;

/**
 * A flow of the session as declared in the handshake. size 0 = long-lived;
 * pathCount = the shortest paths between its ends (source routes 1..pathCount).
 */
public record FlowInfo(int flow, int src, int dst, long sizeBytes, int pathCount) {
    public FlowInfo(int flow, int src, int dst, long sizeBytes) {
        this(flow, src, dst, sizeBytes, 1);
    }
}
