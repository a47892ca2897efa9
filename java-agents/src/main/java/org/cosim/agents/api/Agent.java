package org.cosim.agents.api;

/**
 * One protocol's endpoint logic on one host. The fabric never calls an agent
 * directly: {@link org.cosim.agents.host.AgentHost} routes each event of a window
 * batch to the agent of the event's host, in batch order.
 *
 * <p>Rules an agent must follow (the window rule of ARCHITECTURE.md): every action
 * it emits while handling an event at time t is timed at or after t + L, where L is
 * {@link AgentContext#reactionDelayPs()}; {@link ActionSink#flowFinished} is the one
 * exception and is timed at the event time. The event objects are views reused for
 * the next event: copy what you keep.
 */
public interface Agent {
    void onFlowArrival(FlowArrivalEvent e, ActionSink out);

    void onCompletion(CompletionEvent e, ActionSink out);

    void onTimer(TimerEvent e, ActionSink out);

    /** A PFC pause or resume reached this host's NIC. Most agents ignore it: the NIC obeys pauses. */
    default void onPfcChange(PfcChangeEvent e, ActionSink out) {}

    /** A packet sent without hardware ACK reached this host (receiver-driven protocols). */
    default void onPacketArrival(PacketArrivalEvent e, ActionSink out) {}

    /** An ACK, NACK or PULL from the other end of a flow. */
    default void onControlArrival(ControlArrivalEvent e, ActionSink out) {}

    /** A segment sent with {@link ActionSink#REPORT_TX} left this host's NIC. */
    default void onTransmitted(TransmittedEvent e, ActionSink out) {}
}
