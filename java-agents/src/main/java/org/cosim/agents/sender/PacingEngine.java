package org.cosim.agents.sender;

import org.cosim.agents.api.ActionSink;

/**
 * TIMELY's rate control engine (SIGCOMM'15 §4.3), per host: each segment gets a
 * send time {@code last send + segment bits / rate}; rate changes apply lazily, and
 * a segment whose send time comes due is re-checked against the flow's current
 * rate and pushed back if the rate has dropped.
 *
 * <p>With the reaction delay L of the window rule, a segment can only be handed to
 * the NIC at L after the event that decides it. So the engine wakes up L before a
 * segment's send time, re-checks the rate then, and commits the segment for its
 * send time. A rate drop that lands in the last L before the send time misses that
 * segment: that is the host's reaction delay. Segments already due go out at once
 * (at now + L). The NIC serves committed segments of all flows in hand-over order.
 * With {@link NicPacing} (TIMELY's Fig 16), a segment's packets are spaced at the
 * NIC pacing rate instead of going back to back.
 */
public final class PacingEngine {
    private final int host;
    private final long reactionDelayPs;
    private final int segmentBytes;
    private final int maxOutstanding;
    private final NicPacing nicPacing;

    public PacingEngine(int host, long reactionDelayPs, int segmentBytes, int maxOutstanding) {
        this(host, reactionDelayPs, segmentBytes, maxOutstanding, NicPacing.OFF);
    }

    public PacingEngine(int host, long reactionDelayPs, int segmentBytes, int maxOutstanding, NicPacing nicPacing) {
        this.host = host;
        this.reactionDelayPs = reactionDelayPs;
        this.segmentBytes = segmentBytes;
        this.maxOutstanding = maxOutstanding;
        this.nicPacing = nicPacing;
    }

    /** Whether the completion of bytes [seq, seq + bytes) of {@code f} completes one of its segments. */
    boolean completesSegment(SenderFlow f, long seq, int bytes) {
        long end = seq + bytes;
        return !nicPacing.on() || end % segmentBytes == 0 || end >= f.sizeBytes;
    }

    /** Spacing after a segment of {@code bytes} at {@code rateBps}, rounded up to a picosecond. */
    public static long gapPs(int bytes, double rateBps) {
        return (long) Math.ceil(bytes * 8e12 / rateBps);
    }

    /**
     * The flow's pacing rate. A law's NaN, zero or negative rate would otherwise turn into no spacing at all
     * (NaN and negatives) or an overflowing one (zero), and the run would go on as if unpaced.
     */
    private static double checkedRate(SenderFlow f) {
        double rate = f.rate.rateBps();
        if (!(rate > 0) || Double.isInfinite(rate)) {
            throw new IllegalStateException("rate law gave flow " + f.flow + " a pacing rate of " + rate
                    + " b/s (it must be a finite number > 0)");
        }
        return rate;
    }

    /** Commits every segment of {@code f} that is due within L, or sets a wake-up for the next one. */
    void pump(SenderFlow f, long now, ActionSink out) {
        long earliest = now + reactionDelayPs;
        while (!f.wakeupPending && f.hasUnsentData() && f.outstanding < maxOutstanding) {
            long due = f.lastSendPs == SenderFlow.NEVER
                    ? earliest
                    : Math.max(f.lastSendPs + gapPs(f.lastBytes, checkedRate(f)), earliest);
            if (f.closedAt(due)) {
                f.close();  // the next segment would go after the flow's close time: nothing more to send
                return;
            }
            if (!Lookahead.commitNow(due, now, reactionDelayPs)) {
                out.setTimer(Lookahead.wakeAt(due, reactionDelayPs), host, f.flow);
                f.wakeupPending = true;
                return;
            }
            int bytes = (int) Math.min(segmentBytes, f.sizeBytes - f.nextSeq);
            hand(f, due, bytes, out);
            f.lastSendPs = due;
            f.lastBytes = bytes;
            f.nextSeq += bytes;
            f.outstanding++;
        }
    }

    /**
     * Hands the segment at f.nextSeq to the NIC at {@code due}: whole, or with NIC
     * pacing as pieces of at most one MTU, each {@code piece / pacing rate} after
     * the previous one of the flow (a segment due while the last one's pieces are
     * still going continues after them).
     */
    private void hand(SenderFlow f, long due, int bytes, ActionSink out) {
        if (!nicPacing.on()) {
            out.sendSegment(due, host, f.flow, f.nextSeq, bytes, 0);
            return;
        }
        long t = Math.max(due, f.nicFreePs);
        for (int off = 0; off < bytes; ) {
            int piece = Math.min(nicPacing.pieceBytes(), bytes - off);
            out.sendSegment(t, host, f.flow, f.nextSeq + off, piece, 0);
            t += gapPs(piece, nicPacing.rateBps());
            off += piece;
        }
        f.nicFreePs = t;
    }

    /** The wake-up of {@code f} fired: re-check its rate and commit or wait again. */
    void wake(SenderFlow f, long now, ActionSink out) {
        f.wakeupPending = false;
        pump(f, now, out);
    }
}
