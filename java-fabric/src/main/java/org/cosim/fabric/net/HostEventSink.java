package org.cosim.fabric.net;

/** Where a NIC reports what its host's agent must hear about (implemented by the agent bridge). */
public interface HostEventSink {
    /**
     * The hardware ACK of a segment reached its sender's NIC: {@code txTimePs} is
     * the hardware TX timestamp of the ACKed packet, and {@code syn} marks the ACK
     * of a SYN (the SYN-ACK, a completion of 0 bytes).
     */
    void completion(int host, int flow, long seq, int bytes, long sendTimePs, long txTimePs, long intMaxHopDelayPs,
                    long intReverseMaxHopDelayPs, boolean ecnEcho, boolean syn);

    /**
     * One INT hop record of the completion just reported (cosim.proto IntHop), in
     * path order; only with INT hop records on. Sinks that do not need them ignore them.
     */
    default void completionHop(int host, long queueBytes, long txBytes, long timePs, long rateBps) {}

    void pfcChange(int host, int trafficClass, boolean paused);

    /**
     * {@code flags}: EventBatch.TRIMMED, RETURNED, LAST_OF_FLOW, ECN. {@code sendTimePs}: when the packet's
     * segment was handed to the sender NIC; {@code txTimePs}: when the packet started onto the wire there.
     */
    void packetArrival(int host, int flow, long seq, int bytes, int path, int flags, long intMaxHopDelayPs,
                       long sendTimePs, long txTimePs);

    /** {@code echoTimePs}, {@code echoTxTimePs}: the times the other end's agent echoed (0: none). */
    void controlArrival(int host, int flow, int kind, long seq, long pullNumber, int path, long echoTimePs,
                        long echoTxTimePs);

    /**
     * The last packet of a segment sent with ActionSink.REPORT_TX went onto the wire
     * now. Sinks that do not need it (tests of other mechanisms) ignore it.
     */
    default void transmitted(int host, int flow, long seq, int bytes, long sendTimePs) {}
}
