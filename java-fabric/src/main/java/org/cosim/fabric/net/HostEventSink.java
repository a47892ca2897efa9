package org.cosim.fabric.net;

/** Where a NIC reports what its host's agent must hear about (implemented by the agent bridge). */
public interface HostEventSink {
    void completion(int host, int flow, long seq, int bytes, long sendTimePs, long intMaxHopDelayPs,
                    long intReverseMaxHopDelayPs, boolean ecnEcho);

    void pfcChange(int host, int trafficClass, boolean paused);

    /** {@code flags}: EventBatch.TRIMMED, RETURNED, LAST_OF_FLOW, ECN. */
    void packetArrival(int host, int flow, long seq, int bytes, int path, int flags, long intMaxHopDelayPs,
                       long sendTimePs);

    void controlArrival(int host, int flow, int kind, long seq, long pullNumber, int path, long echoTimePs);
}
