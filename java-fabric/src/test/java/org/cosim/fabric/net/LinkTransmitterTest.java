package org.cosim.fabric.net;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.cosim.fabric.kernel.Simulator;
import org.cosim.fabric.packet.PacketPool;
import org.junit.jupiter.api.Test;

class LinkTransmitterTest {
    private static final long TEN_G = 10_000_000_000L;

    @Test
    void serializationAt10GIs800PsPerByte() {
        Simulator sim = new Simulator();
        PacketPool pool = new PacketPool();
        LinkTransmitter tx = new LinkTransmitter(sim, pool, 0, 0, TEN_G, 0);
        // 8 bits / 10e9 b/s = 800 ps per byte
        assertEquals(1_200_000, tx.serializationPs(1500));  // 1500 * 800
        assertEquals(7_200_000, tx.serializationPs(9000));  // ARCHITECTURE.md's example
        assertEquals(51_200, tx.serializationPs(64));
    }

    @Test
    void serializationRoundsUpWhenTheRateDoesNotDivideExactly() {
        Simulator sim = new Simulator();
        PacketPool pool = new PacketPool();
        LinkTransmitter tx = new LinkTransmitter(sim, pool, 0, 0, 3_000_000_000L, 0);
        // 1499 B * 8e12 / 3e9 = 3,997,333.33 ps -> 3,997,334
        assertEquals(3_997_334, tx.serializationPs(1499));
        // 1500 B at 3 Gb/s = 12,000 bits / 3e9 = 4 us exactly
        assertEquals(4_000_000, tx.serializationPs(1500));
    }

    @Test
    void txDoneAtEndOfSerializationAndArrivalOneDelayLater() {
        Simulator sim = new Simulator();
        PacketPool pool = new PacketPool();
        Recorder owner = new Recorder(sim, pool, false);
        Recorder peer = new Recorder(sim, pool, true);
        long delay = 2_000_000;  // 2 us
        LinkTransmitter tx = new LinkTransmitter(sim, pool, owner.handler, 3, TEN_G, delay);
        tx.attach(peer.handler, 5);
        int p = pool.alloc();
        pool.size[p] = 1500;
        int starter = sim.register((k, a) -> tx.start(p));
        sim.schedule(1_000_000, starter, 0, 0);  // start at 1 us
        sim.runUntil(10_000_000);

        // TX_DONE at 1 us + 1,200,000 ps, tagged with the owner's port (3)
        assertEquals(1, owner.seen.size());
        assertEquals(2_200_000, owner.seen.get(0).time());
        assertEquals(EventKinds.TX_DONE, owner.seen.get(0).type());
        assertEquals(3, owner.seen.get(0).port());
        assertEquals(p, owner.seen.get(0).pkt());
        // ARRIVE at the peer's port (5) = end of serialization + 2 us delay
        assertEquals(1, peer.seen.size());
        assertEquals(2_200_000 + delay, peer.seen.get(0).time());
        assertEquals(EventKinds.ARRIVE, peer.seen.get(0).type());
        assertEquals(5, peer.seen.get(0).port());
        assertEquals(1500, tx.bytesSent());
        assertEquals(1, tx.packetsSent());
    }

    @Test
    void busyUntilFinishedAndStartingTwiceThrows() {
        Simulator sim = new Simulator();
        PacketPool pool = new PacketPool();
        Recorder owner = new Recorder(sim, pool, false);
        Recorder peer = new Recorder(sim, pool, true);
        LinkTransmitter tx = new LinkTransmitter(sim, pool, owner.handler, 0, TEN_G, 0);
        tx.attach(peer.handler, 0);
        int a = pool.alloc();
        pool.size[a] = 100;
        int b = pool.alloc();
        pool.size[b] = 100;
        assertFalse(tx.busy());
        tx.start(a);
        assertTrue(tx.busy());
        assertThrows(IllegalStateException.class, () -> tx.start(b));
        assertEquals(a, tx.finish());
        assertFalse(tx.busy());
        tx.start(b);
        assertEquals(2, tx.packetsSent());
        assertEquals(200, tx.bytesSent());
    }

    @Test
    void withZeroDelayTxDoneRunsBeforeTheArrivalAtTheSameTime() {
        Simulator sim = new Simulator();
        PacketPool pool = new PacketPool();
        StringBuilder order = new StringBuilder();
        int owner = sim.register((k, a) -> order.append("done "));
        int peer = sim.register((k, a) -> order.append("arrive "));
        LinkTransmitter tx = new LinkTransmitter(sim, pool, owner, 0, TEN_G, 0);
        tx.attach(peer, 0);
        int p = pool.alloc();
        pool.size[p] = 1500;
        tx.start(p);
        sim.runUntil(1_200_001);
        assertEquals("done arrive ", order.toString());
    }
}
