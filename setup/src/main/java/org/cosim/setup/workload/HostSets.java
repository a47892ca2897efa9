package org.cosim.setup.workload;

import java.util.Arrays;
import org.cosim.setup.topology.TopologyGraph;
import org.cosim.proto.HostRange;
import org.cosim.proto.HostSet;
import org.cosim.scenario.ScenarioException;

/** Resolves a scenario's {@link HostSet} (id ranges; empty = every host) against a topology. */
final class HostSets {
    private HostSets() {}

    /** The member host ids in ascending order; {@code field} names the set in errors. */
    static int[] resolve(HostSet set, TopologyGraph g, String field) {
        int n = g.hostCount();
        if (set.getRangesCount() == 0) {
            int[] all = new int[n];
            for (int h = 0; h < n; h++) {
                all[h] = h;
            }
            return all;
        }
        boolean[] in = new boolean[n];
        int members = 0;
        for (int i = 0; i < set.getRangesCount(); i++) {
            HostRange r = set.getRanges(i);
            String at = field + ".ranges[" + i + "]";
            long first = Integer.toUnsignedLong(r.getFirst());
            long count = Integer.toUnsignedLong(r.getCount());
            if (count < 1) {
                throw new ScenarioException(at + ".count", count + ": a range needs at least one host");
            }
            if (first + count > n) {
                throw new ScenarioException(at, "hosts " + first + ".." + (first + count - 1)
                        + " leave the topology (hosts are 0.." + (n - 1) + ")");
            }
            for (int h = (int) first; h < first + count; h++) {
                if (in[h]) {
                    throw new ScenarioException(at, "host " + h + " is already in an earlier range");
                }
                in[h] = true;
                members++;
            }
        }
        int[] out = new int[members];
        for (int h = 0, k = 0; h < n; h++) {
            if (in[h]) {
                out[k++] = h;
            }
        }
        return out;
    }

    /** Whether sorted {@code set} contains {@code host}. */
    static boolean contains(int[] set, int host) {
        return Arrays.binarySearch(set, host) >= 0;
    }
}
