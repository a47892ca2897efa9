package org.cosim.setup.topology;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import org.cosim.proto.FatTree;
import org.cosim.proto.IncastStar;
import org.cosim.proto.LeafSpine;
import org.cosim.proto.Topology;
import org.cosim.scenario.ScenarioException;
import org.junit.jupiter.api.Test;

/** Hosts and switches in N partitions: racks kept whole and balanced by hosts, the other switches spread. */
class PartitionsTest {
    // k = 4: 16 hosts, 4 pods of 2 ToRs (2 hosts each) and 2 aggregation switches, 4 cores; 1 us links.
    private static final TopologyGraph K4 = TopologyBuilders.build(Topology.newBuilder()
            .setFatTree(FatTree.newBuilder().setK(4).setLinkRateGbps(10).setLinkDelayUs(1)).build());

    private static int pod(String switchName) {
        // tor[p][i] and agg[p][j]
        return Integer.parseInt(switchName.substring(switchName.indexOf('[') + 1, switchName.indexOf(']')));
    }

    @Test
    void aFatTreeInTwoHoldsTwoWholePodsEachAndSplitsTheCores() {
        Partitions p = Partitions.of(K4, 2);
        assertArrayEquals(new int[] {8, 8}, p.hostCounts());
        List<Integer> corePartitions = new ArrayList<>();
        for (int s = 0; s < K4.switchCount(); s++) {
            String name = K4.switchName(s);
            if (name.startsWith("core")) {
                corePartitions.add(p.ofSwitch(s));
            } else {
                assertEquals(pod(name) / 2, p.ofSwitch(s), name);  // pods 0, 1 and pods 2, 3
            }
        }
        assertEquals(List.of(0, 1, 0, 1), corePartitions);
        for (int h = 0; h < K4.hostCount(); h++) {
            assertEquals(p.of(K4.hostLink(h).a() == h ? K4.hostLink(h).b() : K4.hostLink(h).a()), p.ofHost(h),
                    "a host with its ToR");
        }
        // Each core has one link to each pod: 2 of its 4 lead to the other partition; 4 cores x 2 = 8.
        assertEquals(8, p.cutLinks().size());
        for (int i : p.cutLinks()) {
            TopologyGraph.Link l = K4.link(i);
            assertTrue(K4.switchName(TopologyGraph.switchId(l.a())).startsWith("agg")
                    || K4.switchName(TopologyGraph.switchId(l.b())).startsWith("agg"), "only agg-core links");
        }
        assertEquals(1_000_000L, p.lookaheadPs());  // 1 us
    }

    @Test
    void aFatTreeInFourHasAPodAndACorePerPartition() {
        Partitions p = Partitions.of(K4, 4);
        assertArrayEquals(new int[] {4, 4, 4, 4}, p.hostCounts());
        int[] cores = new int[4];
        for (int s = 0; s < K4.switchCount(); s++) {
            if (K4.switchName(s).startsWith("core")) {
                cores[p.ofSwitch(s)]++;
            } else {
                assertEquals(pod(K4.switchName(s)), p.ofSwitch(s));
            }
        }
        assertArrayEquals(new int[] {1, 1, 1, 1}, cores);
        assertEquals(12, p.cutLinks().size());  // each core: 3 of its 4 links to other pods' partitions
    }

    @Test
    void aStarInTwoSplitsItsHostsAndTheSwitchGoesWithMostOfThem() {
        // The server is host 0, clients 1-10: 11 hosts; host i's midpoint (i + 1/2) / 11 of the way, below 1/2
        // for i <= 4: hosts 0-4 in partition 0, 5-10 in partition 1, and the switch with the 6.
        TopologyGraph star = TopologyBuilders.build(Topology.newBuilder().setIncastStar(IncastStar.newBuilder()
                .setClients(10).setClientRateGbps(10).setServerRateGbps(20).setLinkDelayUs(5)).build());
        Partitions p = Partitions.of(star, 2);
        assertArrayEquals(new int[] {5, 6}, p.hostCounts());
        for (int h = 0; h < 11; h++) {
            assertEquals(h <= 4 ? 0 : 1, p.ofHost(h));
        }
        assertEquals(1, p.ofSwitch(0));
        assertEquals(5, p.cutLinks().size());  // the links of hosts 0-4
        assertEquals(5_000_000L, p.lookaheadPs());
    }

    @Test
    void aLeafSpinesSpinesGoToTheEmptierPartitionOnATie() {
        // 4 leaves of 2 hosts, 2 spines: leaves 0, 1 and 2, 3; each spine has 2 links to each half.
        TopologyGraph ls = TopologyBuilders.build(Topology.newBuilder().setLeafSpine(LeafSpine.newBuilder()
                .setLeaves(4).setSpines(2).setHostsPerLeaf(2).setHostRateGbps(10).setSpineRateGbps(40)
                .setLinkDelayUs(1)).build());
        Partitions p = Partitions.of(ls, 2);
        List<Integer> spines = new ArrayList<>();
        for (int s = 0; s < ls.switchCount(); s++) {
            if (ls.switchName(s).startsWith("spine")) {
                spines.add(p.ofSwitch(s));
            }
        }
        assertEquals(List.of(0, 1), spines);
    }

    @Test
    void onePartitionHoldsEverythingAndCutsNothing() {
        Partitions p = Partitions.of(K4, 1);
        assertArrayEquals(new int[] {16}, p.hostCounts());
        assertTrue(p.cutLinks().isEmpty());
        assertEquals(0, p.lookaheadPs());
    }

    @Test
    void moreThanOnePartitionPerHostOrNoneIsRefused() {
        assertTrue(assertThrows(ScenarioException.class, () -> Partitions.of(K4, 17)).getMessage()
                .contains("cannot split 16 hosts into 17 partitions: give 1 to 16"));
        assertThrows(ScenarioException.class, () -> Partitions.of(K4, 0));
    }

    @Test
    void aLinkBetweenPartitionsWithoutDelayIsRefusedByName() {
        TopologyGraph g = new TopologyGraph();
        int a = TopologyGraph.switchRef(g.addSwitch("a"));
        int b = TopologyGraph.switchRef(g.addSwitch("b"));
        g.connect(g.addHost("x"), a, 10_000_000_000L, 1_000_000L);
        g.connect(g.addHost("y"), b, 10_000_000_000L, 1_000_000L);
        g.connect(a, b, 10_000_000_000L, 0);
        String message = assertThrows(ScenarioException.class, () -> Partitions.of(g, 2)).getMessage();
        assertTrue(message.contains("link 2 (a - b) joins partitions 0 and 1 with no delay"), message);
    }
}
