package org.cosim.agents.window;

/** Sender-side state of one flow: its window, its segments, its retransmission timer and pacing. */
final class WindowFlow {
    static final long NEVER = Long.MIN_VALUE;
    static final long NONE = Long.MAX_VALUE;

    final int id;
    final long baseRttPs;
    final int hops;
    final CongestionWindow window;
    final SegmentLedger ledger;
    final RetransmitTimer rto;
    long lastSendPs = NEVER;
    long lastPacedPs = NEVER;  // the last segment sent by the pacer (pace_fraction spaces these)
    long paceWakeupPs = NONE;  // the earliest pacing timer still to fire
    boolean rtoTimerPending;
    final Connection connection;  // null: the flow is its own connection

    WindowFlow(int id, long baseRttPs, int hops, CongestionWindow window, SegmentLedger ledger, RetransmitTimer rto,
               Connection connection) {
        this.id = id;
        this.connection = connection;
        this.baseRttPs = baseRttPs;
        this.hops = hops;
        this.window = window;
        this.ledger = ledger;
        this.rto = rto;
    }
}
