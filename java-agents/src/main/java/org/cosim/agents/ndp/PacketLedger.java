package org.cosim.agents.ndp;

/**
 * The sender's record of one flow's packets from the oldest un-ACKed one to the
 * newest sent: each packet's state, when it was last handed to the NIC, when
 * that transmission left the NIC and on which path. A ring of primitive arrays that grows only when the window of
 * un-ACKed packets outgrows it, so steady-state sending allocates nothing.
 */
final class PacketLedger {
    static final byte IN_FLIGHT = 1;
    static final byte ACKED = 2;
    /** NACKed, returned or lost: waiting to be sent again. */
    static final byte QUEUED = 3;
    /** {@link #txAt}: the packet's last transmission is still in the NIC. */
    static final long IN_NIC = Long.MIN_VALUE;

    private byte[] state;
    private long[] sentAt;
    private long[] txAt;  // when the last transmission left the NIC; IN_NIC: still in it (not reported)
    private int[] path;
    private long base;  // lowest packet not ACKed
    private long end;   // one past the highest packet sent

    PacketLedger(int initialCapacity) {
        int c = Integer.highestOneBit(Math.max(16, initialCapacity - 1) * 2);
        state = new byte[c];
        sentAt = new long[c];
        txAt = new long[c];
        path = new int[c];
    }

    long base() {
        return base;
    }

    long end() {
        return end;
    }

    boolean holds(long packet) {
        return packet >= base && packet < end;
    }

    /** The state of a packet inside [base, end); ACKED below base. */
    byte state(long packet) {
        return packet < base ? ACKED : state[slot(packet)];
    }

    long sentAt(long packet) {
        return sentAt[slot(packet)];
    }

    /** When the packet's last transmission left the NIC; {@link #IN_NIC} while it is still in the NIC. */
    long txAt(long packet) {
        return txAt[slot(packet)];
    }

    /** The transmission of {@code packet} handed over at {@code sentPs} left the NIC at {@code txPs}; false if stale. */
    boolean transmitted(long packet, long sentPs, long txPs) {
        if (!holds(packet) || state[slot(packet)] != IN_FLIGHT || sentAt[slot(packet)] != sentPs) {
            return false;
        }
        txAt[slot(packet)] = txPs;
        return true;
    }

    int path(long packet) {
        return path[slot(packet)];
    }

    /** Records a send: a new packet (packet == end) or a resend of one inside the window. */
    void sent(long packet, long timePs, int p) {
        if (packet == end) {
            if (end - base == state.length) {
                grow();
            }
            end++;
        }
        int i = slot(packet);
        state[i] = IN_FLIGHT;
        sentAt[i] = timePs;
        txAt[i] = IN_NIC;
        path[i] = p;
    }

    void set(long packet, byte s) {
        state[slot(packet)] = s;
        while (base < end && state[slot(base)] == ACKED) {
            base++;
        }
    }

    private int slot(long packet) {
        return (int) (packet & (state.length - 1));
    }

    private void grow() {
        int n = state.length * 2;
        byte[] s = new byte[n];
        long[] t = new long[n];
        long[] x = new long[n];
        int[] p = new int[n];
        for (long k = base; k < end; k++) {
            int from = slot(k);
            int to = (int) (k & (n - 1));
            s[to] = state[from];
            t[to] = sentAt[from];
            x[to] = txAt[from];
            p[to] = path[from];
        }
        state = s;
        sentAt = t;
        txAt = x;
        path = p;
    }
}
