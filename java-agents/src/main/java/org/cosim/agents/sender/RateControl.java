package org.cosim.agents.sender;

import java.util.List;

/**
 * The rate computation engine of a rate-paced sender: one instance per flow. It
 * sees one RTT sample per completed segment and says what rate to pace at.
 * Controls that react to more than RTTs (DCQCN: ECN echoes, bytes and
 * time-driven timers) also hear of every completion and of the moments the
 * sender looks at the rate; the defaults ignore both, so RTT-only controls
 * (TIMELY, PFC-only) behave as before.
 */
public interface RateControl {
    double rateBps();

    void onRttSample(long rttPs);

    /**
     * The sender is about to use the rate at {@code nowPs} (the flow's arrival, a
     * pacer wake-up): bring time-driven state up to then. Default: nothing.
     */
    default void advanceTo(long nowPs) {}

    /**
     * A completion at {@code nowPs}: {@code bytes} acknowledged, the ACK echoing a
     * CE mark or not. Comes before the segment's RTT sample. Default: nothing.
     */
    default void onAck(long nowPs, int bytes, boolean ecnEcho) {}

    /**
     * The names of this control's own signals, sampled into agent_state.csv after the
     * rate (output.agent_state): e.g. TIMELY's "rtt_us" and "gradient". A unit in the
     * name, as everywhere. The same for every flow of a run. Default: none.
     */
    default List<String> signalNames() {
        return List.of();
    }

    /** The signal {@code i} of {@link #signalNames()} now; NaN if it has none yet. */
    default double signal(int i) {
        return Double.NaN;
    }
}
