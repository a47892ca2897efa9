package org.cosim.fabric.net;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import org.cosim.fabric.kernel.IdentityHash;
import org.cosim.fabric.kernel.Simulator;
import org.cosim.fabric.packet.PacketPool;
import org.cosim.fabric.packet.PacketType;
import org.cosim.fabric.packet.TrafficClass;
import org.cosim.fabric.stats.FlowStats;
import org.cosim.setup.hardware.IntParams;
import org.cosim.setup.hardware.PfcParams;
import org.cosim.setup.hardware.QueueDiscipline;
import org.cosim.setup.hardware.SwitchParams;
import org.cosim.setup.topology.RouteTable;
import org.junit.jupiter.api.Test;

/**
 * A switch driven directly: source routes pick among equal-cost ports by the
 * mixed-radix rule of cosim.proto, path 0 falls back to ECMP, and INT switches
 * fold each packet's queueing delay into its max-hop field.
 */
class SourceRouteAndIntTest {
    private static final long TEN_G = 10_000_000_000L;

    private final Simulator sim = new Simulator();
    private final PacketPool pool = new PacketPool();
    /** A packet as it left the switch toward a sink: when, from which port, its seq, INT field and route cursor. */
    private record AtSink(long timePs, int port, long seq, long intMaxHopDelayPs, int routeCursor) { }

    /** One INT hop record a packet carries: the queue it left behind, the bytes its port had sent, when, the rate. */
    private record HopRecord(long queueBytes, long txBytes, long timePs, long rateBps) { }

    private final List<AtSink> seen = new ArrayList<>();
    private Switch sw;

    /** Ports 0..3 toward sinks; host 1 is reachable through ports 1, 2 and 3 (equal cost). */
    private void build(IntParams intParams) {
        build(intParams, (port, pkt) -> seen.add(new AtSink(sim.now(), port, pool.seq[pkt], pool.intMaxHopDelay[pkt],
                pool.routeCursor[pkt])));
    }

    /** {@code atSink} sees each packet leaving port p (then it is released). */
    private void build(IntParams intParams, java.util.function.BiConsumer<Integer, Integer> atSink) {
        SwitchParams params = new SwitchParams(1 << 20, 1 << 20, -1, 0, PfcParams.OFF, QueueDiscipline.PRIORITY,
                intParams);
        sw = new Switch(4, "spine[0]", sim, pool, new FlowStats(4, 0), params, 99, 64);
        for (int p = 0; p < 4; p++) {
            sw.addPort(TEN_G, 0);
            int port = p;
            int sink = sim.register((k, a) -> {
                atSink.accept(port, (int) a);
                pool.release((int) a);
            });
            sw.port(p).transmitter().attach(sink, 0);
        }
        sw.setRoutes(RouteTable.byHost(new int[][] {{0}, {1, 2, 3}}));
    }

    private void arrive(long t, int flow, long seq, int path, int cursor) {
        int p = pool.alloc();
        pool.type[p] = PacketType.DATA;
        pool.trafficClass[p] = TrafficClass.DATA;
        pool.src[p] = 0;
        pool.dst[p] = 1;
        pool.flow[p] = flow;
        pool.size[p] = 1500;
        pool.payload[p] = 1500;
        pool.seq[p] = seq;
        pool.path[p] = path;
        pool.routeCursor[p] = cursor;
        sim.schedule(t, sw.handler(), EventKinds.encode(EventKinds.ARRIVE, 0), p);
    }

    @Test
    void aSourceRouteTakesItsDigitAndPassesTheRestOn() {
        build(IntParams.OFF);
        // Path k has d = k - 1; with 3 choices the switch takes port choices[d % 3], leaves d / 3.
        arrive(0, 0, 1, 1, 0);   // d = 0: port 1, cursor 0
        arrive(0, 0, 2, 5, 4);   // d = 4: 4 % 3 = 1 -> port 2, cursor 1
        arrive(0, 0, 3, 9, 8);   // d = 8: 8 % 3 = 2 -> port 3, cursor 2
        sim.runUntil(10_000_000);
        assertEquals(3, seen.size());
        for (AtSink s : seen) {
            long expectedPort = s.seq();  // seq 1 -> port 1, seq 2 -> port 2, seq 3 -> port 3
            assertEquals(expectedPort, s.port(), "packet " + s.seq());
        }
        assertEquals(List.of(0, 1, 2), seen.stream().map(AtSink::routeCursor).toList());
    }

    @Test
    void pathZeroUsesTheEcmpHashOfTheFlow() {
        build(IntParams.OFF);
        for (int flow = 0; flow < 4; flow++) {
            arrive(0, flow, flow, 0, 0);
        }
        sim.runUntil(10_000_000);
        for (AtSink s : seen) {
            int flow = (int) s.seq();
            int[] choices = {1, 2, 3};
            assertEquals(choices[IdentityHash.ecmp(99, 4, 0, 1, flow, 3)], s.port(), "flow " + flow);
        }
    }

    @Test
    void aHeaderReturnedToItsSenderIsRoutedByEcmpNotByItsForwardRoute() {
        build(IntParams.OFF);
        for (int flow = 0; flow < 4; flow++) {
            int p = pool.alloc();
            pool.type[p] = PacketType.DATA;
            pool.trafficClass[p] = TrafficClass.CONTROL;
            pool.flags[p] = PacketPool.FLAG_TRIMMED | PacketPool.FLAG_RETURNED;
            pool.src[p] = 0;
            pool.dst[p] = 1;
            pool.flow[p] = flow;
            pool.size[p] = 64;
            pool.seq[p] = flow;
            pool.path[p] = 9;          // its forward route's digits would say port 3 here
            pool.routeCursor[p] = 8;
            sim.schedule(0, sw.handler(), EventKinds.encode(EventKinds.ARRIVE, 0), p);
        }
        sim.runUntil(10_000_000);
        assertEquals(4, seen.size());
        int[] choices = {1, 2, 3};
        for (AtSink x : seen) {
            assertEquals(choices[IdentityHash.ecmp(99, 4, 0, 1, (int) x.seq(), 3)], x.port(), "flow " + x.seq());
            assertEquals(8, x.routeCursor(), "the route's digits are left alone");
        }
        assertTrue(seen.stream().anyMatch(x -> x.port() != 3), "some flow hashes away from the forward route's port");
    }

    @Test
    void intRecordsTheQueueingDelayOfTheWorstHop() {
        build(new IntParams(true, false, List.of()));
        // Three packets on one path arrive together: they wait 0, 1.2 and 2.4 us at this egress.
        arrive(0, 0, 1, 1, 0);
        arrive(0, 0, 2, 1, 0);
        arrive(0, 0, 3, 1, 0);
        sim.runUntil(10_000_000);
        assertEquals(List.of(0L, 1_200_000L, 2_400_000L), seen.stream().map(AtSink::intMaxHopDelayPs).toList());
    }

    /** Hop records of the packets seen at the sinks, in arrival order. */
    private final List<List<HopRecord>> stacks = new ArrayList<>();

    private void buildWithStacks(IntParams intParams) {
        build(intParams, (port, pkt) -> {
            List<HopRecord> hops = new ArrayList<>();
            for (int h = 0; h < pool.intHops[pkt]; h++) {
                int at = pkt * PacketPool.HOP_SLOTS + h;
                hops.add(new HopRecord(pool.hopQueueBytes[at], pool.hopTxBytes[at], pool.hopTimePs[at],
                        pool.hopRateBps[at]));
            }
            stacks.add(hops);
        });
    }

    @Test
    void hopRecordsGiveQueueTxBytesTimeAndRateAtDequeue() {
        buildWithStacks(new IntParams(true, false, List.of(), true));
        // Three 1500 B packets arrive together at port 1 (10 Gb/s: 1.2 us each): the first goes onto the
        // idle wire before the others arrive, so the queues left behind are 0, 1500, 0 B; the port had
        // sent 0, 1500, 3000 B; at 0, 1.2, 2.4 us.
        arrive(0, 0, 1, 1, 0);
        arrive(0, 0, 2, 1, 0);
        arrive(0, 0, 3, 1, 0);
        sim.runUntil(10_000_000);
        assertEquals(3, stacks.size());
        List<HopRecord> expected = List.of(new HopRecord(0, 0, 0, TEN_G), new HopRecord(1500, 1500, 1_200_000, TEN_G),
                new HopRecord(0, 3000, 2_400_000, TEN_G));
        for (int i = 0; i < 3; i++) {
            assertEquals(1, stacks.get(i).size(), "one record per INT hop");
            assertEquals(expected.get(i), stacks.get(i).get(0), "packet " + i);
        }
    }

    @Test
    void hopRecordsAppendInPathOrderUpToTheBound() {
        buildWithStacks(new IntParams(true, false, List.of(), true));
        int full = pool.alloc();
        int one = pool.alloc();
        for (int p : new int[] {full, one}) {
            pool.type[p] = PacketType.DATA;
            pool.trafficClass[p] = TrafficClass.DATA;
            pool.dst[p] = 1;
            pool.size[p] = 1500;
            pool.path[p] = 1;
        }
        for (int h = 0; h < IntParams.MAX_HOPS; h++) {
            pool.pushHop(full, h, h, h, 1);
        }
        pool.pushHop(one, 42, 43, 44, 45);
        sim.schedule(0, sw.handler(), EventKinds.encode(EventKinds.ARRIVE, 0), full);
        sim.schedule(20_000_000, sw.handler(), EventKinds.encode(EventKinds.ARRIVE, 0), one);
        sim.runUntil(40_000_000);
        assertEquals(IntParams.MAX_HOPS, stacks.get(0).size(), "a full stack keeps its first records");
        assertEquals(IntParams.MAX_HOPS - 1, stacks.get(0).get(IntParams.MAX_HOPS - 1).queueBytes());
        assertEquals(2, stacks.get(1).size());
        assertEquals(42, stacks.get(1).get(0).queueBytes(), "the earlier hop stays first");
        assertEquals(1500, stacks.get(1).get(1).txBytes(), "this port had sent the first packet's 1500 B");
    }

    @Test
    void withoutHopRecordsINTStampsOnlyTheMaxHopDelay() {
        buildWithStacks(new IntParams(true, false, List.of()));
        arrive(0, 0, 1, 1, 0);
        sim.runUntil(10_000_000);
        assertTrue(stacks.get(0).isEmpty());
    }

    @Test
    void aPacketKeepsTheLargerDelayOfAnEarlierHop() {
        build(new IntParams(true, false, List.of()));
        int p = pool.alloc();
        pool.type[p] = PacketType.DATA;
        pool.trafficClass[p] = TrafficClass.DATA;
        pool.dst[p] = 1;
        pool.size[p] = 1500;
        pool.path[p] = 1;
        pool.intMaxHopDelay[p] = 7_000_000;  // 7 us at an earlier hop, 0 here
        sim.schedule(0, sw.handler(), EventKinds.encode(EventKinds.ARRIVE, 0), p);
        sim.runUntil(10_000_000);
        assertEquals(7_000_000, seen.get(0).intMaxHopDelayPs());
    }

    @Test
    void quantizedIntCountsWhole256NanosecondUnits() {
        build(new IntParams(true, true, List.of()));
        arrive(0, 0, 1, 1, 0);
        arrive(0, 0, 2, 1, 0);
        arrive(0, 0, 3, 1, 0);
        sim.runUntil(10_000_000);
        // 1.2 us = 4.69 units -> 4 units = 1.024 us; 2.4 us = 9.375 -> 9 units = 2.304 us
        assertEquals(List.of(0L, 1_024_000L, 2_304_000L), seen.stream().map(AtSink::intMaxHopDelayPs).toList());
    }

    @Test
    void quantizedIntSaturatesAtSixteenBits() {
        assertEquals(0xffffL * 256_000, new IntParams(true, true, List.of()).field(1_000_000_000_000L));
    }

    @Test
    void switchesOutsideTheIntListLeaveTheFieldAlone() {
        build(new IntParams(true, false, List.of("tor[10]")));
        arrive(0, 0, 1, 1, 0);
        arrive(0, 0, 2, 1, 0);
        sim.runUntil(10_000_000);
        assertEquals(List.of(0L, 0L), seen.stream().map(AtSink::intMaxHopDelayPs).toList());
    }
}
