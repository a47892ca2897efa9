package org.cosim.fabric.net;

/** Where a NIC reports what its host's agent must hear about (implemented by the agent bridge). */
public interface HostEventSink {
    void completion(int host, int flow, long seq, int bytes, long sendTimePs, long intMaxHopDelayPs,
                    long intReverseMaxHopDelayPs, boolean ecnEcho);

    /**
     * A completion with the hardware TX timestamp of the ACKed packet ({@code txTimePs}).
     * The NIC calls this one; sinks that do not need the timestamp keep the shorter form.
     */
    default void completion(int host, int flow, long seq, int bytes, long sendTimePs, long txTimePs,
                            long intMaxHopDelayPs, long intReverseMaxHopDelayPs, boolean ecnEcho) {
        completion(host, flow, seq, bytes, sendTimePs, intMaxHopDelayPs, intReverseMaxHopDelayPs, ecnEcho);
    }

    /**
     * The NIC calls this one: {@code syn} marks the ACK of a SYN (the SYN-ACK, a
     * completion of 0 bytes). Sinks that never send SYNs keep the shorter forms.
     */
    default void completion(int host, int flow, long seq, int bytes, long sendTimePs, long txTimePs,
                            long intMaxHopDelayPs, long intReverseMaxHopDelayPs, boolean ecnEcho, boolean syn) {
        if (syn) {
            throw new UnsupportedOperationException("this sink takes no SYN-ACKs (flow " + flow + ")");
        }
        completion(host, flow, seq, bytes, sendTimePs, txTimePs, intMaxHopDelayPs, intReverseMaxHopDelayPs, ecnEcho);
    }

    /**
     * One INT hop record of the completion just reported (cosim.proto IntHop), in
     * path order; only with INT hop records on. Sinks that do not need them ignore them.
     */
    default void completionHop(int host, long queueBytes, long txBytes, long timePs, long rateBps) {}

    void pfcChange(int host, int trafficClass, boolean paused);

    /** {@code flags}: EventBatch.TRIMMED, RETURNED, LAST_OF_FLOW, ECN. */
    void packetArrival(int host, int flow, long seq, int bytes, int path, int flags, long intMaxHopDelayPs,
                       long sendTimePs);

    void controlArrival(int host, int flow, int kind, long seq, long pullNumber, int path, long echoTimePs);
}
