package org.cosim.agents.host;

/**
 * A multiset of keys (int, long, int): what the agents started and the fabric
 * may answer once per start. The timers set and not yet fired, by (host, timer
 * id, 0): a TimerFired that matches none is a fabric firing a timer nobody set,
 * and an agent would act on it (resend, pull, pace) as if it had. The segments
 * sent with an ACK asked for and not yet completed, by (flow, seq, bytes): a copy
 * sent n times completes n times, no more. Open addressing with linear probing and
 * backward-shift removal over primitive arrays: nothing is allocated per key.
 */
final class KeyMultiset {
    private int[] hosts;
    private long[] ids;
    private int[] thirds;
    private int[] counts;  // 0: the slot is empty
    private int used;

    KeyMultiset() {
        hosts = new int[64];
        ids = new long[64];
        thirds = new int[64];
        counts = new int[64];
    }

    /** One more of the key. */
    void add(int host, long id, int third) {
        if (2 * (used + 1) > counts.length) {
            grow();
        }
        int mask = counts.length - 1;
        for (int i = slot(host, id, third, mask); ; i = (i + 1) & mask) {
            if (counts[i] == 0) {
                hosts[i] = host;
                ids[i] = id;
                thirds[i] = third;
                counts[i] = 1;
                used++;
                return;
            }
            if (hosts[i] == host && ids[i] == id && thirds[i] == third) {
                counts[i]++;
                return;
            }
        }
    }

    /** One of the key is taken: false when there is none. */
    boolean take(int host, long id, int third) {
        int mask = counts.length - 1;
        for (int i = slot(host, id, third, mask); counts[i] != 0; i = (i + 1) & mask) {
            if (hosts[i] == host && ids[i] == id && thirds[i] == third) {
                if (--counts[i] == 0) {
                    remove(i);
                }
                return true;
            }
        }
        return false;
    }

    /** Empties slot {@code hole}, moving later entries of its probe run back so every lookup still finds them. */
    private void remove(int hole) {
        used--;
        int mask = counts.length - 1;
        for (int i = (hole + 1) & mask; counts[i] != 0; i = (i + 1) & mask) {
            int home = slot(hosts[i], ids[i], thirds[i], mask);
            // Entry i stays where it is when its home slot lies cyclically in (hole, i]; else it fills the hole.
            boolean staysPut = hole <= i ? home > hole && home <= i : home > hole || home <= i;
            if (!staysPut) {
                hosts[hole] = hosts[i];
                ids[hole] = ids[i];
                thirds[hole] = thirds[i];
                counts[hole] = counts[i];
                counts[i] = 0;
                hole = i;
            }
        }
    }

    private void grow() {
        int[] oldHosts = hosts;
        long[] oldIds = ids;
        int[] oldThirds = thirds;
        int[] oldCounts = counts;
        hosts = new int[oldCounts.length * 2];
        ids = new long[oldCounts.length * 2];
        thirds = new int[oldCounts.length * 2];
        counts = new int[oldCounts.length * 2];
        int mask = counts.length - 1;
        for (int j = 0; j < oldCounts.length; j++) {
            if (oldCounts[j] != 0) {
                int i = slot(oldHosts[j], oldIds[j], oldThirds[j], mask);
                while (counts[i] != 0) {
                    i = (i + 1) & mask;
                }
                hosts[i] = oldHosts[j];
                ids[i] = oldIds[j];
                thirds[i] = oldThirds[j];
                counts[i] = oldCounts[j];
            }
        }
    }

    private static int slot(int host, long id, int third, int mask) {
        long h = (id ^ ((long) host << 40) ^ host ^ ((long) third << 20)) * 0x9E3779B97F4A7C15L;
        return (int) (h >>> 40) & mask;
    }
}
