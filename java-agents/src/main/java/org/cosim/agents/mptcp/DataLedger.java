package org.cosim.agents.mptcp;

import org.cosim.agents.window.RetransmitTimer;

/**
 * The connection-level (data sequence) state of one MPTCP flow: for every segment
 * still below the highest sent, whether it is out, lost or ACKed, and which
 * subflow carries its latest transmission, under which subflow transmission
 * number and hand-over time (the hardware ACK echoes the hand-over time, which
 * tells the ACK of the latest copy from a late one of an earlier copy), and
 * when that transmission left the NIC (the NIC's report). Arrays
 * in a ring over [base, next), base the oldest unACKed segment; nothing is
 * allocated per packet once they have grown. Segment i is bytes [i S, (i+1) S).
 */
final class DataLedger {
    static final byte SENT = 1;
    static final byte LOST = 2;
    static final byte ACKED = 3;

    private final int segmentBytes;
    private long sizeBytes;  // Long.MAX_VALUE for a long-lived flow until it closes
    private long segments;
    private byte[] state = new byte[64];
    private byte[] subflow = new byte[64];
    private long[] tx = new long[64];
    private long[] handover = new long[64];
    private long[] txAt = new long[64];  // RetransmitTimer.IN_NIC: not reported yet
    private long base;
    private long next;

    /** {@code sizeBytes} 0 = long-lived. */
    DataLedger(int segmentBytes, long sizeBytes) {
        this.segmentBytes = segmentBytes;
        this.sizeBytes = sizeBytes == 0 ? Long.MAX_VALUE : sizeBytes;
        this.segments = sizeBytes == 0 ? Long.MAX_VALUE : (sizeBytes + segmentBytes - 1) / segmentBytes;
    }

    boolean allAcked() { return base >= segments; }

    /** The application closed the flow (stop_us): the segments handed over so far are all it sends. */
    void close() {
        if (next < segments) {
            segments = next;
            sizeBytes = next * segmentBytes;
        }
    }
    boolean hasNew() { return next < segments; }
    long nextNew() { return next; }
    long seqOf(long s) { return s * segmentBytes; }
    int bytesOf(long s) { return (int) Math.min(segmentBytes, sizeBytes - s * segmentBytes); }

    /** The segment starting at byte {@code seq}, or -1 if no segment starting there was ever sent. */
    long segmentAt(long seq) {
        if (seq < 0 || seq % segmentBytes != 0 || seq / segmentBytes >= next) {
            return -1;
        }
        return seq / segmentBytes;
    }

    boolean isAcked(long s) { return s < base || state[slot(s)] == ACKED; }
    boolean isLost(long s) { return s >= base && s < next && state[slot(s)] == LOST; }
    byte stateOf(long s) { return state[slot(s)]; }
    int subflowOf(long s) { return subflow[slot(s)]; }
    long txOf(long s) { return tx[slot(s)]; }
    long handoverOf(long s) { return handover[slot(s)]; }
    /** When the segment's latest transmission left the NIC; RetransmitTimer.IN_NIC while it is still in it. */
    long txAtOf(long s) { return txAt[slot(s)]; }

    /**
     * The transmission of the segment at {@code seq} handed over at {@code handoverPs}
     * left the NIC at {@code txPs}; a report of an earlier transmission is ignored.
     */
    void transmitted(long seq, long handoverPs, long txPs) {
        long s = segmentAt(seq);
        if (s >= base && state[slot(s)] == SENT && handover[slot(s)] == handoverPs) {
            txAt[slot(s)] = txPs;
        }
    }

    /** Transmission {@code txNo} of subflow {@code sub} is the segment's latest and is still out. */
    boolean isOutOn(long s, int sub, long txNo) {
        if (s < base || s >= next) {
            return false;
        }
        int i = slot(s);
        return state[i] == SENT && subflow[i] == sub && tx[i] == txNo;
    }

    /** Segment {@code s} (the next new one, or a lost one) went out on subflow {@code sub}. */
    void sent(long s, int sub, long txNo, long handoverPs) {
        if (s == next) {
            if (next - base == state.length) {
                grow();
            }
            next++;
        } else if (!isLost(s)) {
            throw new IllegalArgumentException("segment " + s + " is neither new (" + next + ") nor lost");
        }
        int i = slot(s);
        state[i] = SENT;
        subflow[i] = (byte) sub;
        tx[i] = txNo;
        handover[i] = handoverPs;
        txAt[i] = RetransmitTimer.IN_NIC;
    }

    void markLost(long s) {
        state[slot(s)] = LOST;
    }

    void markAcked(long s) {
        state[slot(s)] = ACKED;
        while (base < next && state[slot(base)] == ACKED) {
            base++;
        }
    }

    private int slot(long s) {
        return (int) (s & (state.length - 1));
    }

    private void grow() {
        int n = state.length * 2;
        byte[] st = new byte[n];
        byte[] sub = new byte[n];
        long[] t = new long[n];
        long[] h = new long[n];
        long[] x = new long[n];
        for (long s = base; s < next; s++) {
            int from = slot(s);
            int to = (int) (s & (n - 1));
            st[to] = state[from];
            sub[to] = subflow[from];
            t[to] = tx[from];
            h[to] = handover[from];
            x[to] = txAt[from];
        }
        state = st;
        subflow = sub;
        tx = t;
        handover = h;
        txAt = x;
    }
}
