package org.cosim.agents.api;

/** A timer the agent set fired. A reused view. */
public final class TimerEvent {
    long timePs;
    int host;
    long timerId;

    public long timePs() { return timePs; }
    public int host() { return host; }
    public long timerId() { return timerId; }
}
