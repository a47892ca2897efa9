package org.cosim.agents.api;

/**
 * Builds the reusable event views for tests the way AgentHost does: append the
 * event to an {@link EventBatch} and read it back into a fresh view.
 */
public final class TestEvents {
    private TestEvents() {}

    public static FlowArrivalEvent arrival(long timePs, int host, int flow, int dst, long sizeBytes) {
        EventBatch b = new EventBatch();
        b.reset(0);
        b.addFlowArrival(timePs, host, flow, dst, sizeBytes);
        FlowArrivalEvent e = new FlowArrivalEvent();
        b.read(0, e);
        return e;
    }

    /** A flow arrival with the handshake's path count filled in, as AgentHost does. */
    public static FlowArrivalEvent arrival(long timePs, int host, int flow, int dst, long sizeBytes, int pathCount) {
        EventBatch b = new EventBatch();
        b.reset(0);
        b.addFlowArrival(timePs, host, flow, dst, sizeBytes);
        FlowArrivalEvent e = new FlowArrivalEvent();
        b.read(0, e);
        e.describePath(pathCount, 0, 0);
        return e;
    }

    /** {@code flags}: EventBatch.TRIMMED, RETURNED, LAST_OF_FLOW, ECN. */
    public static PacketArrivalEvent packet(long timePs, int host, int flow, long seq, int bytes, int path, int flags,
                                            long sendTimePs) {
        return packet(timePs, host, flow, seq, bytes, path, flags, sendTimePs, sendTimePs);
    }

    /** With the packet's TX time at its sender NIC. */
    public static PacketArrivalEvent packet(long timePs, int host, int flow, long seq, int bytes, int path, int flags,
                                            long sendTimePs, long txTimePs) {
        EventBatch b = new EventBatch();
        b.reset(0);
        b.addPacketArrival(timePs, host, flow, seq, bytes, path, flags, 0, sendTimePs, txTimePs);
        PacketArrivalEvent e = new PacketArrivalEvent();
        b.read(0, e);
        return e;
    }

    public static ControlArrivalEvent control(long timePs, int host, int flow, int kind, long seq, long pullNumber,
                                              int path, long echoTimePs) {
        EventBatch b = new EventBatch();
        b.reset(0);
        b.addControlArrival(timePs, host, flow, kind, seq, pullNumber, path, echoTimePs);
        ControlArrivalEvent e = new ControlArrivalEvent();
        b.read(0, e);
        return e;
    }

    public static CompletionEvent completion(long timePs, int host, int flow, long seq, int bytes, long sendTimePs) {
        EventBatch b = new EventBatch();
        b.reset(0);
        b.addCompletion(timePs, host, flow, seq, bytes, sendTimePs, 0, false);
        CompletionEvent e = new CompletionEvent();
        b.read(0, e);
        return e;
    }

    /** A flow arrival with the handshake's path facts, as AgentHost delivers it. */
    public static FlowArrivalEvent arrival(long timePs, int host, int flow, int dst, long sizeBytes, int hops,
                                           long baseRttPs) {
        FlowArrivalEvent e = arrival(timePs, host, flow, dst, sizeBytes);
        e.describePath(1, hops, baseRttPs);
        return e;
    }

    /** A completion with the hardware TX timestamp and the INT fields (forward and reverse max-hop delay). */
    public static CompletionEvent completion(long timePs, int host, int flow, long seq, int bytes, long sendTimePs,
                                             long txTimePs, long mpdPs, long reverseMpdPs) {
        EventBatch b = new EventBatch();
        b.reset(0);
        b.addCompletion(timePs, host, flow, seq, bytes, sendTimePs, txTimePs, mpdPs, reverseMpdPs, false);
        CompletionEvent e = new CompletionEvent();
        b.read(0, e);
        return e;
    }

    /** A completion whose hardware ACK echoes a CE mark or not. */
    /** The SYN-ACK of the SYN with {@code seq} sent at {@code sendTimePs} (also its TX time). */
    public static CompletionEvent synAck(long timePs, int host, int flow, long seq, long sendTimePs) {
        EventBatch b = new EventBatch();
        b.reset(0);
        b.addCompletion(timePs, host, flow, seq, 0, sendTimePs, sendTimePs, 0, 0, false, true);
        CompletionEvent e = new CompletionEvent();
        b.read(0, e);
        return e;
    }

    public static CompletionEvent completion(long timePs, int host, int flow, long seq, int bytes, long sendTimePs,
                                             boolean ecnEcho) {
        EventBatch b = new EventBatch();
        b.reset(0);
        b.addCompletion(timePs, host, flow, seq, bytes, sendTimePs, sendTimePs, 0, 0, ecnEcho);
        CompletionEvent e = new CompletionEvent();
        b.read(0, e);
        return e;
    }

    /** The NIC's report that segment [seq, seq + bytes), handed over at {@code sendTimePs}, left at {@code timePs}. */
    public static TransmittedEvent transmitted(long timePs, int host, int flow, long seq, int bytes,
                                               long sendTimePs) {
        EventBatch b = new EventBatch();
        b.reset(0);
        b.addTransmitted(timePs, host, flow, seq, bytes, sendTimePs);
        TransmittedEvent e = new TransmittedEvent();
        b.read(0, e);
        return e;
    }

    public static TimerEvent timer(long timePs, int host, long timerId) {
        EventBatch b = new EventBatch();
        b.reset(0);
        b.addTimer(timePs, host, timerId);
        TimerEvent e = new TimerEvent();
        b.read(0, e);
        return e;
    }
}
