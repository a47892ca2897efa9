package org.cosim.agents.api;

/** A PFC pause (or resume) frame reached the host NIC for one traffic class. A reused view. */
public final class PfcChangeEvent {
    long timePs;
    int host;
    int trafficClass;
    boolean paused;

    public long timePs() { return timePs; }
    public int host() { return host; }
    /** The paused or resumed class: 0 = control, 1 = data (the fabric's strict-priority classes). */
    public int trafficClass() { return trafficClass; }
    public boolean paused() { return paused; }
}
