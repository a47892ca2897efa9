package org.cosim.setup.topology;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.cosim.proto.FatTree;
import org.cosim.proto.LinkChange;
import org.cosim.proto.Topology;
import org.cosim.scenario.ScenarioException;
import org.junit.jupiter.api.Test;

/** topology.link_changes name a link between two switches, a time inside the run and a rate; checked by field. */
class LinkChangesTest {
    private static final TopologyGraph K4 = TopologyBuilders.build(Topology.newBuilder()
            .setFatTree(FatTree.newBuilder().setK(4).setLinkRateGbps(10).setLinkDelayUs(1)).build());
    private static final long DURATION = 10_000_000_000L;  // 10 ms

    private static LinkChange change(String a, String b, double atUs, double gbps) {
        return LinkChange.newBuilder().setA(a).setB(b).setAtUs(atUs).setRateGbps(gbps).build();
    }

    private static String refused(LinkChange c) {
        ScenarioException e = assertThrows(ScenarioException.class,
                () -> LinkChanges.resolve(List.of(change("core[0]", "agg[0][0]", 1, 1), c), K4, DURATION));
        return e.field();
    }

    @Test
    void aChangeNamesTheLinkEitherWayAndChangesComeInTimeOrder() {
        List<LinkChanges.Change> c = LinkChanges.resolve(List.of(change("core[0]", "agg[1][0]", 500, 1),
                change("agg[1][0]", "core[0]", 200, 2.5), change("core[0]", "agg[0][0]", 500, 4)), K4, DURATION);
        TopologyGraph.Link l = K4.link(c.get(0).link());
        assertTrue(K4.switchName(TopologyGraph.switchId(l.a())).startsWith("core[0]")
                || K4.switchName(TopologyGraph.switchId(l.b())).startsWith("core[0]"));
        assertEquals(c.get(0).link(), c.get(1).link(), "the same link, named both ways");
        assertEquals(200_000_000L, c.get(0).atPs());
        assertEquals(2_500_000_000L, c.get(0).rateBps());
        assertEquals(List.of(200_000_000L, 500_000_000L, 500_000_000L), c.stream().map(LinkChanges.Change::atPs).toList());
        assertEquals(1_000_000_000L, c.get(1).rateBps(), "equal times keep the scenario's order");
        assertEquals(4_000_000_000L, c.get(2).rateBps());
    }

    @Test
    void rateZeroTakesTheLinkDown() {
        assertEquals(0, LinkChanges.resolve(List.of(change("core[0]", "agg[0][0]", 1, 0)), K4, DURATION).get(0)
                .rateBps());
    }

    @Test
    void mistakesAreNamedByField() {
        assertEquals("topology.link_changes[1].a", refused(change("core[9]", "agg[0][0]", 1, 1)));
        assertEquals("topology.link_changes[1].b", refused(change("core[0]", "host[0][0][0]", 1, 1)));
        assertEquals("topology.link_changes[1]", refused(change("core[0]", "agg[0][1]", 1, 1)));
        assertEquals("topology.link_changes[1].at_us", refused(change("core[0]", "agg[0][0]", 10_000, 1)));
        assertEquals("topology.link_changes[1].at_us", refused(change("core[0]", "agg[0][0]", -1, 1)));
        assertEquals("topology.link_changes[1].rate_gbps", refused(change("core[0]", "agg[0][0]", 1, -1)));
        assertEquals("topology.link_changes[1].rate_gbps", refused(change("core[0]", "agg[0][0]", 1, 1e20)),
                "above the topologies' cap on link rates");
        assertEquals("topology.link_changes[1].rate_gbps", refused(change("core[0]", "agg[0][0]", 1, 1e-12)),
                "rounds to 0 b/s, which would take the link down: only 0 does");
        assertEquals("topology.link_changes[1].rate_gbps",
                refused(change("core[0]", "agg[0][0]", 1, Double.POSITIVE_INFINITY)));
    }
}
