package org.cosim.fabric.net;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import java.util.function.IntConsumer;
import org.cosim.agents.api.ActionSink;
import org.cosim.fabric.kernel.EventHandler;
import org.cosim.fabric.kernel.Simulator;
import org.cosim.fabric.packet.PacketPool;
import org.cosim.fabric.packet.PacketType;
import org.cosim.fabric.packet.TrafficClass;
import org.cosim.fabric.stats.FlowStats;
import org.cosim.fabric.stats.RttRecorder;
import org.cosim.setup.hardware.NicParams;
import org.cosim.setup.hardware.NicScheduling;
import org.junit.jupiter.api.Test;

/**
 * Two NICs joined back to back by a 10 Gb/s link with 1 us propagation each way, driven
 * directly. A tap on each direction records every packet's arrival before handing it on.
 * At 10 Gb/s one byte takes 800 ps: 1500 B = 1,200,000 ps, 1384 B = 1,107,200 ps, 64 B = 51,200 ps.
 */
class NicTest {
    private static final long TEN_G = 10_000_000_000L;
    private static final long DELAY = 1_000_000;
    private static final int MTU = 1500;
    private static final int ACK = 64;

    /** A segment's completion at the sender: when, and what the NIC reported. */
    record Completion(long at, int host, int flow, long seq, int bytes, long sendPs, long txPs, long intMaxHopDelayPs,
                      long intReverseMaxHopDelayPs, boolean ecnEcho, boolean syn) { }

    /** One hop record of an acknowledged packet (INT), reported after its completion. */
    record Hop(long at, int host, long queueBytes, long txBytes, long timePs, long rateBps) { }

    /** A packet reported to the receiving host's agent (no hardware ACK). */
    record PacketArrival(long at, int host, int flow, long seq, int bytes, int path, int flags) { }

    /** A segment's last packet put on the wire by the sending NIC. */
    record Transmitted(long at, int host, int flow, long seq, int bytes, long sendPs) { }

    /** A PFC pause or resume of a traffic class seen by a NIC. */
    record PfcChange(long at, int host, int trafficClass, boolean paused) { }

    /** The agent side as the NIC sees it: records what the NIC reports, one record type per kind of report. */
    static final class FakeSink implements HostEventSink {
        final Simulator sim;
        final List<Completion> completions = new ArrayList<>();
        final List<PfcChange> pfc = new ArrayList<>();
        final List<Hop> hops = new ArrayList<>();  // after their completion

        FakeSink(Simulator sim) {
            this.sim = sim;
        }

        final List<PacketArrival> packets = new ArrayList<>();
        final List<Transmitted> transmitted = new ArrayList<>();

        @Override
        public void transmitted(int host, int flow, long seq, int bytes, long sendTimePs) {
            transmitted.add(new Transmitted(sim.now(), host, flow, seq, bytes, sendTimePs));
        }

        @Override
        public void completion(int host, int flow, long seq, int bytes, long sendTimePs, long txTimePs,
                               long intMaxHopDelayPs, long intReverseMaxHopDelayPs, boolean ecnEcho, boolean syn) {
            completions.add(new Completion(sim.now(), host, flow, seq, bytes, sendTimePs, txTimePs, intMaxHopDelayPs,
                    intReverseMaxHopDelayPs, ecnEcho, syn));
        }

        @Override
        public void completionHop(int host, long queueBytes, long txBytes, long timePs, long rateBps) {
            hops.add(new Hop(sim.now(), host, queueBytes, txBytes, timePs, rateBps));
        }

        @Override
        public void packetArrival(int host, int flow, long seq, int bytes, int path, int flags,
                                  long intMaxHopDelayPs, long sendTimePs, long txTimePs) {
            packets.add(new PacketArrival(sim.now(), host, flow, seq, bytes, path, flags));
        }

        @Override
        public void controlArrival(int host, int flow, int kind, long seq, long pullNumber, int path,
                                   long echoTimePs, long echoTxTimePs) {
        }

        @Override
        public void pfcChange(int host, int trafficClass, boolean paused) {
            pfc.add(new PfcChange(sim.now(), host, trafficClass, paused));
        }
    }

    /** Records each arriving packet, lets the test modify it, then delivers it to the real NIC. */
    static final class Tap implements EventHandler {
        record Arrival(long time, int type, int size, long seq, boolean last, long segmentSendTime, int flow) {}

        final Simulator sim;
        final PacketPool pool;
        final EventHandler target;
        final int handler;
        final List<Arrival> arrivals = new ArrayList<>();
        IntConsumer modify = p -> { };

        Tap(Simulator sim, PacketPool pool, EventHandler target) {
            this.sim = sim;
            this.pool = pool;
            this.target = target;
            this.handler = sim.register(this);
        }

        @Override
        public void handle(int kind, long arg) {
            int p = (int) arg;
            arrivals.add(new Arrival(sim.now(), pool.type[p], pool.size[p], pool.seq[p],
                    pool.has(p, PacketPool.FLAG_LAST_OF_SEGMENT), pool.segmentSendTime[p], pool.flow[p]));
            modify.accept(p);
            target.handle(EventKinds.encode(EventKinds.ARRIVE, 0), p);
        }

        List<Arrival> ofType(int type) {
            return arrivals.stream().filter(a -> a.type() == type).toList();
        }
    }

    /** Host 0 = NIC a, host 1 = NIC b; flows given by their destinations. */
    static final class Pair {
        final Simulator sim = new Simulator();
        final PacketPool pool = new PacketPool();
        final FakeSink sink = new FakeSink(sim);
        final FlowStats stats;
        final RttRecorder rtts = new RttRecorder(0);
        final Nic a;
        final Nic b;
        final Tap toB;
        final Tap toA;

        Pair(int... dstOfFlow) {
            this(new NicParams(MTU, ACK), dstOfFlow);
        }

        Pair(NicParams params, int... dstOfFlow) {
            stats = new FlowStats(dstOfFlow.length, 0);
            org.cosim.setup.workload.FlowTable flows = new org.cosim.setup.workload.FlowTable();
            for (int d : dstOfFlow) {
                flows.add(1 - d, d, 0, 0);
            }
            a = new Nic(0, sim, pool, params, stats, rtts, sink, flows);
            b = new Nic(1, sim, pool, params, stats, rtts, sink, flows);
            LinkTransmitter ab = a.connect(TEN_G, DELAY, 0);
            LinkTransmitter ba = b.connect(TEN_G, DELAY, 0);
            toB = new Tap(sim, pool, b);
            toA = new Tap(sim, pool, a);
            ab.attach(toB.handler, 0);
            ba.attach(toA.handler, 0);
        }

        /** Hands a segment to {@code nic} at simulated time {@code at}. */
        void post(long at, Nic nic, int flow, long seq, int bytes) {
            int h = sim.register((k, x) -> nic.postSegment(flow, seq, bytes, 0));
            sim.schedule(at, h, 0, 0);
        }

        /** Delivers a PFC pause/resume frame to {@code nic} at {@code at}. */
        void pfcFrame(long at, Nic nic, boolean pause) {
            int f = pool.alloc();
            pool.type[f] = PacketType.PFC;
            pool.trafficClass[f] = TrafficClass.CONTROL;
            pool.size[f] = ACK;
            pool.flags[f] = pause ? PacketPool.FLAG_PAUSE : 0;
            sim.schedule(at, nic.handler(), EventKinds.encode(EventKinds.ARRIVE, 0), f);
        }
    }

    /** Data arrival times at b of one 10-packet segment from a, sent at time 0. */
    private static long[] dataArrivals(long gapJitterPs) {
        Pair n = new Pair(new NicParams(MTU, ACK, false, gapJitterPs), 1);
        n.post(0, n.a, 0, 0, 10 * MTU);
        n.sim.runUntil(1_000_000_000);
        return n.toB.ofType(PacketType.DATA).stream().mapToLong(Tap.Arrival::time).toArray();
    }

    @Test
    void timingNoiseLeavesTheLinkIdleAfterEachDataPacketNotBeforeIt() {
        long serialization = 1_200_000;  // 1500 B at 10 Gb/s
        long[] steady = dataArrivals(0);
        long[] noisy = dataArrivals(500_000);
        assertEquals(10, noisy.length);
        assertEquals(serialization + DELAY, noisy[0], "the first packet leaves at once and arrives on time");
        java.util.Set<Long> gaps = new java.util.HashSet<>();
        for (int k = 1; k < 10; k++) {
            assertEquals(serialization, steady[k] - steady[k - 1], "without noise: back to back");
            long gap = noisy[k] - noisy[k - 1] - serialization;
            assertTrue(gap >= 0 && gap < 500_000, "packet " + k + ": idle gap " + gap + " ps");
            gaps.add(gap);
        }
        assertTrue(gaps.size() >= 8, "keyed per packet, not one fixed gap: " + gaps);
        assertArrayEquals(noisy, dataArrivals(500_000), "keyed by identity: the same every run");
    }

    @Test
    void theTxTimestampIsWhenTheAckedPacketWentOnTheWire() {
        Pair n = new Pair(1);
        long post = 2_000_000;
        n.post(post, n.a, 0, 0, 1500);
        n.post(post, n.a, 0, 1500, 3000);  // waits 1.2 us in the NIC; its last packet starts at + 2.4 us
        n.sim.runUntil(100_000_000);
        assertEquals(2, n.sink.completions.size());
        Completion first = n.sink.completions.get(0);
        Completion second = n.sink.completions.get(1);
        assertEquals(post, first.txPs());
        assertEquals(post, second.sendPs(), "send time: the hand-over");
        assertEquals(post + 2_400_000, second.txPs(), "TX time: the last packet's start on the wire");
        // Fabric RTT of a lone 1500 B packet: serialization + 1 us + ACK serialization + 1 us.
        assertEquals(1_200_000 + DELAY + 51_200 + DELAY, first.at() - first.txPs());
        assertEquals(first.at() - first.txPs(), second.at() - second.txPs(), "no NIC queue in the fabric RTT");
    }

    /** Flow 0 hands over a 10-packet window at time 0, flow 1 a 100 B flow at 0.5 us; when do b's NIC see their packets? */
    private static List<Tap.Arrival> windowThenShortFlow(NicScheduling scheduling) {
        Pair n = new Pair(new NicParams(MTU, ACK, false, 0, scheduling), 1, 1);
        n.post(0, n.a, 0, 0, 10 * MTU);
        n.post(500_000, n.a, 1, 0, 100);
        n.sim.runUntil(100_000_000);
        return n.toB.ofType(PacketType.DATA);
    }

    @Test
    void aFlowBehindAnotherFlowsWindowIsServedInTurn() {
        List<Tap.Arrival> data = windowThenShortFlow(NicScheduling.PER_FLOW);
        assertEquals(11, data.size());
        // Flow 0's first packet is on the wire (0 .. 1.2 us) when flow 1's 100 B arrive; flow 1 goes next,
        // ahead of flow 0's second packet:
        // it leaves at 1.2 us, takes 100 x 800 ps = 80,000 ps, and arrives 1 us later.
        Tap.Arrival shortFlow = data.get(1);
        assertEquals(1, shortFlow.flow());
        assertEquals(1_200_000 + 80_000 + DELAY, shortFlow.time());
        assertEquals(0, data.get(2).flow());
        assertEquals(1_200_000 + 80_000 + 1_200_000 + DELAY, data.get(2).time(), "flow 0 resumes right after");
    }

    @Test
    void aFifoNicSendsTheWholeWindowFirst() {
        List<Tap.Arrival> data = windowThenShortFlow(NicScheduling.FIFO);
        Tap.Arrival shortFlow = data.get(10);
        assertEquals(1, shortFlow.flow());
        // Behind ten 1500 B packets: 10 x 1.2 us, then its own 80 ns, then 1 us of propagation.
        assertEquals(10 * 1_200_000 + 80_000 + DELAY, shortFlow.time());
    }

    @Test
    void flowsWithDataShareTheLinkOnePacketEach() {
        Pair n = new Pair(1, 1, 1);
        n.post(0, n.a, 0, 0, 3 * MTU);
        n.post(0, n.a, 1, 0, 2 * MTU);
        n.post(0, n.a, 2, 0, 2 * MTU);
        n.post(0, n.a, 0, 3 * MTU, MTU);  // flow 0's second segment queues behind its first, not behind the others
        n.sim.runUntil(100_000_000);
        List<Integer> flows = n.toB.ofType(PacketType.DATA).stream().map(Tap.Arrival::flow).toList();
        assertEquals(List.of(0, 1, 2, 0, 1, 2, 0, 0), flows);
        List<Long> seqOfFlow0 = n.toB.ofType(PacketType.DATA).stream().filter(a -> a.flow() == 0)
                .map(Tap.Arrival::seq).toList();
        assertEquals(List.of(0L, 1500L, 3000L, 4500L), seqOfFlow0, "a flow's own bytes stay in order");
        assertEquals(4, n.sink.completions.size(), "one ACK per segment, as with one queue");
    }

    /** Hands a SYN of {@code flow} to {@code nic} at {@code at}. */
    private static void postSyn(Pair n, long at, Nic nic, int flow) {
        int h = n.sim.register((k, x) -> nic.postSegment(flow, 0, 0, 0, org.cosim.agents.api.ActionSink.SYN));
        n.sim.schedule(at, h, 0, 0);
    }

    @Test
    void aSynIsAHeaderWithTheDataAndItsAckACompletionOfNoBytes() {
        Pair n = new Pair(1);
        List<Integer> classes = new ArrayList<>();
        n.toB.modify = p -> classes.add(n.pool.trafficClass[p]);
        long post = 2_000_000;
        postSyn(n, post, n.a, 0);
        n.post(post, n.a, 0, 0, 1500);  // handed over after the SYN: goes out behind it
        n.sim.runUntil(100_000_000);
        List<Tap.Arrival> data = n.toB.ofType(PacketType.DATA);
        assertEquals(2, data.size());
        assertEquals(ACK, data.get(0).size(), "the SYN is a header");
        assertEquals(post + 51_200 + DELAY, data.get(0).time());
        assertEquals(post + 51_200 + 1_200_000 + DELAY, data.get(1).time());
        assertEquals(List.of(TrafficClass.DATA, TrafficClass.DATA), classes, "a SYN travels in the data class");
        assertEquals(2, n.sink.completions.size());
        Completion synAck = n.sink.completions.get(0);
        assertEquals(post + 51_200 + DELAY + 51_200 + DELAY, synAck.at());
        assertEquals(0, synAck.bytes(), "no bytes");
        assertTrue(synAck.syn(), "flagged as the SYN-ACK");
        assertEquals(post, synAck.sendPs());
        Completion dataAck = n.sink.completions.get(1);
        assertEquals(1500, dataAck.bytes());
        assertFalse(dataAck.syn());
        assertEquals(1500, n.stats.sentBytes(0), "a SYN is no flow bytes");
        assertEquals(1500, n.stats.deliveredBytes(0));
        assertEquals(1, n.rtts.size(), "RTT samples are the data's only");
    }

    @Test
    void aSynATrimmingPortCutIsLost() {
        for (int flag : new int[] {PacketPool.FLAG_TRIMMED, PacketPool.FLAG_TRIMMED | PacketPool.FLAG_RETURNED}) {
            Pair n = new Pair(1);
            n.toB.modify = p -> n.pool.flags[p] |= flag;
            postSyn(n, 0, n.a, 0);
            n.sim.runUntil(100_000_000);
            assertEquals(1, n.toB.ofType(PacketType.DATA).size());
            assertTrue(n.sink.completions.isEmpty());
            assertTrue(n.sink.packets.isEmpty(), "nothing to report to the agent");
            assertEquals(0, n.pool.live(), "the SYN's packet is released");
        }
    }

    @Test
    void hardwareAcksTravelAtControlPriorityOrWithData() {
        for (boolean withData : new boolean[] {false, true}) {
            Pair n = new Pair(new NicParams(MTU, ACK, withData), 1);
            List<Integer> classes = new ArrayList<>();
            n.toA.modify = p -> classes.add(n.pool.trafficClass[p]);
            n.post(0, n.a, 0, 0, 1500);
            n.sim.runUntil(100_000_000);
            assertEquals(List.of(withData ? TrafficClass.DATA : TrafficClass.CONTROL), classes);
            assertEquals(1, n.sink.completions.size());
        }
    }

    @Test
    void aSegmentAskingForItsTxReportIsReportedOnceWhenItsLastPacketStartsOntoTheWire() {
        Pair n = new Pair(1);
        long post = 2_000_000;
        int h = n.sim.register((k, x) -> {
            n.a.postSegment(0, 0, 16384, 0, ActionSink.REPORT_TX);
            n.a.postSegment(0, 16384, 3000, 0);  // no report asked: none made
        });
        n.sim.schedule(post, h, 0, 0);
        n.sim.runUntil(100_000_000);
        assertEquals(1, n.sink.transmitted.size());
        // 16384 B = 10 packets of 1500 B (800 ps a byte at 10 Gb/s), then the 1384-byte last one:
        // it starts onto the wire at 2 us + 15000 * 800 ps = 14 us.
        assertEquals(new Transmitted(post + 15_000 * 800L, 0, 0, 0, 16384, post), n.sink.transmitted.get(0));
    }

    @Test
    void segmentIsCutIntoMtuPacketsSentBackToBackAndAckedOnce() {
        Pair n = new Pair(1);  // flow 0: host 0 -> host 1
        long post = 2_000_000;
        n.post(post, n.a, 0, 0, 16384);
        n.sim.runUntil(100_000_000);

        // 16384 = 10 * 1500 + 1384
        List<Tap.Arrival> data = n.toB.ofType(PacketType.DATA);
        assertEquals(11, data.size());
        long wireEnd = post;
        for (int k = 0; k < 11; k++) {
            Tap.Arrival d = data.get(k);
            int expectedSize = k < 10 ? 1500 : 1384;
            assertEquals(expectedSize, d.size(), "packet " + k);
            assertEquals(1500L * k, d.seq(), "packet " + k + " payload offset");
            assertEquals(k == 10, d.last(), "only the last packet ends the segment");
            assertEquals(post, d.segmentSendTime(), "every packet carries the segment's send time");
            wireEnd += expectedSize * 800L;  // back to back: packet k ends at post + bytes so far * 800 ps
            assertEquals(wireEnd + DELAY, d.time(), "arrival of packet " + k);
        }
        assertEquals(post + 13_107_200, wireEnd);  // 16384 * 800

        // Exactly one hardware ACK, made when the last packet arrived (no wait: b's wire is idle).
        List<Tap.Arrival> acks = n.toA.ofType(PacketType.SEGMENT_ACK);
        assertEquals(1, acks.size());
        assertEquals(ACK, acks.get(0).size());
        long lastArrival = post + 13_107_200 + DELAY;         // 16,107,200
        long completion = lastArrival + 51_200 + DELAY;       // + 64 B serialization + 1 us = 17,158,400
        assertEquals(completion, acks.get(0).time());
        assertEquals(1, n.b.transmitter().packetsSent());
        assertEquals(64, n.b.transmitter().bytesSent());
        assertEquals(11, n.a.transmitter().packetsSent());
        assertEquals(16384, n.a.transmitter().bytesSent());

        // The sender's completion: send time = when the segment was posted.
        assertEquals(1, n.sink.completions.size());
        Completion c = n.sink.completions.get(0);
        assertEquals(completion, c.at());
        assertEquals(0, c.host(), "host");
        assertEquals(0, c.flow(), "flow");
        assertEquals(0, c.seq(), "seq");
        assertEquals(16384, c.bytes(), "bytes");
        assertEquals(post, c.sendPs(), "send time");
        assertEquals(0, c.intMaxHopDelayPs(), "no INT delay");
        assertFalse(c.ecnEcho(), "no ECN echo");

        // TIMELY RTT = completion - send - segment serialization at line rate = 2 us + 51,200 ps; the
        // segment went onto the wire as it was posted, so its network and host RTTs are the same.
        assertEquals(1, n.rtts.size());
        assertEquals(2 * DELAY + 51_200, n.rtts.hostRtt(0));
        assertEquals(2 * DELAY + 51_200, n.rtts.networkRtt(0));
        assertEquals(16384, n.stats.sentBytes(0));
        assertEquals(16384, n.stats.deliveredBytes(0));
        assertEquals(0, n.pool.live(), "every packet was released");
        assertEquals(0, n.a.queuedSegments());
    }

    @Test
    void aFifoNicSendsSegmentsInHandOverOrderWithoutGaps() {
        Pair n = new Pair(new NicParams(MTU, ACK, false, 0, NicScheduling.FIFO), 1, 1);
        n.post(0, n.a, 0, 0, 3000);     // 2 packets
        n.post(0, n.a, 1, 0, 1000);     // 1 packet, right behind
        n.post(0, n.a, 0, 3000, 1500);  // 1 packet
        n.sim.runUntil(50_000_000);
        List<Tap.Arrival> data = n.toB.ofType(PacketType.DATA);
        assertEquals(List.of(0, 0, 1, 0), data.stream().map(Tap.Arrival::flow).toList());
        assertEquals(List.of(0L, 1500L, 0L, 3000L), data.stream().map(Tap.Arrival::seq).toList());
        // ends of serialization: 1.2 us, 2.4 us, 2.4 + 0.8 = 3.2 us, 4.4 us; + 1 us propagation
        assertEquals(List.of(2_200_000L, 3_400_000L, 4_200_000L, 5_400_000L),
                data.stream().map(Tap.Arrival::time).toList());
        assertEquals(3, n.sink.completions.size(), "one completion per segment");
        assertEquals(List.of(0, 1, 0), n.sink.completions.stream().map(Completion::flow).toList());
    }

    @Test
    void hardwareAckJumpsAheadOfQueuedDataButNotThePacketOnTheWire() {
        Pair n = new Pair(1, 0);           // flow 0: a -> b; flow 1: b -> a
        n.post(0, n.a, 0, 0, 1500);        // a's single packet reaches b at 1.2 + 1 = 2.2 us
        n.post(0, n.b, 1, 0, 15000);       // b sends 10 packets: [0,1.2] [1.2,2.4] [2.4,3.6] ...
        n.sim.runUntil(100_000_000);
        List<Tap.Arrival> atA = n.toA.arrivals;
        // b's second data packet is on the wire at 2.2 us; the ACK goes right after it (2.4 us),
        // ahead of b's third data packet: arrivals at a are D(2.2us) D(3.4us) ACK(2.4512+1) D(...)
        assertEquals(PacketType.DATA, atA.get(0).type());
        assertEquals(PacketType.DATA, atA.get(1).type());
        assertEquals(3_400_000, atA.get(1).time());
        assertEquals(PacketType.SEGMENT_ACK, atA.get(2).type());
        assertEquals(2_400_000 + 51_200 + DELAY, atA.get(2).time());
        assertEquals(PacketType.DATA, atA.get(3).type());
        assertEquals(2_451_200 + 1_200_000 + DELAY, atA.get(3).time());
        assertEquals(3_451_200, n.sink.completions.get(0).at());
    }

    @Test
    void ackEchoesEcnAndMaxIntDelayOfItsSegmentOnly() {
        Pair n = new Pair(1);
        n.toB.modify = p -> {
            if (n.pool.type[p] == PacketType.DATA && n.pool.segmentSeq[p] == 0) {
                n.pool.intMaxHopDelay[p] = n.pool.seq[p] == 3000 ? 777_000 : 100_000;
                if (n.pool.seq[p] == 1500) {
                    n.pool.flags[p] |= PacketPool.FLAG_ECN_CE;
                }
            }
        };
        n.post(0, n.a, 0, 0, 4500);     // segment 1: 3 packets, the 2nd marked, the 3rd with the max INT
        n.post(0, n.a, 0, 4500, 1500);  // segment 2: clean
        n.sim.runUntil(100_000_000);
        assertEquals(2, n.sink.completions.size());
        Completion first = n.sink.completions.get(0);
        assertEquals(777_000, first.intMaxHopDelayPs());
        assertTrue(first.ecnEcho(), "ECN-CE on any packet of the segment is echoed");
        Completion second = n.sink.completions.get(1);
        assertEquals(4500, second.seq());
        assertEquals(0, second.intMaxHopDelayPs(), "INT state resets after each ACK");
        assertFalse(second.ecnEcho(), "ECN state resets after each ACK");
    }

    @Test
    void theAckReflectsTheHopStackOfThePacketItAnswers() {
        Pair n = new Pair(1);
        n.toB.modify = p -> {
            if (n.pool.type[p] == PacketType.DATA) {
                // two INT hops stamped on the way; the segment's last packet carries its own values
                long k = n.pool.seq[p];
                n.pool.pushHop(p, 100 + k, 5_000 + k, 7_000_000 + k, 200_000_000_000L);
                n.pool.pushHop(p, 300 + k, 9_000 + k, 8_000_000 + k, 100_000_000_000L);
            }
        };
        n.post(0, n.a, 0, 0, 3000);     // segment 1: packets at seq 0 and 1500; the ACK answers 1500 (to host 0)
        n.post(0, n.a, 0, 3000, 1500);  // segment 2: one packet at seq 3000
        n.sim.runUntil(100_000_000);
        assertEquals(2, n.sink.completions.size());
        assertEquals(4, n.sink.hops.size(), "two records per completion");
        long firstAck = n.sink.completions.get(0).at();
        assertEquals(new Hop(firstAck, 0, 1600, 6500, 7_001_500, 200_000_000_000L), n.sink.hops.get(0),
                "hop 0 of the ACKed packet (seq 1500)");
        assertEquals(new Hop(firstAck, 0, 1800, 10_500, 8_001_500, 100_000_000_000L), n.sink.hops.get(1),
                "hop 1, in path order");
        assertEquals(3100, n.sink.hops.get(2).queueBytes(), "the second ACK carries its own packet's records");
        assertEquals(0, n.pool.live(), "every packet was released");
    }

    @Test
    void withoutHopRecordsACompletionReportsNone() {
        Pair n = new Pair(1);
        n.post(0, n.a, 0, 0, 3000);
        n.sim.runUntil(100_000_000);
        assertEquals(1, n.sink.completions.size());
        assertTrue(n.sink.hops.isEmpty());
    }

    @Test
    void pfcPauseStopsDataAfterThePacketOnTheWireAndResumeRestarts() {
        Pair n = new Pair(1);
        n.post(0, n.a, 0, 0, 6000);          // 4 packets: [0,1.2] [1.2,2.4] [2.4,3.6] [3.6,4.8] us
        n.pfcFrame(1_800_000, n.a, true);    // pause while packet 1 is on the wire
        n.pfcFrame(10_000_000, n.a, false);  // resume at 10 us
        n.sim.runUntil(100_000_000);
        List<Long> times = n.toB.ofType(PacketType.DATA).stream().map(Tap.Arrival::time).toList();
        // packet 1 finishes (2.4 us, arrives 3.4 us); packet 2 waits for the resume:
        // starts at 10 us, arrives 10 + 1.2 + 1 = 12.2 us; packet 3 at 13.4 us.
        assertEquals(List.of(2_200_000L, 3_400_000L, 12_200_000L, 13_400_000L), times);
        assertEquals(1, n.a.pauseFramesReceived());
        assertFalse(n.a.dataPaused());
        assertEquals(2, n.sink.pfc.size());
        assertEquals(new PfcChange(1_800_000, 0, TrafficClass.DATA, true), n.sink.pfc.get(0));
        assertEquals(new PfcChange(10_000_000, 0, TrafficClass.DATA, false), n.sink.pfc.get(1));
        assertEquals(0, n.pool.live());
    }

    @Test
    void pausedNicStillSendsHardwareAcks() {
        Pair n = new Pair(1);
        n.pfcFrame(0, n.b, true);          // b's data class is paused for the whole run
        n.post(0, n.a, 0, 0, 1500);
        n.sim.runUntil(50_000_000);
        assertTrue(n.b.dataPaused());
        assertEquals(1, n.sink.completions.size(), "control frames are not paused");
    }
}
