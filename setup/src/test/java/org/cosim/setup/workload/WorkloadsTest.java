package org.cosim.setup.workload;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.cosim.proto.Flow;
import org.cosim.proto.FlowList;
import org.cosim.proto.FlowSizes;
import org.cosim.proto.Incast;
import org.cosim.proto.IncastStar;
import org.cosim.proto.Permutation;
import org.cosim.proto.Poisson;
import org.cosim.proto.RandomDestinations;
import org.cosim.proto.Workload;
import org.cosim.scenario.ScenarioException;
import org.cosim.setup.topology.IncastStarTopology;
import org.cosim.setup.topology.TopologyGraph;
import org.junit.jupiter.api.Test;

class WorkloadsTest {
    /** Server = host 0, clients = hosts 1..3. */
    private static TopologyGraph star() {
        return IncastStarTopology.build(IncastStar.newBuilder().setClients(3).setClientRateGbps(10)
                .setServerRateGbps(10).setLinkDelayUs(1).build());
    }

    private static Workload incast(int connections, long bytes, double startUs, double spacingUs) {
        return Workload.newBuilder().setIncast(Incast.newBuilder().setConnectionsPerClient(connections)
                .setFlowBytes(bytes).setStartUs(startUs).setStartSpacingUs(spacingUs)).build();
    }

    private static Flow flow(int src, int dst, long bytes, double startUs) {
        return Flow.newBuilder().setSrc(src).setDst(dst).setSizeBytes(bytes).setStartUs(startUs).build();
    }

    private static Workload flows(Flow... fs) {
        FlowList.Builder b = FlowList.newBuilder();
        for (Flow f : fs) {
            b.addFlows(f);
        }
        return Workload.newBuilder().setFlowList(b).build();
    }

    private static void assertRejects(String field, Workload w) {
        ScenarioException e = assertThrows(ScenarioException.class, () -> Workloads.build(w, star()));
        assertEquals(field, e.field(), e.getMessage());
    }

    @Test
    void incastGivesClientsTimesConnectionsFlowsToTheServerClientByClient() {
        FlowTable t = Workloads.build(incast(2, 65536, 10, 0.5), star());
        assertEquals(6, t.size());  // 3 clients x 2 connections
        int[] expectedSrc = {1, 1, 2, 2, 3, 3};
        for (int f = 0; f < 6; f++) {
            assertEquals(expectedSrc[f], t.src(f), "flow " + f);
            assertEquals(0, t.dst(f));
            assertEquals(65536, t.sizeBytes(f));
            // start = 10 us + f * 0.5 us
            assertEquals(10_000_000L + f * 500_000L, t.startPs(f), "flow " + f);
        }
        assertArrayEquals(new int[] {0, 0, 0, 0, 0, 0}, t.destinations());
    }

    @Test
    void incastLongLivedWithoutSpacingStartsTogether() {
        FlowTable t = Workloads.build(incast(4, 0, 0, 0), star());
        assertEquals(12, t.size());
        for (int f = 0; f < 12; f++) {
            assertEquals(0, t.sizeBytes(f));
            assertEquals(0, t.startPs(f));
            assertEquals(1 + f / 4, t.src(f));
        }
    }

    @Test
    void incastRejectsBadValuesNamingTheField() {
        assertRejects("workload.incast.connections_per_client", incast(0, 0, 0, 0));
        assertRejects("workload.incast.start_us", incast(1, 0, -1, 0));
        assertRejects("workload.incast.start_spacing_us", incast(1, 0, 0, Double.NaN));
    }

    private static Workload jittered(double spacingUs, double jitterUs) {
        return Workload.newBuilder().setIncast(Incast.newBuilder().setConnectionsPerClient(4).setFlowBytes(90000)
                .setStartUs(10).setStartSpacingUs(spacingUs).setStartJitterUs(jitterUs)).build();
    }

    @Test
    void incastStartJitterDelaysEachFlowByAKeyedAmountBelowTheJitter() {
        FlowTable a = Workloads.build(jittered(0.5, 7.2), star(), 1);
        java.util.Set<Long> offsets = new java.util.HashSet<>();
        for (int f = 0; f < a.size(); f++) {
            long offset = a.startPs(f) - (10_000_000L + f * 500_000L);
            assertTrue(offset >= 0 && offset < 7_200_000L, "flow " + f + ": offset " + offset + " ps");
            offsets.add(offset);
        }
        assertEquals(12, offsets.size(), "every flow its own phase");
        FlowTable again = Workloads.build(jittered(0.5, 7.2), star(), 1);
        FlowTable other = Workloads.build(jittered(0.5, 7.2), star(), 2);
        boolean differs = false;
        for (int f = 0; f < a.size(); f++) {
            assertEquals(a.startPs(f), again.startPs(f), "same seed, same start: flow " + f);
            differs |= a.startPs(f) != other.startPs(f);
        }
        assertTrue(differs, "another seed draws other phases");
    }

    @Test
    void incastStartJitterRejectsNegativeAndNaN() {
        assertRejects("workload.incast.start_jitter_us", jittered(0, -1));
        assertRejects("workload.incast.start_jitter_us", jittered(0, Double.NaN));
    }

    @Test
    void flowListKeepsOrderAndValues() {
        FlowTable t = Workloads.build(flows(flow(1, 0, 1000, 0), flow(0, 3, 0, 2.5), flow(2, 1, 5, 1e-6)), star());
        assertEquals(3, t.size());
        assertEquals(1, t.src(0));
        assertEquals(0, t.dst(0));
        assertEquals(1000, t.sizeBytes(0));
        assertEquals(3, t.dst(1));
        assertEquals(2_500_000, t.startPs(1));
        assertEquals(1, t.startPs(2), "1e-6 us = 1 ps");
    }

    @Test
    void flowListRejectsUnknownHostsNamingTheFlowAndField() {
        assertRejects("workload.flow_list.flows[1].dst", flows(flow(1, 0, 1, 0), flow(1, 4, 1, 0)));
        assertRejects("workload.flow_list.flows[0].src", flows(flow(9, 0, 1, 0)));
        // uint32 values above 2^31 arrive as negative ints: still "does not exist", printed unsigned
        ScenarioException e = assertThrows(ScenarioException.class,
                () -> Workloads.build(flows(flow(-1, 0, 1, 0)), star()));
        assertEquals("workload.flow_list.flows[0].src", e.field());
        assertTrue(e.getMessage().contains("4294967295"), e.getMessage());
    }

    @Test
    void flowListRejectsAFlowToItself() {
        ScenarioException e = assertThrows(ScenarioException.class,
                () -> Workloads.build(flows(flow(1, 0, 1, 0), flow(2, 2, 1, 0)), star()));
        assertEquals("workload.flow_list.flows[1].dst", e.field());
        assertTrue(e.getMessage().contains("itself"), e.getMessage());
    }

    @Test
    void flowListRejectsEmptyListAndNegativeStart() {
        assertRejects("workload.flow_list.flows", flows());
        assertRejects("workload.flow_list.flows[0].start_us", flows(flow(1, 0, 1, -3)));
    }

    /** Sizes are uint64: 2^63 and above used to read as negative (a flow that never sent), 2^62..2^63-1 overflowed. */
    @Test
    void flowSizesAbove2To62AreRefusedNamingTheField() {
        for (long tooLarge : new long[] {-1, Long.MIN_VALUE, Long.MAX_VALUE, (1L << 62) + 1}) {
            assertRejects("workload.flow_list.flows[1].size_bytes", flows(flow(1, 0, 1, 0), flow(2, 0, tooLarge, 0)));
            assertRejects("workload.incast.flow_bytes", incast(1, tooLarge, 0, 0));
            assertRejects("workload.permutation.flow_bytes", Workload.newBuilder()
                    .setPermutation(Permutation.newBuilder().setFlowBytes(tooLarge)).build());
            assertRejects("workload.random.flow_bytes", Workload.newBuilder()
                    .setRandom(RandomDestinations.newBuilder().setFlowsPerHost(1).setFlowBytes(tooLarge)).build());
        }
        assertEquals(1L << 62, Workloads.build(flows(flow(1, 0, 1L << 62, 0)), star()).sizeBytes(0));
    }

    @Test
    void aWorkloadWithNoFlowBeforeTheEndOfTheRunIsRefused() {
        long end = 1_000_000_000L;  // 1 ms
        ScenarioException e = assertThrows(ScenarioException.class,
                () -> Workloads.build(flows(flow(1, 0, 1000, 1e30)), star(), 0, end));
        assertEquals("workload.flow_list", e.field(), e.getMessage());
        e = assertThrows(ScenarioException.class, () -> Workloads.build(incast(1, 1000, 1000, 0), star(), 0, end));
        assertEquals("workload.incast: no flow starts before the end of the run (duration_us 1000.0): the first "
                + "starts at 1000.0 us", e.getMessage());
        e = assertThrows(ScenarioException.class, () -> Workloads.build(Workload.newBuilder().setPoisson(
                Poisson.newBuilder().setSizes(FlowSizes.newBuilder().setFixedBytes(1000)).setLoad(0.5)
                        .setStartUs(2000)).build(), star(), 0, end));
        assertEquals("workload.poisson: no flow starts before the end of the run (duration_us 1000.0): the "
                + "workload makes none", e.getMessage());
        assertEquals(2, Workloads.build(flows(flow(1, 0, 1000, 999.999999), flow(2, 0, 1000, 1000)), star(), 0, end)
                .size(), "one flow before the end is enough: the others are only noted (a shortened scenario)");
    }

    @Test
    void missingWorkloadIsRejected() {
        assertRejects("workload", Workload.getDefaultInstance());
    }

    @Test
    void flowTableGrowsBeyondItsInitialCapacity() {
        FlowTable t = new FlowTable();
        for (int i = 0; i < 100; i++) {
            assertEquals(i, t.add(i, i + 1, i * 10L, i * 100L));
        }
        for (int i = 0; i < 100; i++) {
            assertEquals(i, t.src(i));
            assertEquals(i + 1, t.dst(i));
            assertEquals(i * 10L, t.sizeBytes(i));
            assertEquals(i * 100L, t.startPs(i));
        }
        assertEquals(100, t.destinations().length);
    }
}
