package org.cosim.fabric.net;

/** Where a NIC reports what its host's agent must hear about (implemented by the agent bridge). */
public interface HostEventSink {
    void completion(int host, int flow, long seq, int bytes, long sendTimePs, long intMaxHopDelayPs,
                    boolean ecnEcho);

    void pfcChange(int host, int trafficClass, boolean paused);
}
