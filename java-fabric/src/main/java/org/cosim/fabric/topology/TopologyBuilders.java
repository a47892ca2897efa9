package org.cosim.fabric.topology;

import org.cosim.proto.Topology;
import org.cosim.scenario.ScenarioException;

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
            case SHAPE_NOT_SET -> throw new ScenarioException("topology", "no topology family chosen (set one of: "
                    + "incast_star, dumbbell, fat_tree, leaf_spine, clos, parking_lot)");
        };
    }

    static long rate(double gbps, String field) {
        if (!(gbps > 0) || Double.isInfinite(gbps)) {
            throw new ScenarioException(field, gbps + " Gb/s: a link rate must be > 0");
        }
        return org.cosim.scenario.Units.gbpsToBps(gbps);
    }

    static long delay(double us, String field) {
        if (!(us >= 0) || Double.isInfinite(us)) {
            throw new ScenarioException(field, us + " us: a delay must be >= 0");
        }
        return org.cosim.scenario.Units.usToPs(us);
    }
}
