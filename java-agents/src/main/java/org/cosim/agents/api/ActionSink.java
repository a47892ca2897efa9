package org.cosim.agents.api;

/** Where agents put their actions. Implemented by {@link ActionBatch}. */
public interface ActionSink {
    /** Hand segment [seq, seq+bytes) of a flow to the host NIC at {@code timePs}. Path 0 = the fabric's ECMP. */
    void sendSegment(long timePs, int host, int flow, long seq, int bytes, int path);

    /** Ask for a {@link TimerEvent} carrying {@code timerId} at {@code timePs}. */
    void setTimer(long timePs, int host, long timerId);

    /** Declare the flow done; {@code timePs} is the time of the event that finished it. */
    void flowFinished(long timePs, int host, int flow);
}
