package org.cosim.setup.topology;

import org.cosim.proto.Topology;
import org.cosim.scenario.ScenarioException;
import org.cosim.scenario.Units;

/** Picks the builder for the scenario's topology family. */
public final class TopologyBuilders {
    private TopologyBuilders() {}

    public static TopologyGraph build(Topology t) {
        return switch (t.getShapeCase()) {
            case INCAST_STAR -> IncastStarTopology.build(t.getIncastStar());
            case DUMBBELL -> DumbbellTopology.build(t.getDumbbell());
            case FAT_TREE -> FatTreeTopology.build(t.getFatTree());
            case LEAF_SPINE -> LeafSpineTopology.build(t.getLeafSpine());
            case CLOS -> ClosTopology.build(t.getClos());
            case PARKING_LOT -> ParkingLotTopology.build(t.getParkingLot());
            case FILE -> TopologyFiles.build(t.getFile());
            case SHAPE_NOT_SET -> throw new ScenarioException("topology", "no topology family chosen (set one of: "
                    + "incast_star, dumbbell, fat_tree, leaf_spine, clos, parking_lot, file)");
        };
    }

    /** A network of more hosts or switches than this is refused before it is built (it would not fit in memory). */
    static final long MAX_NODES = 100_000;
    /**
     * A network of more links than this is refused before it is built: each costs about 3.4 KB of memory
     * (a leaf-spine of 1000 x 1000 took 3.4 GB for one run), so this bound is about 1.7 GB. It is five links per
     * node at {@link #MAX_NODES}, and six times the largest fat tree's (k = 48: 82,944 links).
     */
    static final long MAX_LINKS = 500_000;
    static final double MAX_RATE_GBPS = 100_000;
    static final double MAX_DELAY_US = 1e6;

    static long rate(double gbps, String field) {
        return rate(gbps, field, "");
    }

    /**
     * A link rate in whole bits per second: a rate that rounds to 0 b/s would be a link that never sends.
     * {@code alternative} ends the message when the field may hold something else too.
     */
    static long rate(double gbps, String field, String alternative) {
        if (!Units.isRateGbps(gbps) || !(gbps <= MAX_RATE_GBPS)) {
            throw new ScenarioException(field, gbps + " Gb/s: a link rate must be at least 1 b/s and at most "
                    + (long) MAX_RATE_GBPS + " Gb/s" + alternative);
        }
        return Units.gbpsToBps(gbps);
    }

    /** A link's delay, or a switch's forwarding latency (FabricConfig): too long a one would overflow picosecond times. */
    public static long delay(double us, String field) {
        if (!(us >= 0) || !(us <= MAX_DELAY_US)) {
            throw new ScenarioException(field, us + " us: a delay must be >= 0 and at most " + (long) MAX_DELAY_US
                    + " us");
        }
        return Units.usToPs(us);
    }

    /** A uint32 count of the scenario, at least one; shown unsigned in the message when it is out of range. */
    static int count(int value, String field, String one, String many) {
        long v = Integer.toUnsignedLong(value);
        if (v < 1) {
            throw new ScenarioException(field, v + ": need at least one " + one);
        }
        if (v > MAX_NODES) {
            throw new ScenarioException(field, v + ": more than " + MAX_NODES + " " + many);
        }
        return (int) v;
    }

    /** The number of links of a network, checked against {@link #MAX_LINKS}; {@code what} says how they add up. */
    static void checkLinks(String field, long links, String what) {
        if (links > MAX_LINKS) {
            throw new ScenarioException(field, what + ": " + links + " links, more than " + MAX_LINKS
                    + " (they would not fit in memory)");
        }
    }

    /**
     * The routing tables hold an entry per switch and destination host (4 bytes each, the arrays shared), and
     * building them takes a search per host-facing switch over every node: more than this many entries would
     * not fit in memory, or take hours. The largest fat tree (k = 48) has 2880 x 27,648 = 80 M.
     */
    static final long MAX_TABLE_ENTRIES = 250_000_000L;

    /** A network's routing tables (Routing), checked against {@link #MAX_TABLE_ENTRIES}. */
    static void checkTableSize(long hosts, long switches) {
        if (hosts * switches > MAX_TABLE_ENTRIES) {
            throw new ScenarioException("topology", hosts + " hosts x " + switches + " switches: routing tables of "
                    + hosts * switches + " entries, more than " + MAX_TABLE_ENTRIES + " (they would not fit in memory)");
        }
    }

    /** The whole network's size, checked against {@link #MAX_NODES}. */
    static void checkSize(String field, long hosts, long switches) {
        if (hosts > MAX_NODES || switches > MAX_NODES) {
            throw new ScenarioException(field, hosts + " hosts and " + switches + " switches: more than "
                    + MAX_NODES + " of either");
        }
    }
}
