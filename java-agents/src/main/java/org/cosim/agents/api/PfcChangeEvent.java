package org.cosim.agents.api;

/** A PFC pause (or resume) frame reached the host NIC for one traffic class. A reused view. */
public final class PfcChangeEvent {
    long timePs;
    int host;
    int priority;
    boolean paused;

    public long timePs() { return timePs; }
    public int host() { return host; }
    public int priority() { return priority; }
    public boolean paused() { return paused; }
}
