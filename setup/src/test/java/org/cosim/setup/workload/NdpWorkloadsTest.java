package org.cosim.setup.workload;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.HashSet;
import java.util.Set;
import org.cosim.proto.FatTree;
import org.cosim.proto.Incast;
import org.cosim.proto.Permutation;
import org.cosim.proto.RandomDestinations;
import org.cosim.proto.Topology;
import org.cosim.proto.Workload;
import org.cosim.scenario.ScenarioException;
import org.cosim.setup.topology.TopologyBuilders;
import org.cosim.setup.topology.TopologyGraph;
import org.junit.jupiter.api.Test;

/** Permutation, random destinations and the N->1 incast on a fat tree (k = 4: 16 hosts). */
class NdpWorkloadsTest {
    private static TopologyGraph fatTree() {
        return TopologyBuilders.build(Topology.newBuilder().setFatTree(FatTree.newBuilder().setK(4)
                .setLinkRateGbps(10).setLinkDelayUs(1)).build());
    }

    private static int[] destinations(FlowTable t) {
        return java.util.stream.IntStream.range(0, t.size()).map(t::dst).toArray();
    }

    private static int[] sources(FlowTable t) {
        return java.util.stream.IntStream.range(0, t.size()).map(t::src).toArray();
    }

    private static FlowTable permutation(long seed) {
        return Workloads.build(Workload.newBuilder().setPermutation(Permutation.newBuilder().setFlowBytes(0)
                .setStartUs(2)).build(), fatTree(), seed);
    }

    @Test
    void aPermutationSendsFromAndToEveryHostOnceAndNeverToItself() {
        FlowTable t = permutation(1);
        assertEquals(16, t.size());
        Set<Integer> receivers = new HashSet<>();
        for (int f = 0; f < 16; f++) {
            assertEquals(f, t.src(f), "flow i is host i's");
            assertNotEquals(f, t.dst(f));
            receivers.add(t.dst(f));
            assertEquals(0, t.sizeBytes(f));
            assertEquals(2_000_000, t.startPs(f));
        }
        assertEquals(16, receivers.size());
        assertArrayEquals(destinations(permutation(1)), destinations(t), "keyed by the seed");
        assertFalse(java.util.Arrays.equals(destinations(permutation(2)), destinations(t)), "another seed, another one");
    }

    @Test
    void derangementsOfEverySizeHaveNoFixedPoint() {
        for (int n = 2; n < 40; n++) {
            int[] p = Permutations.derangement(3, n);
            assertEquals(n, java.util.Arrays.stream(p).distinct().count());
            for (int i = 0; i < n; i++) {
                assertNotEquals(i, p[i]);
            }
        }
    }

    @Test
    void randomDestinationsAvoidTheSenderAndMayCollide() {
        FlowTable t = Workloads.build(Workload.newBuilder().setRandom(RandomDestinations.newBuilder()
                .setFlowsPerHost(3).setFlowBytes(1000)).build(), fatTree(), 9);
        assertEquals(48, t.size());
        Set<Integer> receivers = new HashSet<>();
        for (int f = 0; f < 48; f++) {
            assertEquals(f / 3, t.src(f), "host by host");
            assertNotEquals(t.src(f), t.dst(f));
            receivers.add(t.dst(f));
        }
        assertTrue(receivers.size() > 8, "spread over the hosts: " + receivers);
        FlowTable again = Workloads.build(Workload.newBuilder().setRandom(RandomDestinations.newBuilder()
                .setFlowsPerHost(3).setFlowBytes(1000)).build(), fatTree(), 9);
        assertArrayEquals(destinations(t), destinations(again), "keyed by the seed");
        assertThrows(ScenarioException.class, () -> Workloads.build(Workload.newBuilder().setRandom(
                RandomDestinations.newBuilder().setFlowsPerHost(0)).build(), fatTree(), 9));
    }

    @Test
    void anIncastOnAFatTreeDrawsDistinctSendersAndMonitorsTheReceiversLink() {
        TopologyGraph g = fatTree();
        FlowTable t = Workloads.build(Workload.newBuilder().setIncast(Incast.newBuilder().setConnectionsPerClient(1)
                .setFlowBytes(450_000).setReceiver(5).setSenders(10)).build(), g, 4);
        assertEquals(10, t.size());
        Set<Integer> senders = new HashSet<>();
        for (int f = 0; f < 10; f++) {
            assertEquals(5, t.dst(f));
            assertNotEquals(5, t.src(f));
            assertTrue(f == 0 || t.src(f) > t.src(f - 1), "ascending sender ids");
            senders.add(t.src(f));
        }
        assertEquals(10, senders.size());
        assertEquals(1, g.monitored().size());
        TopologyGraph.Link access = g.hostLink(5);
        assertEquals(new TopologyGraph.PortRef(TopologyGraph.switchId(access.b()), access.portB()), g.monitored().get(0));
    }

    @Test
    void theHighestIdsChoiceTakesTheLastHostsSkippingTheReceiver() {
        FlowTable t = Workloads.build(Workload.newBuilder().setIncast(Incast.newBuilder().setConnectionsPerClient(1)
                .setFlowBytes(450_000).setSenders(4).setSenderChoice(Incast.SenderChoice.HIGHEST_IDS)).build(),
                fatTree(), 4);
        assertArrayEquals(new int[] {12, 13, 14, 15}, sources(t), "the NDP authors' incast: hosts 16-N..15 to host 0");
        assertEquals(0, t.dst(0));
        FlowTable all = Workloads.build(Workload.newBuilder().setIncast(Incast.newBuilder().setConnectionsPerClient(1)
                .setFlowBytes(1).setReceiver(15).setSenders(15).setSenderChoice(Incast.SenderChoice.HIGHEST_IDS))
                .build(), fatTree(), 4);
        assertEquals(15, all.size());
        assertEquals(0, all.src(0), "every host but the receiver");
        assertEquals(14, all.src(14));
        FlowTable otherSeed = Workloads.build(Workload.newBuilder().setIncast(Incast.newBuilder()
                .setConnectionsPerClient(1).setFlowBytes(1).setSenders(4)
                .setSenderChoice(Incast.SenderChoice.HIGHEST_IDS)).build(), fatTree(), 99);
        assertArrayEquals(sources(t), sources(otherSeed), "no draw: the seed does not move them");
    }

    @Test
    void aSenderChoiceWithoutSendersIsRefused() {
        ScenarioException e = assertThrows(ScenarioException.class, () -> Workloads.build(Workload.newBuilder()
                .setIncast(Incast.newBuilder().setConnectionsPerClient(1).setFlowBytes(1)
                        .setSenderChoice(Incast.SenderChoice.HIGHEST_IDS)).build(), fatTree(), 1));
        assertEquals("workload.incast.sender_choice", e.field());
        e = assertThrows(ScenarioException.class, () -> Workloads.build(Workload.newBuilder()
                .setIncast(Incast.newBuilder().setConnectionsPerClient(1).setFlowBytes(1).setSenders(3)
                        .setSenderChoiceValue(7)).build(), fatTree(), 1));
        assertEquals("workload.incast.sender_choice", e.field());
        assertTrue(e.getMessage().contains("unknown value 7"), e.getMessage());
    }

    @Test
    void withoutSendersAnIncastUsesEveryOtherHost() {
        FlowTable t = Workloads.build(Workload.newBuilder().setIncast(Incast.newBuilder().setConnectionsPerClient(2)
                .setFlowBytes(1)).build(), fatTree(), 4);
        assertEquals(30, t.size());
        assertEquals(1, t.src(0));
        assertEquals(0, t.dst(0));
    }

    @Test
    void badIncastsAreRefusedByField() {
        ScenarioException e = assertThrows(ScenarioException.class, () -> Workloads.build(Workload.newBuilder()
                .setIncast(Incast.newBuilder().setConnectionsPerClient(1).setSenders(16)).build(), fatTree(), 1));
        assertEquals("workload.incast.senders", e.field());
        e = assertThrows(ScenarioException.class, () -> Workloads.build(Workload.newBuilder()
                .setIncast(Incast.newBuilder().setConnectionsPerClient(1).setReceiver(16)).build(), fatTree(), 1));
        assertEquals("workload.incast.receiver", e.field());
    }
}
