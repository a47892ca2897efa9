package org.cosim.agents.window;

/**
 * The retransmission timeout of one flow: RFC 6298's estimator (srtt, rttvar,
 * RTO = srtt + 4 rttvar, floored at min_rto) on fabric RTT samples, doubled per
 * timeout in a row (up to 64x). The timer is lazy: the sender keeps at most one
 * kernel timer per flow and re-arms it when it fires early, so ACKs cost no
 * timer actions. It runs from the last progress: the last ACK of new data, or
 * the send that ended an idle period; for outstanding data also from the moment
 * the oldest outstanding transmission left the NIC ({@link #expiryPs}).
 */
public final class RetransmitTimer {
    /** A transmission's TX time while it is still in the NIC (not reported yet). */
    public static final long IN_NIC = Long.MIN_VALUE;
    /** {@link #expiryPs}: no expiry until the oldest outstanding transmission leaves the NIC. */
    public static final long NO_EXPIRY = Long.MAX_VALUE;
    private static final int MAX_BACKOFF = 6;

    private final long minRtoPs;
    private double srtt;
    private double rttvar;
    private boolean primed;
    private int backoff;
    private long progressPs;

    public RetransmitTimer(long minRtoPs) {
        this.minRtoPs = minRtoPs;
    }

    public void sample(long rttPs) {
        if (!primed) {
            srtt = rttPs;
            rttvar = rttPs / 2.0;
            primed = true;
        } else {
            rttvar = 0.75 * rttvar + 0.25 * Math.abs(srtt - rttPs);
            srtt = 0.875 * srtt + 0.125 * rttPs;
        }
    }

    public long rtoPs() {
        long base = primed ? Math.max(minRtoPs, (long) Math.ceil(srtt + 4 * rttvar)) : minRtoPs;
        return base << Math.min(backoff, MAX_BACKOFF);
    }

    /** New data was ACKed: the timeout runs from now, without back-off. */
    public void progress(long nowPs) {
        progressPs = nowPs;
        backoff = 0;
    }

    /** A send ended an idle period (or resent after a timeout): the timeout runs from now, back-off kept. */
    public void restart(long nowPs) {
        progressPs = nowPs;
    }

    public long deadlinePs() {
        return progressPs + rtoPs();
    }

    /**
     * When the timeout of outstanding data expires, given the TX time of its oldest
     * outstanding transmission (the NIC's report): an RTO after the last progress and
     * an RTO after that transmission left the NIC, whichever is later; {@link #NO_EXPIRY}
     * while it is {@link #IN_NIC}. Linux likewise arms its RTO from the transmit and
     * does not retransmit data still in the host's queues, and an RDMA NIC runs its
     * retransmission timer from the wire: data waiting in its own NIC is not lost.
     */
    public long expiryPs(long oldestTxPs) {
        return oldestTxPs == IN_NIC ? NO_EXPIRY : Math.max(deadlinePs(), oldestTxPs + rtoPs());
    }

    /** The timeout fired: back off, and run again from now. */
    public void expired(long nowPs) {
        backoff++;
        progressPs = nowPs;
    }
}
