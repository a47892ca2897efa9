package org.cosim.agents.host;

/**
 * The timers the agents set and the fabric has not yet fired, counted per
 * (host, timer id): each SetTimer fires once, so a TimerFired that matches none
 * is a fabric firing a timer nobody set, and an agent would act on it (resend,
 * pull, pace) as if it had. Open addressing with linear probing and
 * backward-shift removal over primitive arrays: nothing is allocated per timer.
 */
final class PendingTimers {
    private int[] hosts;
    private long[] ids;
    private int[] counts;  // 0: the slot is empty
    private int used;

    PendingTimers() {
        hosts = new int[64];
        ids = new long[64];
        counts = new int[64];
    }

    /** Host {@code host}'s agent set timer {@code id}. */
    void set(int host, long id) {
        if (2 * (used + 1) > counts.length) {
            grow();
        }
        int mask = counts.length - 1;
        for (int i = slot(host, id, mask); ; i = (i + 1) & mask) {
            if (counts[i] == 0) {
                hosts[i] = host;
                ids[i] = id;
                counts[i] = 1;
                used++;
                return;
            }
            if (hosts[i] == host && ids[i] == id) {
                counts[i]++;
                return;
            }
        }
    }

    /** Timer {@code id} of host {@code host} fired: false when none such is pending. */
    boolean fire(int host, long id) {
        int mask = counts.length - 1;
        for (int i = slot(host, id, mask); counts[i] != 0; i = (i + 1) & mask) {
            if (hosts[i] == host && ids[i] == id) {
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
            int home = slot(hosts[i], ids[i], mask);
            // Entry i stays where it is when its home slot lies cyclically in (hole, i]; else it fills the hole.
            boolean staysPut = hole <= i ? home > hole && home <= i : home > hole || home <= i;
            if (!staysPut) {
                hosts[hole] = hosts[i];
                ids[hole] = ids[i];
                counts[hole] = counts[i];
                counts[i] = 0;
                hole = i;
            }
        }
    }

    private void grow() {
        int[] oldHosts = hosts;
        long[] oldIds = ids;
        int[] oldCounts = counts;
        hosts = new int[oldCounts.length * 2];
        ids = new long[oldCounts.length * 2];
        counts = new int[oldCounts.length * 2];
        int mask = counts.length - 1;
        for (int j = 0; j < oldCounts.length; j++) {
            if (oldCounts[j] != 0) {
                int i = slot(oldHosts[j], oldIds[j], mask);
                while (counts[i] != 0) {
                    i = (i + 1) & mask;
                }
                hosts[i] = oldHosts[j];
                ids[i] = oldIds[j];
                counts[i] = oldCounts[j];
            }
        }
    }

    private static int slot(int host, long id, int mask) {
        long h = (id ^ ((long) host << 40) ^ host) * 0x9E3779B97F4A7C15L;
        return (int) (h >>> 40) & mask;
    }
}
