package org.cosim.agents.host;

/** A flow of the session as declared in the handshake. size 0 = long-lived. */
public record FlowInfo(int flow, int src, int dst, long sizeBytes) {}
