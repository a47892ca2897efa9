package org.cosim.fabric.net;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.cosim.fabric.kernel.Simulator;
import org.cosim.fabric.packet.PacketPool;
import org.cosim.fabric.packet.PacketType;
import org.cosim.fabric.packet.TrafficClass;
import org.cosim.setup.hardware.PfcParams;
import org.cosim.setup.hardware.QueueDiscipline;
import org.cosim.setup.hardware.SwitchParams;
import org.junit.jupiter.api.Test;

/** One egress port on a 10 Gb/s link with no propagation delay, driven directly. */
class SwitchPortTest {
    private static final long TEN_G = 10_000_000_000L;

    private final Simulator sim = new Simulator();
    private final PacketPool pool = new PacketPool();
    private final Recorder peer = new Recorder(sim, pool, true);
    private PriorityPort port;

    private PriorityPort port(long ecnThreshold) {
        SwitchPort[] holder = new SwitchPort[1];
        int owner = sim.register((k, a) -> holder[0].txDone());
        LinkTransmitter tx = new LinkTransmitter(sim, pool, owner, 0, TEN_G, 0);
        tx.attach(peer.handler, 0);
        PortContext ctx = new PortContext(sim, pool, new org.cosim.fabric.stats.FlowStats(16, 0),
                new SharedBuffer(1L << 30), 0, "sw", 1, p -> { });
        holder[0] = Switch.port(QueueDiscipline.PRIORITY, ctx, 0, tx,
                new SwitchParams(1L << 30, 1L << 30, ecnThreshold, 0, PfcParams.OFF));
        port = (PriorityPort) holder[0];
        return port;
    }

    private int packet(int type, int trafficClass, int bytes, long seq) {
        int p = pool.alloc();
        pool.type[p] = type;
        pool.trafficClass[p] = trafficClass;
        pool.size[p] = bytes;
        pool.seq[p] = seq;
        return p;
    }

    private int data(long seq) {
        return packet(PacketType.DATA, TrafficClass.DATA, 1500, seq);
    }

    private int control(long seq) {
        return packet(PacketType.SEGMENT_ACK, TrafficClass.CONTROL, 64, seq);
    }

    private void enqueueAt(long t, int pkt) {
        int h = sim.register((k, a) -> port.offer(pkt));
        sim.schedule(t, h, 0, 0);
    }

    @Test
    void controlQueuedBehindDataGoesNextButDoesNotPreemptTheWire() {
        port(-1);
        enqueueAt(0, data(1));
        enqueueAt(0, data(2));
        enqueueAt(100_000, control(3));  // while data 1 is on the wire (0 .. 1,200,000 ps)
        sim.runUntil(10_000_000);
        List<Recorder.Seen> got = peer.arrivals();
        assertEquals(List.of(1L, 3L, 2L), got.stream().map(Recorder.Seen::seq).toList());
        assertEquals(1_200_000, got.get(0).time(), "data 1 finishes its full 1500 B");
        assertEquals(1_200_000 + 51_200, got.get(1).time(), "control right after: + 64 B * 800 ps");
        assertEquals(1_251_200 + 1_200_000, got.get(2).time(), "then data 2");
    }

    @Test
    void queuedBytesExcludeThePacketOnTheWire() {
        port(-1);
        port.offer(data(1));
        port.offer(data(2));
        port.offer(control(3));
        assertEquals(1500 + 64, port.queuedBytes());
        assertEquals(1500 + 1500 + 64, port.bufferedBytes());
        sim.runUntil(10_000_000);
        assertEquals(0, port.queuedBytes());
        assertEquals(0, port.bufferedBytes());
    }

    @Test
    void dataIsEcnMarkedWhenTheDataQueueIsAboveTheThreshold() {
        port(2000);
        // Data queue length seen by each arrival (the first goes straight onto the wire):
        // p1: 0, p2: 0, p3: 1500, p4: 3000 (> 2000: mark), p5: 4500 (mark)
        for (int i = 1; i <= 5; i++) {
            port.offer(data(i));
        }
        port.offer(control(6));  // control is never marked, whatever the queue
        sim.runUntil(100_000_000);
        List<Recorder.Seen> got = peer.arrivals();
        assertEquals(6, got.size());
        for (Recorder.Seen s : got) {
            boolean marked = (s.flags() & PacketPool.FLAG_ECN_CE) != 0;
            assertEquals(s.seq() == 4 || s.seq() == 5, marked, "packet " + s.seq());
        }
        assertEquals(2, port.ecnMarks());
    }

    @Test
    void noMarkingWhenTheThresholdIsOff() {
        port(-1);
        for (int i = 1; i <= 20; i++) {
            port.offer(data(i));
        }
        sim.runUntil(100_000_000);
        assertEquals(0, port.ecnMarks());
        assertTrue(peer.arrivals().stream().noneMatch(s -> (s.flags() & PacketPool.FLAG_ECN_CE) != 0));
    }

    @Test
    void pausedDataClassHoldsDataButNotControl() {
        port(-1);
        port.setPaused(TrafficClass.DATA, true);
        port.offer(data(1));
        port.offer(control(2));
        sim.runUntil(5_000_000);
        assertEquals(List.of(2L), peer.arrivals().stream().map(Recorder.Seen::seq).toList());
        assertTrue(port.paused(TrafficClass.DATA));
        assertEquals(1, port.pauseFramesReceived());
        int h = sim.register((k, a) -> port.setPaused(TrafficClass.DATA, false));
        sim.schedule(6_000_000, h, 0, 0);
        sim.runUntil(20_000_000);
        assertFalse(port.paused(TrafficClass.DATA));
        assertEquals(List.of(2L, 1L), peer.arrivals().stream().map(Recorder.Seen::seq).toList());
        assertEquals(7_200_000, peer.arrivals().get(1).time(), "resumed at 6 us + 1.2 us serialization");
    }

    @Test
    void pauseDoesNotStopThePacketAlreadyOnTheWire() {
        port(-1);
        port.offer(data(1));
        port.offer(data(2));
        int h = sim.register((k, a) -> port.setPaused(TrafficClass.DATA, true));
        sim.schedule(600_000, h, 0, 0);  // half way through data 1
        sim.runUntil(20_000_000);
        assertEquals(List.of(1L), peer.arrivals().stream().map(Recorder.Seen::seq).toList());
        assertEquals(1_200_000, peer.arrivals().get(0).time());
        assertEquals(1500, port.queuedBytes());
    }

    @Test
    void pfcFramesJumpQueuedDataButTakeNoBufferAndAreNotEcnMarked() {
        port(0);
        port.offer(data(1));
        port.offer(data(2));
        int f = packet(PacketType.PFC, TrafficClass.CONTROL, 64, 9);
        port.sendPfcFrame(f);
        assertEquals(3000, port.bufferedBytes(), "MAC control frames are not buffered data");
        sim.runUntil(20_000_000);
        assertEquals(List.of(1L, 9L, 2L), peer.arrivals().stream().map(Recorder.Seen::seq).toList());
    }
}
