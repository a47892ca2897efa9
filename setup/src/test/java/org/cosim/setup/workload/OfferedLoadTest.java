package org.cosim.setup.workload;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.List;
import org.cosim.proto.CdfPoint;
import org.cosim.proto.Dumbbell;
import org.cosim.proto.EmpiricalCdf;
import org.cosim.proto.Flow;
import org.cosim.proto.FlowList;
import org.cosim.proto.FlowSizes;
import org.cosim.proto.LeafSpine;
import org.cosim.proto.Poisson;
import org.cosim.proto.Topology;
import org.cosim.proto.Workload;
import org.cosim.proto.WorkloadMix;
import org.cosim.scenario.ScenarioException;
import org.cosim.scenario.ScenarioFiles;
import org.cosim.setup.RunSetup;
import org.cosim.setup.topology.Routing;
import org.cosim.setup.topology.TopologyBuilders;
import org.cosim.setup.topology.TopologyGraph;
import org.junit.jupiter.api.Test;

/** The load a workload offers each link before a run: Poisson rates x mean sizes, flows, ECMP's equal shares. */
class OfferedLoadTest {
    private static final long MS = 1_000_000_000L;

    private static OfferedLoad load(Workload w, Topology t, long endPs) {
        TopologyGraph g = TopologyBuilders.build(t);
        return OfferedLoad.of(w, g, new Routing(g), 1, endPs);
    }

    /** Two hosts at 10 Gb/s, one each side of a 5 Gb/s bottleneck. */
    private static Topology dumbbell() {
        return Topology.newBuilder().setDumbbell(Dumbbell.newBuilder().setHostsPerSide(1).setHostRateGbps(10)
                .setBottleneckRateGbps(5).setLinkDelayUs(1)).build();
    }

    private static CdfPoint point(long bytes, double p) {
        return CdfPoint.newBuilder().setSizeBytes(bytes).setCumulativeProbability(p).build();
    }

    @Test
    void poissonOffersArrivalRateTimesMeanSizeOnEveryLinkOfThePath() {
        // Sizes: half 1000 B, the other half uniform in 1000..3000 B: mean 0.5 x 1000 + 0.5 x 2000 = 1500 B.
        // Load 0.9 of each sender's 10 Gb/s: 0.9 x 10e9 / (8 x 1500) = 750,000 flows/s, x 1500 B x 8 = 9 Gb/s
        // each way: 90% of the host links, 9 / 5 = 180% of the bottleneck.
        FlowSizes sizes = FlowSizes.newBuilder().setEmpirical(EmpiricalCdf.newBuilder()
                .addPoints(point(1000, 0.5)).addPoints(point(3000, 1))).build();
        OfferedLoad l = load(Workload.newBuilder().setPoisson(Poisson.newBuilder().setSizes(sizes).setLoad(0.9))
                .build(), dumbbell(), MS);
        assertEquals(9e9, l.load("left[0]", "left_switch").offeredBps(), 1);
        assertEquals(90, l.load("left_switch", "left[0]").percent(), "the right host's 9 Gb/s arrive at the left one");
        assertEquals(180, l.load("left_switch", "right_switch").percent());
        assertEquals(180, l.load("right_switch", "left_switch").percent());
        assertEquals(List.of("left_switch -> right_switch links", "right_switch -> left_switch links"),
                l.overloaded().stream().map(OfferedLoad.LinkLoad::linkClass).sorted().toList(),
                "the bottleneck's two directions, not the host links");
    }

    /** 2 leaves x 2 hosts at 100 Gb/s, 4 spines, leaf-spine links at 10 Gb/s. */
    private static Topology leafSpine() {
        return Topology.newBuilder().setLeafSpine(LeafSpine.newBuilder().setLeaves(2).setSpines(4).setHostsPerLeaf(2)
                .setHostRateGbps(100).setSpineRateGbps(10).setLinkDelayUs(1)).build();
    }

    private static Flow flow(int src, int dst, long bytes) {
        return Flow.newBuilder().setSrc(src).setDst(dst).setSizeBytes(bytes).build();
    }

    @Test
    void ecmpSplitsAPairsLoadEquallyOverTheSpines() {
        // Host 0 -> host 2 long-lived: its sender's line rate, 100 Gb/s. Host 1 -> host 3: 2.5 MB from 0 in a
        // 2 ms run, 2.5e6 x 8 / 2e-3 = 10 Gb/s. Leaf 0 sends 110 Gb/s up, 110 / 4 = 27.5 Gb/s per spine: 275% of
        // each 10 Gb/s uplink and of each spine's link down to leaf 1; nothing the other way.
        Workload w = Workload.newBuilder().setFlowList(FlowList.newBuilder().addFlows(flow(0, 2, 0))
                .addFlows(flow(1, 3, 2_500_000))).build();
        OfferedLoad l = load(w, leafSpine(), 2 * MS);
        for (int s = 0; s < 4; s++) {
            assertEquals(27.5e9, l.load("leaf[0]", "spine[" + s + "]").offeredBps(), 1, "spine " + s);
            assertEquals(275, l.load("spine[" + s + "]", "leaf[1]").percent(), "spine " + s);
            assertEquals(0, l.load("leaf[1]", "spine[" + s + "]").offeredBps(), "spine " + s);
        }
        assertEquals(100, l.load("host[0][0]", "leaf[0]").percent());
        assertEquals(10, l.load("leaf[1]", "host[1][1]").percent());
        assertEquals(List.of("leaf -> spine links", "spine -> leaf links"),
                l.overloaded().stream().map(OfferedLoad.LinkLoad::linkClass).sorted().toList());
    }

    @Test
    void aSendersLongLivedFlowsShareItsLineRate() {
        // Host 0's two long-lived flows, to hosts 2 and 3: 50 Gb/s each, 100 Gb/s in all on its link; each
        // spine carries 100 / 4 = 25 Gb/s of them (250%), leaf 1's host links 50% each.
        Workload w = Workload.newBuilder().setFlowList(FlowList.newBuilder().addFlows(flow(0, 2, 0))
                .addFlows(flow(0, 3, 0))).build();
        OfferedLoad l = load(w, leafSpine(), 2 * MS);
        assertEquals(100, l.load("host[0][0]", "leaf[0]").percent());
        assertEquals(250, l.load("leaf[0]", "spine[2]").percent());
        assertEquals(50, l.load("leaf[1]", "host[1][0]").percent());
        assertEquals(50, l.load("leaf[1]", "host[1][1]").percent());
    }

    @Test
    void theDocsWebSearchExampleOverloadsTheRackUplinksOfTheThreeToOneClos() {
        // docs/validation.md, "Standard workloads": WebSearch at load 0.5 on fig19-ur's Clos, 7 racks x 24 hosts
        // at 200 Gb/s, 8 spines at 200 Gb/s (3:1). Each host offers 100 Gb/s to the 167 others uniformly, 144 of
        // them in other racks: a rack sends 24 x 100 x 144 / 167 = 2069.5 Gb/s up over 8 x 200 = 1600 Gb/s:
        // 129.3%; the same comes down into each rack.
        Path file = Path.of("..", "scenarios", "poseidon", "fig19-ur.textproto");
        OfferedLoad l = RunSetup.of(ScenarioFiles.read(file, List.of("duration_us=5000",
                "workload={poisson {sizes {cdf: \"websearch\"} load: 0.5}}", "protocol.poseidon={}"))).offeredLoad();
        OfferedLoad.LinkLoad worst = l.overloaded().get(0);
        assertEquals("ToR -> spine links", worst.linkClass());
        assertEquals(129.3, 100 * worst.fraction(), 1, worst.toString());
        assertEquals(129.3, 100 * l.load("spine[3]", "tor[6]").fraction(), 1);
        assertEquals(50, l.load("rack[2].host[5]", "tor[2]").percent(), "the host links at the load asked");
        assertEquals(List.of("ToR -> spine links", "spine -> ToR links"),
                l.overloaded().stream().map(OfferedLoad.LinkLoad::linkClass).toList());
    }

    @Test
    void ndpFig23OffersTwoThirdsOfTheOversubscribedToRUplinksAndOverloadsNothing() {
        // 512 hosts, 16 under each ToR with 4 x 10 Gb/s uplinks (4:1). Load 0.69 of the 32 x 4 x 10 = 1280 Gb/s of
        // ToR uplinks: 883.2 Gb/s, 1.725 Gb/s per host (17.25% of its link), 496 of its 511 receivers in other
        // racks: 16 x 1.725 x 496 / 511 = 26.79 Gb/s up from each ToR, 6.70 Gb/s on each uplink, 67.0%.
        Path file = Path.of("..", "scenarios", "ndp-fig23-oversubscribed.textproto");
        RunSetup sim = RunSetup.of(ScenarioFiles.read(file, List.of("duration_us=2000",
                "output.warmup_us=0")));
        assertEquals(512, sim.graph().hostCount());
        OfferedLoad l = sim.offeredLoad();
        assertEquals(17.25, 100 * l.load("host[0][0][0]", "tor[0][0]").fraction(), 0.01);
        assertEquals(67.0, 100 * l.load("tor[3][1]", "agg[3][2]").fraction(), 0.05);
        assertEquals(List.of(), l.overloaded());
        // The heavier run, 0.95 of the uplinks: 16 x 2.375 x 496 / 511 / 4 = 9.22 Gb/s each, 92.2%.
        OfferedLoad heavy = RunSetup.of(ScenarioFiles.read(file, List.of("duration_us=2000", "output.warmup_us=0",
                "workload.poisson.load=0.95"))).offeredLoad();
        assertEquals(92.2, 100 * heavy.load("tor[3][1]", "agg[3][2]").fraction(), 0.05);
        assertEquals(List.of(), heavy.overloaded());
    }

    @Test
    void aMixAddsItsPartsAndSaysOnlyAsAWholeThatItOverloads() {
        // The two flow lists of the ECMP case as two parts: the same 275% on the spines.
        Workload a = Workload.newBuilder().setFlowList(FlowList.newBuilder().addFlows(flow(0, 2, 0))).build();
        Workload b = Workload.newBuilder().setFlowList(FlowList.newBuilder().addFlows(flow(1, 3, 2_500_000))).build();
        OfferedLoad l = load(Workload.newBuilder().setMix(WorkloadMix.newBuilder().addParts(a).addParts(b)).build(),
                leafSpine(), 2 * MS);
        assertEquals(275, l.load("leaf[0]", "spine[1]").percent());
        TopologyGraph g = TopologyBuilders.build(leafSpine());
        Workload marked = Workload.newBuilder().setMix(WorkloadMix.newBuilder().addParts(a)
                .addParts(b.toBuilder().setOverloadIntended(true))).build();
        ScenarioException e = assertThrows(ScenarioException.class, () -> Workloads.build(marked, g, 1, 2 * MS));
        assertEquals("workload.mix.parts[1].overload_intended", e.field());
        assertTrue(e.getMessage().contains("on the mix's workload"), e.getMessage());
    }
}
