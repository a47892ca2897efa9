package org.cosim.agents.host;

/**
 * A flow of the session as declared in the handshake. size 0 = long-lived;
 * pathCount = the shortest paths between its ends (source routes 1..pathCount);
 * hops = switches on a shortest path; baseRttPs = the path's unloaded RTT (one
 * MTU packet and its hardware ACK, no queues). 0 hops / 0 ps: not declared.
 * stopPs: when a long-lived flow closes, 0 never.
 */
public record FlowInfo(int flow, int src, int dst, long sizeBytes, int pathCount, int hops, long baseRttPs,
                       long stopPs) {
    public FlowInfo(int flow, int src, int dst, long sizeBytes, int pathCount, int hops, long baseRttPs) {
        this(flow, src, dst, sizeBytes, pathCount, hops, baseRttPs, 0);
    }

    public FlowInfo(int flow, int src, int dst, long sizeBytes, int pathCount) {
        this(flow, src, dst, sizeBytes, pathCount, 0, 0);
    }

    public FlowInfo(int flow, int src, int dst, long sizeBytes) {
        this(flow, src, dst, sizeBytes, 1);
    }
}
