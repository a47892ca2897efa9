package org.cosim.agents.mptcp;

import org.cosim.agents.api.ActionSink;
import org.cosim.agents.util.LongRing;
import org.cosim.agents.window.RetransmitTimer;

/**
 * One flow as an MPTCP connection: the data-level ledger, the subflows, and the
 * scheduler that hands each segment to a subflow. A segment a subflow loses by
 * fast retransmit is resent on that subflow; the segments a subflow held when
 * its timer expired go to a connection-level reinjection queue that any subflow
 * with room serves first (as Linux MPTCP reinjects after a timeout), so a dead
 * path cannot hold the connection's data hostage. The receive buffer is not
 * modelled (the receiver accepts any segment), nor are data-level ACKs: the
 * hardware ACK of each packet serves both levels. A long-lived flow with a close
 * time (stop_us) hands over no new data at or after it, resends what it lost,
 * and is finished when what it sent is ACKed. With syn_handshake the first
 * subflow sends a SYN and the others join (each with its own SYN) once its
 * SYN-ACK is back, as RFC 8684's MP_JOIN needs the keys of the first
 * handshake; a subflow sends data only once it is set up. Every segment asks
 * its NIC to report its transmission (ActionSink.REPORT_TX): a subflow's timer
 * never expires while its oldest outstanding segment is still in the NIC
 * ({@link RetransmitTimer#expiryPs}).
 */
final class MptcpConnection {
    final int flow;
    private final int host;
    private final long reactionDelayPs;
    private final MptcpConfig cfg;
    private final DataLedger data;
    private final Subflow[] subflows;
    private final LongRing reinject = new LongRing();
    private final double[] cwnds;
    private final long[] rtts;
    private final long stopPs;  // when the application closes a long-lived flow; 0: never

    MptcpConnection(int host, int flow, long reactionDelayPs, MptcpConfig cfg, DataLedger data, Subflow[] subflows,
                    long stopPs) {
        this.host = host;
        this.stopPs = stopPs;
        this.reactionDelayPs = reactionDelayPs;
        this.flow = flow;
        this.cfg = cfg;
        this.data = data;
        this.subflows = subflows;
        this.cwnds = new double[subflows.length];
        this.rtts = new long[subflows.length];
    }

    int subflowCount() { return subflows.length; }

    /** The connection's window: its subflows' windows together, in packets. */
    double totalCwnd() {
        double sum = 0;
        for (Subflow sf : subflows) {
            sum += sf.cwnd;
        }
        return sum;
    }
    Subflow subflow(int r) { return subflows[r]; }
    boolean finished() { return data.allAcked(); }

    /**
     * The hardware ACK of the segment at {@code seq}, echoing hand-over time
     * {@code sendTimePs}. Only the ACK of a segment's latest transmission samples
     * the RTT and drives its subflow's window (Karn); any ACK settles the data.
     */
    void onAck(long seq, long sendTimePs, long nowPs) {
        long s = data.segmentAt(seq);
        if (s < 0 || data.isAcked(s)) {
            return;
        }
        Subflow sf = subflows[data.subflowOf(s)];
        if (data.stateOf(s) == DataLedger.SENT) {
            sf.inflight--;
        }
        boolean latest = data.handoverOf(s) == sendTimePs;
        long tx = data.txOf(s);
        data.markAcked(s);
        if (!latest) {
            return;
        }
        sf.sample(nowPs - sendTimePs);
        sf.rto.progress(nowPs);
        if (sf.inRecovery && tx > sf.recoverTx) {
            sf.inRecovery = false;
        }
        if (detectLosses(sf, tx) > 0) {
            if (!sf.inRecovery) {
                sf.enterRecovery();
            }
        } else if (!sf.inRecovery) {
            grow(sf);
        }
    }

    /** Subflow {@code r}'s SYN-ACK, {@code rttPs} after its SYN. */
    void onSynAck(int r, long rttPs, long nowPs) {
        Subflow sf = subflows[r];
        if (sf.syn != null) {
            sf.syn.onSynAck(rttPs, nowPs, sf.rto);
        }
    }

    /** Subflow {@code r}'s retransmission timer fired; returns whether it had expired (else it is re-armed). */
    boolean onTimer(int r, long nowPs) {
        Subflow sf = subflows[r];
        sf.timerPending = false;
        if (sf.syn != null && sf.syn.timedOut(nowPs, sf.rto)) {
            return true;  // the SYN was lost: pump resends it
        }
        if (sf.inflight == 0 || nowPs < timeoutAt(sf)) {
            return false;
        }
        while (!sf.order.isEmpty()) {
            long s = sf.order.poll();
            if (data.isOutOn(s, sf.index, sf.orderTx.poll())) {
                data.markLost(s);
                reinject.add(s);
            }
        }
        while (!sf.lost.isEmpty()) {
            reinject.add(sf.lost.poll());  // stale entries are dropped when served
        }
        sf.collapse();
        sf.rto.expired(nowPs);
        return true;
    }

    /**
     * Hands the NIC, L after {@code nowPs}, every segment the subflows' windows
     * allow (no new data at or after the close time); arms their timers.
     */
    void pump(long nowPs, ActionSink out) {
        long atPs = nowPs + reactionDelayPs;
        if (stopPs > 0 && atPs >= stopPs) {
            data.close();  // whatever would go now goes at or after the close time
        }
        openSubflows(atPs, out);
        for (Subflow sf = pick(); sf != null; sf = pick()) {
            send(sf, nextFor(sf), atPs, out);
        }
        armTimers(nowPs, out);
    }

    /** The segment at {@code seq}, handed over at {@code sendTimePs}, left the NIC at {@code nowPs}. */
    void onTransmitted(long seq, long sendTimePs, long nowPs, ActionSink out) {
        data.transmitted(seq, sendTimePs, nowPs);
        armTimers(nowPs, out);
    }

    /** Arms the timer of every subflow that must guard something and may expire, unless one is pending. */
    private void armTimers(long nowPs, ActionSink out) {
        for (Subflow sf : subflows) {
            if (sf.guarding() && !sf.timerPending) {
                long at = timeoutAt(sf);
                if (at != RetransmitTimer.NO_EXPIRY) {
                    out.setTimer(Math.max(at, nowPs + reactionDelayPs), host, timerId(flow, sf.index));
                    sf.timerPending = true;
                }
            }
        }
    }

    /**
     * When subflow {@code sf}'s timer expires: with data out, {@link
     * RetransmitTimer#expiryPs} of its oldest outstanding transmission (entries of
     * its send order that are no longer out are dropped on the way, as loss
     * detection drops them); with none out, a SYN's timer, from the last progress.
     */
    private long timeoutAt(Subflow sf) {
        while (!sf.order.isEmpty() && !data.isOutOn(sf.order.peek(), sf.index, sf.orderTx.peek())) {
            sf.order.poll();
            sf.orderTx.poll();
        }
        return sf.order.isEmpty() ? sf.rto.deadlinePs() : sf.rto.expiryPs(data.txAtOf(sf.order.peek()));
    }

    /**
     * SYNs for the subflows not yet set up: the first at once, the others once
     * the first is up; none once the data is all out (a subflow's SYN carries
     * its index as seq, which its SYN-ACK returns).
     */
    private void openSubflows(long atPs, ActionSink out) {
        if (!data.hasNew() && reinject.isEmpty()) {
            return;
        }
        for (Subflow sf : subflows) {
            if (sf.syn != null && (sf.index == 0 || subflows[0].established())) {
                sf.syn.open(atPs, host, flow, sf.index, sf.path, sf.rto, out);
            }
        }
    }

    static long timerId(int flow, int subflow) {
        return (long) flow * MptcpConfig.MAX_SUBFLOWS + subflow;
    }

    /**
     * The subflow with room and something to send: lowest smoothed RTT first
     * (Linux's default scheduler), except that a subflow whose timer expired is
     * served only when no healthy one has room (Linux marks it potentially
     * failed); it still gets data then, which is how it finds out that its path
     * works again.
     */
    private Subflow pick() {
        boolean shared = hasShared();
        Subflow best = null;
        for (Subflow sf : subflows) {
            if (sf.hasRoom() && (shared || hasOwn(sf)) && (best == null || sf.before(best))) {
                best = sf;
            }
        }
        return best;
    }

    private boolean hasOwn(Subflow sf) {
        dropStale(sf.lost);
        return !sf.lost.isEmpty();
    }

    private boolean hasShared() {
        dropStale(reinject);
        return !reinject.isEmpty() || data.hasNew();
    }

    /** Own losses first, then reinjections, then new data. */
    private long nextFor(Subflow sf) {
        if (hasOwn(sf)) {
            return sf.lost.poll();
        }
        if (!reinject.isEmpty()) {
            return reinject.poll();
        }
        return data.nextNew();
    }

    private void dropStale(LongRing q) {
        while (!q.isEmpty() && !data.isLost(q.peek())) {
            q.poll();
        }
    }

    private void send(Subflow sf, long s, long atPs, ActionSink out) {
        if (sf.inflight == 0) {
            sf.rto.restart(atPs);
        }
        long tx = ++sf.transmissions;
        data.sent(s, sf.index, tx, atPs);
        sf.order.add(s);
        sf.orderTx.add(tx);
        sf.inflight++;
        out.sendSegment(atPs, host, flow, data.seqOf(s), data.bytesOf(s), sf.path, ActionSink.REPORT_TX);
    }

    /** Declares lost this subflow's transmissions sent {@value Subflow#REORDER_THRESHOLD} or more before {@code ackedTx}. */
    private int detectLosses(Subflow sf, long ackedTx) {
        int found = 0;
        while (!sf.order.isEmpty()) {
            long s = sf.order.peek();
            long tx = sf.orderTx.peek();
            if (data.isOutOn(s, sf.index, tx)) {
                if (tx > ackedTx - Subflow.REORDER_THRESHOLD) {
                    break;
                }
                data.markLost(s);
                sf.inflight--;
                sf.lost.add(s);
                found++;
            }
            sf.order.poll();
            sf.orderTx.poll();
        }
        return found;
    }

    /** Slow start (one packet per ACK) below ssthresh, else the linked (or uncoupled) increase. */
    private void grow(Subflow sf) {
        double step;
        if (sf.cwnd < sf.ssthresh) {
            step = 1;
        } else {
            for (int i = 0; i < subflows.length; i++) {
                cwnds[i] = subflows[i].cwnd;
                rtts[i] = subflows[i].srttPs;
            }
            step = LinkedIncrease.perAck(cfg.coupled(), cwnds, rtts, subflows.length, sf.index);
        }
        sf.cwnd = Math.min(cfg.maxCwndPackets(), sf.cwnd + step);
    }
}
