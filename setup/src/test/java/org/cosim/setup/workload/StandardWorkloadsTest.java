package org.cosim.setup.workload;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.HashSet;
import java.util.Set;
import org.cosim.proto.CdfPoint;
import org.cosim.proto.Clos;
import org.cosim.proto.EmpiricalCdf;
import org.cosim.proto.FlowSizes;
import org.cosim.proto.HostRange;
import org.cosim.proto.HostSet;
import org.cosim.proto.LoadReference;
import org.cosim.proto.Poisson;
import org.cosim.proto.RandomDestinations;
import org.cosim.proto.RotatingIncast;
import org.cosim.proto.Topology;
import org.cosim.proto.Workload;
import org.cosim.proto.WorkloadMix;
import org.cosim.scenario.ScenarioException;
import org.cosim.setup.topology.TopologyBuilders;
import org.cosim.setup.topology.TopologyGraph;
import org.junit.jupiter.api.Test;

/**
 * The standard workloads: Poisson arrivals at a target load with fixed or
 * empirical sizes, the rotating incast, mixes, host sets. A Clos of 4 racks x 4
 * hosts at 100 Gb/s, 2 spines, 2:1 (uplinks 100 Gb/s: 200 Gb/s per rack).
 */
class StandardWorkloadsTest {
    private static final long MS = 1_000_000_000L;

    private static TopologyGraph clos() {
        return TopologyBuilders.build(Topology.newBuilder().setClos(Clos.newBuilder().setRacks(4).setHostsPerRack(4)
                .setHostRateGbps(100).setSpines(2).setOversubscription(2).setLinkDelayUs(1)).build());
    }

    private static HostSet rack(int r) {
        return HostSet.newBuilder().addRanges(HostRange.newBuilder().setFirst(4 * r).setCount(4)).build();
    }

    private static FlowSizes fixed(long bytes) {
        return FlowSizes.newBuilder().setFixedBytes(bytes).build();
    }

    private static Workload poisson(Poisson.Builder p) {
        return Workload.newBuilder().setPoisson(p).build();
    }

    private static long bytes(FlowTable t) {
        long sum = 0;
        for (int f = 0; f < t.size(); f++) {
            sum += t.sizeBytes(f);
        }
        return sum;
    }

    @Test
    void poissonArrivalsOfferTheTargetLoadOfTheSendersLinks() {
        // 16 senders x 100 Gb/s x 30% = 480 Gb/s offered, 64 KB flows, 20 ms: about 18,300 flows.
        FlowTable t = Workloads.build(poisson(Poisson.newBuilder().setSizes(fixed(65536)).setLoad(0.3)
                .setDurationUs(20_000)), clos(), 7);
        double gbps = bytes(t) * 8 / 0.020 / 1e9;
        assertEquals(480, gbps, 480 * 0.03, "offered load");
        long last = -1;
        for (int f = 0; f < t.size(); f++) {
            assertNotEquals(t.src(f), t.dst(f), "flow " + f + " to its own sender");
            assertTrue(t.startPs(f) >= last && t.startPs(f) < 20 * MS, "flows go by start time");
            last = t.startPs(f);
        }
    }

    @Test
    void interArrivalTimesAreExponential() {
        // One sender to one receiver: the gaps' coefficient of variation is 1 for a Poisson process.
        FlowTable t = Workloads.build(poisson(Poisson.newBuilder().setSizes(fixed(10_000)).setLoad(0.1)
                .setSenders(HostSet.newBuilder().addRanges(HostRange.newBuilder().setFirst(0).setCount(1)))
                .setReceivers(rack(1)).setDurationUs(100_000)), clos(), 3);
        double n = t.size() - 1;
        double mean = (t.startPs(t.size() - 1) - t.startPs(0)) / n;
        double var = 0;
        for (int f = 1; f < t.size(); f++) {
            double d = t.startPs(f) - t.startPs(f - 1) - mean;
            var += d * d / n;
        }
        assertEquals(1.0, Math.sqrt(var) / mean, 0.05, "CV of " + t.size() + " gaps");
        // 100 Gb/s x 10% / 80 kbit = 125,000 flows/s: 12,500 in 100 ms.
        assertEquals(12_500, t.size(), 12_500 * 0.03);
    }

    @Test
    void theUplinkReferenceIsTheSendersRacksUplinks() {
        // Rack 0 -> rack 1 at 60% of rack 0's two 100 Gb/s uplinks: 120 Gb/s.
        FlowTable t = Workloads.build(poisson(Poisson.newBuilder().setSizes(fixed(131072)).setLoad(0.6)
                .setReference(LoadReference.SENDER_UPLINKS).setSenders(rack(0)).setReceivers(rack(1))
                .setDurationUs(50_000)), clos(), 1);
        assertEquals(120, bytes(t) * 8 / 0.050 / 1e9, 120 * 0.04);
        for (int f = 0; f < t.size(); f++) {
            assertTrue(t.src(f) < 4 && t.dst(f) >= 4 && t.dst(f) < 8, "flow " + f + ": " + t.src(f) + "->" + t.dst(f));
        }
    }

    @Test
    void everyDrawIsKeyedBySeedAndIdentity() {
        Workload w = poisson(Poisson.newBuilder().setSizes(fixed(65536)).setLoad(0.2).setDurationUs(1000));
        FlowTable a = Workloads.build(w, clos(), 5);
        FlowTable b = Workloads.build(w, clos(), 5);
        assertArrayEquals(a.destinations(), b.destinations());
        assertEquals(a.startPs(a.size() - 1), b.startPs(b.size() - 1));
        FlowTable c = Workloads.build(w, clos(), 6);
        assertTrue(c.size() != a.size() || c.startPs(0) != a.startPs(0), "another seed, other arrivals");
        // A longer duration only adds flows at the end: earlier draws do not depend on how many come after.
        FlowTable longer = Workloads.build(poisson(Poisson.newBuilder().setSizes(fixed(65536)).setLoad(0.2)
                .setDurationUs(2000)), clos(), 5);
        for (int f = 0; f < a.size(); f++) {
            assertEquals(a.startPs(f), longer.startPs(f));
            assertEquals(a.dst(f), longer.dst(f));
        }
    }

    @Test
    void arrivalsUntilTheEndOfTheRunWhenNoDurationIsGiven() {
        Workload w = poisson(Poisson.newBuilder().setSizes(fixed(65536)).setLoad(0.2).setStartUs(100));
        FlowTable t = Workloads.build(w, clos(), 1, 2 * MS);
        assertTrue(t.startPs(0) >= 100_000_000L && t.startPs(t.size() - 1) < 2 * MS);
        ScenarioException e = assertThrows(ScenarioException.class, () -> Workloads.build(w, clos(), 1));
        assertEquals("workload.poisson.duration_us", e.field());
    }

    @Test
    void empiricalSizesFollowTheCdf() {
        EmpiricalCdf cdf = EmpiricalCdf.newBuilder()
                .addPoints(CdfPoint.newBuilder().setSizeBytes(1000).setCumulativeProbability(0.5))
                .addPoints(CdfPoint.newBuilder().setSizeBytes(3000).setCumulativeProbability(0.75))
                .addPoints(CdfPoint.newBuilder().setSizeBytes(11000).setCumulativeProbability(1)).build();
        FlowSizeDistribution d = FlowSizeDistribution.from(FlowSizes.newBuilder().setEmpirical(cdf).build(), "x");
        assertEquals(1000, d.sizeAt(0.2), "below the first point's probability: its size");
        assertEquals(2000, d.sizeAt(0.625), "halfway between 1000 and 3000");
        assertEquals(7000, d.sizeAt(0.875));
        // 0.5 x 1000 + 0.25 x 2000 + 0.25 x 7000
        assertEquals(2750, d.meanBytes(), 1e-9);
        FlowTable t = Workloads.build(poisson(Poisson.newBuilder().setSizes(FlowSizes.newBuilder().setEmpirical(cdf))
                .setLoad(0.1).setDurationUs(20_000)), clos(), 2);
        int small = 0;
        for (int f = 0; f < t.size(); f++) {
            assertTrue(t.sizeBytes(f) >= 1000 && t.sizeBytes(f) <= 11000);
            small += t.sizeBytes(f) == 1000 ? 1 : 0;
        }
        assertEquals(0.5, small / (double) t.size(), 0.02, "half the flows at the first point");
        assertEquals(2750, bytes(t) / (double) t.size(), 2750 * 0.03, "sample mean");
    }

    @Test
    void badCdfsAndSizesNameTheField() {
        EmpiricalCdf decreasing = EmpiricalCdf.newBuilder().setSource("x.txt")
                .addPoints(CdfPoint.newBuilder().setSizeBytes(1000).setCumulativeProbability(0.5))
                .addPoints(CdfPoint.newBuilder().setSizeBytes(900).setCumulativeProbability(1)).build();
        ScenarioException e = assertThrows(ScenarioException.class, () -> Workloads.build(poisson(Poisson.newBuilder()
                .setSizes(FlowSizes.newBuilder().setEmpirical(decreasing)).setLoad(0.1).setDurationUs(10)), clos()));
        assertEquals("workload.poisson.sizes.empirical.points[1].size_bytes", e.field());
        assertTrue(e.getMessage().contains("x.txt"), e.getMessage());
        EmpiricalCdf unfinished = EmpiricalCdf.newBuilder()
                .addPoints(CdfPoint.newBuilder().setSizeBytes(1000).setCumulativeProbability(0.9)).build();
        e = assertThrows(ScenarioException.class, () -> Workloads.build(poisson(Poisson.newBuilder()
                .setSizes(FlowSizes.newBuilder().setEmpirical(unfinished)).setLoad(0.1).setDurationUs(10)), clos()));
        assertEquals("workload.poisson.sizes.empirical.points[0].cumulative_probability", e.field());
        e = assertThrows(ScenarioException.class, () -> Workloads.build(poisson(Poisson.newBuilder()
                .setSizes(fixed(1000)).setLoad(0).setDurationUs(10)), clos()));
        assertEquals("workload.poisson.load", e.field());
        e = assertThrows(ScenarioException.class, () -> Workloads.build(poisson(Poisson.newBuilder()
                .setSizes(fixed(1000)).setLoad(0.5).setDurationUs(10).setSenders(HostSet.newBuilder()
                        .addRanges(HostRange.newBuilder().setFirst(14).setCount(3)))), clos()));
        assertEquals("workload.poisson.senders.ranges[0]", e.field());
        assertTrue(e.getMessage().contains("0..15"), e.getMessage());
    }

    @Test
    void drawnSizesAndMessagesAbove2To62AreRefusedNamingTheField() {
        ScenarioException e = assertThrows(ScenarioException.class, () -> Workloads.build(poisson(Poisson.newBuilder()
                .setSizes(fixed(-1)).setLoad(0.1).setDurationUs(10)), clos()));
        assertEquals("workload.poisson.sizes.fixed_bytes", e.field());
        assertTrue(e.getMessage().contains("18446744073709551615"), e.getMessage());
        EmpiricalCdf huge = EmpiricalCdf.newBuilder()
                .addPoints(CdfPoint.newBuilder().setSizeBytes(1000).setCumulativeProbability(0.5))
                .addPoints(CdfPoint.newBuilder().setSizeBytes((1L << 62) + 1).setCumulativeProbability(1)).build();
        e = assertThrows(ScenarioException.class, () -> Workloads.build(poisson(Poisson.newBuilder()
                .setSizes(FlowSizes.newBuilder().setEmpirical(huge)).setLoad(0.1).setDurationUs(10)), clos()));
        assertEquals("workload.poisson.sizes.empirical.points[1].size_bytes", e.field());
        e = assertThrows(ScenarioException.class, () -> Workloads.build(Workload.newBuilder()
                .setRotatingIncast(RotatingIncast.newBuilder().setSenders(rack(1)).setReceivers(rack(0))
                        .setMessageBytes(-1).setSenderRateGbps(1).setDurationUs(10)).build(), clos()));
        assertEquals("workload.rotating_incast.message_bytes", e.field());
        assertTrue(e.getMessage().contains("more than"), e.getMessage());
    }

    @Test
    void theRotatingIncastHitsOneTargetPerRoundAndCyclesThroughTheReceivers() {
        // Racks 2-3 send 64 KB messages at 0.5 Gb/s each into rack 0: a round every 1.048576 ms.
        FlowTable t = Workloads.build(Workload.newBuilder().setRotatingIncast(RotatingIncast.newBuilder()
                .setSenders(HostSet.newBuilder().addRanges(HostRange.newBuilder().setFirst(8).setCount(8)))
                .setReceivers(rack(0)).setMessageBytes(65536).setSenderRateGbps(0.5).setDurationUs(10_000)).build(),
                clos(), 9);
        long period = 1_048_576_000L;
        assertEquals(10 * 8, t.size(), "10 rounds (the 10th starts at 9.4 ms) of 8 messages");
        Set<Integer> firstCycle = new HashSet<>();
        for (int k = 0; k < 10; k++) {
            int target = t.dst(8 * k);
            for (int i = 0; i < 8; i++) {
                int f = 8 * k + i;
                assertEquals(8 + i, t.src(f));
                assertEquals(target, t.dst(f), "one target per round");
                assertEquals(k * period, t.startPs(f));
            }
            if (k < 4) {
                firstCycle.add(target);
            } else {
                assertEquals(t.dst(8 * (k - 4)), target, "the order repeats every 4 rounds");
            }
        }
        assertEquals(Set.of(0, 1, 2, 3), firstCycle, "every receiver once per cycle");
        ScenarioException e = assertThrows(ScenarioException.class, () -> Workloads.build(Workload.newBuilder()
                .setRotatingIncast(RotatingIncast.newBuilder().setSenders(rack(0)).setReceivers(rack(0))
                        .setMessageBytes(1000).setSenderRateGbps(1).setDurationUs(10)).build(), clos()));
        assertEquals("workload.rotating_incast.receivers", e.field());
    }

    @Test
    void aMixNumbersFlowsPartByPartAndKeysEachPartApart() {
        Workload random = Workload.newBuilder().setRandom(RandomDestinations.newBuilder().setFlowsPerHost(2)).build();
        Workload mix = Workload.newBuilder().setMix(WorkloadMix.newBuilder().addParts(random).addParts(random)).build();
        FlowTable t = Workloads.build(mix, clos(), 4);
        assertEquals(64, t.size());
        int same = 0;
        for (int f = 0; f < 32; f++) {
            assertEquals(t.src(f), t.src(32 + f), "each part numbered as alone");
            same += t.dst(f) == t.dst(32 + f) ? 1 : 0;
        }
        assertTrue(same < 16, same + " of 32 destinations alike: the parts draw independently");
        Workload nested = Workload.newBuilder().setMix(WorkloadMix.newBuilder().addParts(random).addParts(mix)).build();
        ScenarioException e = assertThrows(ScenarioException.class, () -> Workloads.build(nested, clos()));
        assertEquals("workload.mix.parts[1].mix", e.field());
        Workload bad = Workload.newBuilder().setMix(WorkloadMix.newBuilder().addParts(random).addParts(Workload
                .newBuilder().setRandom(RandomDestinations.newBuilder().setFlowsPerHost(0)))).build();
        e = assertThrows(ScenarioException.class, () -> Workloads.build(bad, clos()));
        assertEquals("workload.mix.parts[1].random.flows_per_host", e.field(), "errors name the part");
    }

    @Test
    void randomDestinationsStayInsideTheirHostSet() {
        HostSet middle = HostSet.newBuilder().addRanges(HostRange.newBuilder().setFirst(1).setCount(14)).build();
        FlowTable t = Workloads.build(Workload.newBuilder().setRandom(RandomDestinations.newBuilder()
                .setFlowsPerHost(4).setHosts(middle)).build(), clos(), 1);
        assertEquals(56, t.size());
        for (int f = 0; f < t.size(); f++) {
            assertEquals(1 + f / 4, t.src(f));
            assertTrue(t.dst(f) >= 1 && t.dst(f) <= 14 && t.dst(f) != t.src(f), "flow " + f + " -> " + t.dst(f));
        }
        // The whole set is every host: the same draws as without a set.
        HostSet all = HostSet.newBuilder().addRanges(HostRange.newBuilder().setFirst(0).setCount(16)).build();
        assertArrayEquals(Workloads.build(Workload.newBuilder().setRandom(RandomDestinations.newBuilder()
                .setFlowsPerHost(2)).build(), clos(), 3).destinations(), Workloads.build(Workload.newBuilder()
                .setRandom(RandomDestinations.newBuilder().setFlowsPerHost(2).setHosts(all)).build(), clos(), 3)
                .destinations());
    }

    @Test
    void longLivedFlowsCanCloseAtAStopTime() {
        FlowTable t = Workloads.build(Workload.newBuilder().setIncast(org.cosim.proto.Incast.newBuilder()
                .setConnectionsPerClient(2).setStopUs(500)).build(), clos(), 1);
        assertTrue(t.hasStops());
        for (int f = 0; f < t.size(); f++) {
            assertEquals(500_000_000L, t.stopPs(f));
        }
        assertEquals(-1, Workloads.build(Workload.newBuilder().setIncast(org.cosim.proto.Incast.newBuilder()
                .setConnectionsPerClient(1)).build(), clos(), 1).stopPs(0), "no stop: never");
        ScenarioException e = assertThrows(ScenarioException.class, () -> Workloads.build(Workload.newBuilder()
                .setIncast(org.cosim.proto.Incast.newBuilder().setConnectionsPerClient(1).setFlowBytes(1000)
                        .setStopUs(500)).build(), clos()));
        assertEquals("workload.incast.stop_us", e.field());
        assertTrue(e.getMessage().contains("only long-lived flows"), e.getMessage());
        e = assertThrows(ScenarioException.class, () -> Workloads.build(Workload.newBuilder().setFlowList(
                org.cosim.proto.FlowList.newBuilder().addFlows(org.cosim.proto.Flow.newBuilder().setSrc(1).setDst(2)
                        .setStartUs(10).setStopUs(5))).build(), clos()));
        assertEquals("workload.flow_list.flows[0].stop_us", e.field());
    }

    @Test
    void withPeersEachSenderTalksToAFixedKeyedSetOfReceivers() {
        Workload w = poisson(Poisson.newBuilder().setSizes(fixed(10_000)).setLoad(0.2).setDurationUs(2000)
                .setPeersPerSender(2));
        FlowTable t = Workloads.build(w, clos(), 8);
        java.util.Map<Integer, Set<Integer>> peers = new java.util.HashMap<>();
        for (int f = 0; f < t.size(); f++) {
            peers.computeIfAbsent(t.src(f), k -> new HashSet<>()).add(t.dst(f));
            assertNotEquals(t.src(f), t.dst(f));
        }
        assertEquals(16, peers.size());
        peers.forEach((h, p) -> assertEquals(2, p.size(), "host " + h + " talks to " + p));
        assertTrue(peers.values().stream().distinct().count() > 4, "the peers differ from sender to sender");
        ScenarioException e = assertThrows(ScenarioException.class, () -> Workloads.build(poisson(Poisson
                .newBuilder().setSizes(fixed(10_000)).setLoad(0.2).setDurationUs(10).setPeersPerSender(16)), clos()));
        assertEquals("workload.poisson.peers_per_sender", e.field());
    }
}
