package org.cosim.agents.ndp;

/**
 * What a receiver knows of one of its incoming flows, as a {@link PullOrder}
 * sees it: only what the packets and headers that arrived told it (NDP's
 * packets carry no flow size; the end is known once the marked last packet, or
 * its header, arrived).
 */
public interface PullingFlow {
    /** The flow's id (the scenario's flow numbering). */
    int flowId();

    /** Whether the flow is in protocol.ndp.prioritized_flows (served before the others whatever the order). */
    boolean prioritized();

    /** Its pulls waiting in the queue (at least one for every flow an order is asked about). */
    int queuedPulls();

    /** Distinct data packets received so far. */
    long packetsReceived();

    /** Packets in the flow, or -1 until its last packet (or that packet's header) arrived. */
    long packetsTotal();

    /** Pulls sent to its sender so far (on PULLs or riding on ACKs and NACKs). */
    long pullsSent();

    /** When its first packet or header arrived, ps. */
    long firstArrivalPs();

    /** When its latest packet or header arrived, ps. */
    long lastArrivalPs();
}
