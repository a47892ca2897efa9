package org.cosim.agents.window;

import org.cosim.agents.util.LongRing;

/**
 * Which segments of one flow are out, ACKed or lost, in arrays (no allocation
 * per packet once they have grown). Segment i is bytes [i * S, (i+1) * S) of the
 * flow. Every transmission gets a number in send order; a hardware ACK is matched
 * to the transmission it answers by the hand-over time it echoes.
 *
 * <p>Loss inference: paths are FIFO and a flow keeps its ECMP path, so ACKs come
 * back in send order. A transmission is declared lost once the ACK of a
 * transmission sent {@value #REORDER_THRESHOLD} or more later arrives (the
 * three-duplicate-ACK rule of TCP, on per-packet ACKs). A timeout declares every
 * outstanding segment lost (go-back-N). Lost segments are resent first.
 *
 * <p>A transmission may be marked <em>extra</em>: sent by the pacer of a
 * window's fractional part, beyond the whole packets the ACK clock keeps out.
 * {@link #clockedInflight()} leaves the extra ones out, so an ACK of a clocked
 * segment releases a clocked one and the fraction adds to the ACK clock instead
 * of taking one of its places.
 */
public final class SegmentLedger {
    public static final int REORDER_THRESHOLD = 3;
    /** {@link #oldestOutstandingTxPs()}: nothing is outstanding. */
    public static final long NOTHING_OUT = Long.MIN_VALUE + 1;

    /** What an ACK did. */
    public enum Ack { NEW, DUPLICATE, UNKNOWN }

    private static final byte SENT = 1;
    private static final byte LOST = 2;
    private static final byte ACKED = 3;

    private final int segmentBytes;
    private long sizeBytes;  // Long.MAX_VALUE for a long-lived flow until it closes
    private long segments;
    // ring over segment indices [base, next)
    private byte[] state = new byte[64];
    private long[] handover = new long[64];
    private long[] txNumber = new long[64];
    private boolean[] extra = new boolean[64];
    private long[] txAt = new long[64];  // when it left the NIC; RetransmitTimer.IN_NIC: not reported yet
    private long base;
    private long next;
    private int inflight;
    private int extraInflight;
    private long transmissions;
    private long ackedBytes;
    private final LongRing order = new LongRing();      // transmissions in send order: segment, number
    private final LongRing orderTx = new LongRing();
    private final LongRing lost = new LongRing();        // segments to resend, oldest first
    private long matchedTx;

    /** {@code sizeBytes} 0 = long-lived. */
    public SegmentLedger(int segmentBytes, long sizeBytes) {
        this.segmentBytes = segmentBytes;
        this.sizeBytes = sizeBytes == 0 ? Long.MAX_VALUE : sizeBytes;
        this.segments = sizeBytes == 0 ? Long.MAX_VALUE : (sizeBytes + segmentBytes - 1) / segmentBytes;
    }

    /** Segments sent and neither ACKed nor declared lost. */
    public int inflight() { return inflight; }
    /** The outstanding transmissions the ACK clock counts: {@link #inflight()} less the extra ones. */
    public int clockedInflight() { return inflight - extraInflight; }
    /** Outstanding transmissions sent as extra (the window's fraction). */
    public int extraInflight() { return extraInflight; }
    public long ackedBytes() { return ackedBytes; }
    public long transmissions() { return transmissions; }
    public int lostWaiting() { return lost.size(); }

    /** snd_nxt: the byte offset just past the highest new data handed to the NIC. */
    public long sentEndBytes() {
        return Math.min(next * segmentBytes, sizeBytes);
    }

    public boolean allAcked() {
        return base >= segments;
    }

    /**
     * The application closed the flow (stop_us): the segments handed over so far
     * are all it will send. Lost ones are still resent; the flow is done when
     * they are ACKed. Only a long-lived flow closes, so every segment is whole.
     */
    public void close() {
        if (next < segments) {
            segments = next;
            sizeBytes = next * segmentBytes;
        }
    }

    /** Whether the next segment to send would be new data (no lost one waits). */
    public boolean nextIsNew() {
        dropStaleLost();
        return lost.isEmpty();
    }

    /** Something to send: a lost segment or new data. */
    public boolean hasWork() {
        dropStaleLost();
        return !lost.isEmpty() || next < segments;
    }

    /** The segment to send next: the oldest lost one, else the next new one. Call after {@link #hasWork()}. */
    public long nextToSend() {
        dropStaleLost();
        return lost.isEmpty() ? next : lost.peek();
    }

    public long seqOf(long segment) {
        return segment * segmentBytes;
    }

    public int bytesOf(long segment) {
        return (int) Math.min(segmentBytes, sizeBytes - segment * segmentBytes);
    }

    /** Segment {@code s} (from {@link #nextToSend()}) was handed to the NIC at {@code handoverPs}. */
    public void sent(long s, long handoverPs) {
        sent(s, handoverPs, false);
    }

    /** As {@link #sent(long, long)}; {@code asExtra}: beyond the ACK clock (the window's fraction). */
    public void sent(long s, long handoverPs, boolean asExtra) {
        if (s == next) {
            if (next - base == state.length) {
                grow();
            }
            next++;
        } else {
            dropStaleLost();
            if (lost.isEmpty() || lost.peek() != s) {
                throw new IllegalArgumentException("segment " + s + " is neither new (" + next
                        + ") nor the oldest lost one");
            }
            lost.poll();
        }
        int i = slot(s);
        state[i] = SENT;
        handover[i] = handoverPs;
        txNumber[i] = ++transmissions;
        extra[i] = asExtra;
        txAt[i] = RetransmitTimer.IN_NIC;
        order.add(s);
        orderTx.add(transmissions);
        inflight++;
        if (asExtra) {
            extraInflight++;
        }
    }

    /**
     * The ACK of the segment starting at {@code seq}, echoing the hand-over time
     * {@code sendTimePs}. Afterwards {@link #matchedTransmission()} names the
     * transmission it answers (0: an earlier one than the latest).
     */
    public Ack ack(long seq, long sendTimePs) {
        matchedTx = 0;
        if (seq % segmentBytes != 0 || seq / segmentBytes >= next) {
            return Ack.UNKNOWN;
        }
        long s = seq / segmentBytes;
        if (s < base || state[slot(s)] == ACKED) {
            return Ack.DUPLICATE;
        }
        int i = slot(s);
        if (handover[i] == sendTimePs) {
            matchedTx = txNumber[i];
        }
        if (state[i] == SENT) {
            inflight--;
            if (extra[i]) {
                extraInflight--;
            }
        }
        state[i] = ACKED;
        ackedBytes += bytesOf(s);
        while (base < next && state[slot(base)] == ACKED) {
            base++;
        }
        return Ack.NEW;
    }

    /**
     * The transmission of the segment at {@code seq} handed over at {@code sendTimePs}
     * left the NIC at {@code txPs} (a TransmittedEvent); an earlier transmission of it is ignored.
     */
    public void transmitted(long seq, long sendTimePs, long txPs) {
        if (seq % segmentBytes != 0) {
            return;
        }
        long s = seq / segmentBytes;
        if (s >= base && s < next && state[slot(s)] == SENT && handover[slot(s)] == sendTimePs) {
            txAt[slot(s)] = txPs;
        }
    }

    /**
     * When the oldest outstanding transmission left the NIC: {@link
     * RetransmitTimer#IN_NIC} while it is still in the NIC, {@link #NOTHING_OUT} when nothing is outstanding.
     */
    public long oldestOutstandingTxPs() {
        for (long s = base; s < next; s++) {
            if (state[slot(s)] == SENT) {
                return txAt[slot(s)];
            }
        }
        return NOTHING_OUT;
    }

    /** The transmission number the last {@link #ack} answered, or 0. */
    public long matchedTransmission() {
        return matchedTx;
    }

    /**
     * Declares lost every outstanding transmission sent at least
     * {@value #REORDER_THRESHOLD} before transmission {@code ackedTx}, which was
     * just ACKed. Returns how many.
     */
    public int detectLosses(long ackedTx) {
        int found = 0;
        while (!order.isEmpty()) {
            long s = order.peek();
            long tx = orderTx.peek();
            if (s >= base && state[slot(s)] == SENT && txNumber[slot(s)] == tx) {
                if (tx > ackedTx - REORDER_THRESHOLD) {
                    break;
                }
                markLost(s);
                found++;
            }
            order.poll();
            orderTx.poll();
        }
        return found;
    }

    /** A retransmission timeout: every outstanding segment is presumed lost, oldest first. */
    public void timeoutAll() {
        lost.clear();
        for (long s = base; s < next; s++) {
            byte st = state[slot(s)];
            if (st == SENT || st == LOST) {
                state[slot(s)] = LOST;
                lost.add(s);
            }
        }
        inflight = 0;
        extraInflight = 0;
        order.clear();
        orderTx.clear();
    }

    private void markLost(long s) {
        state[slot(s)] = LOST;
        inflight--;
        if (extra[slot(s)]) {
            extraInflight--;
        }
        lost.add(s);
    }

    /** A lost segment whose late ACK arrived needs no resend. */
    private void dropStaleLost() {
        while (!lost.isEmpty()) {
            long s = lost.peek();
            if (s >= base && state[slot(s)] == LOST) {
                return;
            }
            lost.poll();
        }
    }

    private int slot(long s) {
        return (int) (s & (state.length - 1));
    }

    private void grow() {
        int n = state.length * 2;
        byte[] st = new byte[n];
        long[] h = new long[n];
        long[] tx = new long[n];
        boolean[] x = new boolean[n];
        long[] txs = new long[n];
        for (long s = base; s < next; s++) {
            int from = slot(s);
            int to = (int) (s & (n - 1));
            st[to] = state[from];
            h[to] = handover[from];
            tx[to] = txNumber[from];
            x[to] = extra[from];
            txs[to] = txAt[from];
        }
        state = st;
        handover = h;
        txNumber = tx;
        extra = x;
        txAt = txs;
    }
}
