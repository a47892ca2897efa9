package org.cosim.agents.mptcp;

import org.cosim.agents.util.LongRing;
import org.cosim.agents.window.RetransmitTimer;
import org.cosim.agents.window.SynHandshake;

/**
 * One TCP subflow of an MPTCP connection, pinned to one source route: its window
 * (slow start below ssthresh, then the connection's increase rule), its
 * transmissions in send order (for loss inference: three later transmissions
 * of this subflow ACKed), the segments it lost and must resend, its smoothed
 * RTT and its retransmission timer. Windows are in packets (segments).
 */
final class Subflow {
    /** Later transmissions ACKed before an earlier one counts as lost: TCP's three duplicate ACKs. */
    static final int REORDER_THRESHOLD = 3;

    final int index;
    final int path;
    final RetransmitTimer rto;
    final SynHandshake syn;  // null: no SYN round trip
    final LongRing order = new LongRing();    // segments in send order
    final LongRing orderTx = new LongRing();  // their transmission numbers
    final LongRing lost = new LongRing();     // segments to resend here (fast retransmit)
    double cwnd;
    double ssthresh;
    long srttPs;
    boolean sampled;
    int inflight;
    long transmissions;
    boolean inRecovery;
    long recoverTx;   // recovery ends with the ACK of a transmission numbered above this
    boolean timerPending;
    boolean suspect;  // timed out, and no ACK of a later transmission since: served last

    Subflow(int index, int path, double cwnd, double ssthresh, long initialRttPs, long minRtoPs,
            SynHandshake syn) {
        this.index = index;
        this.syn = syn;
        this.path = path;
        this.cwnd = cwnd;
        this.ssthresh = ssthresh;
        this.srttPs = Math.max(1, initialRttPs);
        this.rto = new RetransmitTimer(minRtoPs);
    }

    /** Set up (or without a handshake) and with window to spare. */
    boolean hasRoom() {
        return established() && inflight < (int) cwnd;
    }

    boolean established() {
        return syn == null || syn.established();
    }

    /** Its timer must run: data out, or a SYN waiting for its SYN-ACK. */
    boolean guarding() {
        return inflight > 0 || (syn != null && syn.awaitingSynAck());
    }

    /** Whether this subflow should be served before {@code o}: healthy before suspect, then the lower smoothed RTT. */
    boolean before(Subflow o) {
        return suspect != o.suspect ? !suspect : srttPs < o.srttPs;
    }

    /** An RTT sample of an ACK that answers the latest transmission (RFC 6298's srtt gain, 1/8). */
    void sample(long rttPs) {
        srttPs = sampled ? Math.max(1, Math.round(0.875 * srttPs + 0.125 * rttPs)) : Math.max(1, rttPs);
        sampled = true;
        suspect = false;
        rto.sample(rttPs);
    }

    /** A loss outside recovery: halve once for the whole window that was out (NewReno). */
    void enterRecovery() {
        ssthresh = Math.max(cwnd / 2, 2);
        cwnd = ssthresh;
        inRecovery = true;
        recoverTx = transmissions;
    }

    /** A timeout: one packet, slow start back to half the window. */
    void collapse() {
        ssthresh = Math.max(cwnd / 2, 2);
        cwnd = 1;
        inRecovery = false;
        suspect = true;
        inflight = 0;
        order.clear();
        orderTx.clear();
    }
}
