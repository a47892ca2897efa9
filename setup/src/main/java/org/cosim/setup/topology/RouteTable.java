package org.cosim.setup.topology;

/**
 * One switch's forwarding choices: for each destination host, the egress ports on a shortest path, ascending (the
 * array is shared and must not be changed). Every host hangs off one switch, and everywhere but at that switch the
 * hosts under it share their choices; so a table holds one entry per such group of hosts, and the ports toward each
 * host at the switch it hangs off. The group of each host, and that last port, are shared by every table of the
 * network: a k = 32 fat tree's 1280 tables hold 512 entries each instead of 8192, and the lookups of a packet's
 * hops stay in a few kilobytes.
 */
public final class RouteTable {
    private static final int[] NO_PORTS = {};
    private final int[] groupOf;   // [host] -> group (shared by every table of the network)
    private final int ownGroup;    // the group of hosts hanging off this switch, or -1
    private final int[][] toward;  // [group] -> ports (the own group's entry is unused)
    private final int[][] atHost;  // [host] -> the one port toward it at the switch it hangs off (shared)

    RouteTable(int[] groupOf, int ownGroup, int[][] toward, int[][] atHost) {
        this.groupOf = groupOf;
        this.ownGroup = ownGroup;
        this.toward = toward;
        this.atHost = atHost;
    }

    /** A table that lists every destination host's ports itself ({@code byHost[dst]}), for hand-built networks. */
    public static RouteTable byHost(int[][] byHost) {
        int[] self = new int[byHost.length];
        for (int h = 0; h < self.length; h++) {
            self[h] = h;
        }
        return new RouteTable(self, -1, byHost, null);
    }

    /** The egress ports toward host {@code dst} on a shortest path, ascending. */
    public int[] ports(int dst) {
        int g = groupOf[dst];
        return g == ownGroup ? atHost[dst] : toward[g];
    }

    /** The group of hosts hanging off this switch, or -1. */
    public int ownGroup() {
        return ownGroup;
    }

    /** The egress ports toward the hosts of group {@code g}, ascending; empty for the own group. */
    public int[] entry(int g) {
        return g == ownGroup || toward[g] == null ? NO_PORTS : toward[g];
    }

    /** How many entries of egress ports the table holds of its own: one per group of hosts. */
    public int entries() {
        return toward.length;
    }

    /** How many destination hosts the table covers. */
    public int hosts() {
        return groupOf.length;
    }
}
