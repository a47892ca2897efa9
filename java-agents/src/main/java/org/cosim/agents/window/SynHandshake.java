package org.cosim.agents.window;

import org.cosim.agents.api.ActionSink;

/**
 * TCP's connection set-up as its sender sees it (scenario {@code syn_handshake}):
 * a SYN, and no data until the SYN-ACK is back. The SYN is a header in the data
 * class (cosim.proto SendSegment.syn), so it waits behind the data in every queue
 * and can be dropped like data; the SYN-ACK is the receiving NIC's ACK of it. A
 * SYN with no answer is resent when the retransmission timer expires: min_rto
 * before any RTT sample, doubled per timeout in a row (RFC 6298 5.5). Ours: the
 * flow's own timer floor, where Linux starts a SYN at 1 s and htsim at 3 s; with
 * millisecond floors a lost SYN costs what a lost data packet costs. The SYN-ACK's
 * round trip is the first RTT sample (RFC 6298 allows it).
 */
public final class SynHandshake {
    private boolean established;
    private boolean synOut;  // a SYN is on its way and has not timed out

    public boolean established() {
        return established;
    }

    /** A SYN is out and its timer must run. */
    public boolean awaitingSynAck() {
        return !established && synOut;
    }

    /**
     * Sends a SYN at {@code atPs} unless the connection is up or a SYN is already
     * out; {@code seq} comes back in the SYN-ACK's completion.
     */
    public void open(long atPs, int host, int flow, long seq, int path, RetransmitTimer rto, ActionSink out) {
        if (established || synOut) {
            return;
        }
        out.sendSyn(atPs, host, flow, seq, path);
        rto.restart(atPs);
        synOut = true;
    }

    /**
     * The SYN-ACK, {@code rttPs} after its SYN: returns whether it set the
     * connection up (the answer to a resent SYN's twin changes nothing).
     */
    public boolean onSynAck(long rttPs, long nowPs, RetransmitTimer rto) {
        if (established) {
            return false;
        }
        established = true;
        synOut = false;
        rto.sample(rttPs);
        rto.progress(nowPs);
        return true;
    }

    /** The timer fired at {@code nowPs}: returns whether the SYN was lost (back off; {@link #open} resends). */
    public boolean timedOut(long nowPs, RetransmitTimer rto) {
        if (!awaitingSynAck() || nowPs < rto.deadlinePs()) {
            return false;
        }
        rto.expired(nowPs);
        synOut = false;
        return true;
    }
}
