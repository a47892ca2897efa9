package org.cosim.agents.window;

import org.cosim.agents.api.FlowArrivalEvent;

/** Sender-side state of one flow: its window, its segments, its retransmission timer and pacing. */
final class WindowFlow {
    static final long NEVER = Long.MIN_VALUE;
    static final long NONE = Long.MAX_VALUE;

    /**
     * What a flow's arrival declares: its id, size (0: long-lived), hop count, unloaded RTT (the handshake's, else
     * the session's) and the time the application closes it (0: never).
     */
    record Declared(int id, long sizeBytes, int hops, long baseRttPs, long stopPs) {
        static Declared of(FlowArrivalEvent e, long baseRttPs) {
            return new Declared(e.flow(), e.sizeBytes(), e.hops(), baseRttPs, e.stopPs());
        }
    }

    final int id;
    final long baseRttPs;
    final int hops;
    final CongestionWindow window;
    final SegmentLedger ledger;
    final RetransmitTimer rto;
    final long stopPs;  // when the application closes a long-lived flow (stop_us); 0: never
    long lastSendPs = NEVER;
    long lastPacedPs = NEVER;  // the last segment sent by the pacer (pace_fraction spaces these)
    long paceWakeupPs = NONE;  // the earliest pacing timer still to fire
    boolean rtoTimerPending;
    final Connection connection;  // null: the flow is its own connection
    final PathBalancer plb;  // null: PLB off; the connection's when the flow is a message of one
    final SynHandshake syn;  // null: no SYN round trip; the connection's when the flow is a message of one

    WindowFlow(Declared declared, CongestionWindow window, SegmentLedger ledger, RetransmitTimer rto,
               Connection connection, PathBalancer plb, SynHandshake syn) {
        this.id = declared.id();
        this.syn = syn;
        this.plb = plb;
        this.stopPs = declared.stopPs();
        this.connection = connection;
        this.baseRttPs = declared.baseRttPs();
        this.hops = declared.hops();
        this.window = window;
        this.ledger = ledger;
        this.rto = rto;
    }

    /** No data may go yet: the SYN-ACK is not back. */
    boolean settingUp() {
        return syn != null && !syn.established();
    }

    /** Its retransmission timer must run: data out, or a SYN waiting for its SYN-ACK. */
    boolean guarding() {
        return ledger.inflight() > 0 || (syn != null && syn.awaitingSynAck());
    }

    /** The source route of the next segment: PLB's, else the connection's, else 0 (ECMP). */
    int path() {
        return plb != null ? plb.path() : connection != null ? connection.path : 0;
    }

    /**
     * Data handed over at {@code timePs} or later would go at or after the close
     * time: the flow closes (what was handed over is all it sends; lost segments
     * are still resent).
     */
    void closeIfDue(long timePs) {
        if (stopPs > 0 && timePs >= stopPs) {
            ledger.close();
        }
    }
}
