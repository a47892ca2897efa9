package org.cosim.agents.api;

/** Where agents put their actions. Implemented by {@link ActionBatch}. */
public interface ActionSink {
    /** {@link #sendSegment(long, int, int, long, int, int, int)} option: no hardware ACK; the receiver's agent hears of each packet. */
    int NO_ACK = 1;
    /** Option: the segment's final packet is the flow's last. */
    int LAST_OF_FLOW = 2;
    /**
     * Option: connection set-up (TCP's SYN, cosim.proto SendSegment.syn): a segment
     * of 0 bytes, sent as one header-only packet in the data class and answered by
     * the receiving NIC's ACK, which comes back as a {@link CompletionEvent#syn()}.
     * Use {@link #sendSyn}.
     */
    int SYN = 4;
    /**
     * Option: report when the segment's last packet leaves the NIC ({@link
     * Agent#onTransmitted}, cosim.proto SendSegment.report_tx). Retransmission
     * timers run from it, so that none expires for data still in the NIC.
     */
    int REPORT_TX = 8;

    /** Hand segment [seq, seq+bytes) of a flow to the host NIC at {@code timePs}, hardware-ACKed. Path 0 = ECMP. */
    default void sendSegment(long timePs, int host, int flow, long seq, int bytes, int path) {
        sendSegment(timePs, host, flow, seq, bytes, path, 0);
    }

    /** The same with {@code options}: {@link #NO_ACK}, {@link #LAST_OF_FLOW}, {@link #REPORT_TX}. Path k >= 1 is a source route. */
    void sendSegment(long timePs, int host, int flow, long seq, int bytes, int path, int options);

    /** A SYN for flow {@code flow} (its {@code seq} comes back in the SYN-ACK's completion), on {@code path}. */
    default void sendSyn(long timePs, int host, int flow, long seq, int path) {
        sendSegment(timePs, host, flow, seq, 0, path, SYN);
    }

    /**
     * Send a control packet to the other end of the flow: {@code kind} is
     * {@link ControlArrivalEvent#ACK}, NACK or PULL; {@code pullNumber} 0 = no pull.
     */
    default void sendControl(long timePs, int host, int flow, int kind, long seq, long pullNumber, int path,
                             long echoTimePs) {
        sendControl(timePs, host, flow, kind, seq, pullNumber, path, echoTimePs, 0);
    }

    /**
     * With a second echoed time, {@code echoTxTimePs} (0: none): an ACK echoes the
     * data's {@link PacketArrivalEvent#sendTimePs} and {@link PacketArrivalEvent#txTimePs},
     * from which the fabric takes the data sender's host and network RTT.
     */
    void sendControl(long timePs, int host, int flow, int kind, long seq, long pullNumber, int path,
                     long echoTimePs, long echoTxTimePs);

    /** Ask for a {@link TimerEvent} carrying {@code timerId} at {@code timePs}. */
    void setTimer(long timePs, int host, long timerId);

    /** Declare the flow done; {@code timePs} is the time of the event that finished it. */
    void flowFinished(long timePs, int host, int flow);
}
