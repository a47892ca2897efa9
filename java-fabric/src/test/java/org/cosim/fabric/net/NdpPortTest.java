package org.cosim.fabric.net;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import org.cosim.fabric.kernel.IdentityHash;
import org.cosim.fabric.kernel.Simulator;
import org.cosim.fabric.packet.PacketPool;
import org.cosim.fabric.packet.PacketType;
import org.cosim.setup.hardware.NdpQueueParams;
import org.cosim.setup.hardware.QueueDiscipline;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * NDP's switch port driven directly, on a 10 Gb/s link with no delay: the byte
 * budgets, the trimming coin and its tail/arrival choice, weighted round robin,
 * strict priority and return-to-sender, exactly as NdpPort documents them.
 */
class NdpPortTest {
    private static final long SEED = 5;
    private static final int SWITCH = 3;

    private final PortBench bench = new PortBench(SEED, SWITCH);
    private final Simulator sim = bench.sim;
    private final PacketPool pool = bench.pool;
    private final Recorder peer = bench.peer;
    private final List<Integer> forwarded = bench.forwarded;
    private NdpPort port;

    /** A port with room for {@code dataBytes} of data and {@code headerBytes} of headers. */
    private NdpPort port(long dataBytes, long headerBytes, boolean strict, boolean rts) {
        return port(dataBytes, headerBytes, strict, rts, true);
    }

    private NdpPort port(long dataBytes, long headerBytes, boolean strict, boolean rts, boolean trimTail) {
        NdpQueueParams params = new NdpQueueParams(dataBytes, headerBytes, 10, 1, strict, rts, 64, trimTail);
        port = (NdpPort) bench.create(new QueueDiscipline.Ndp(params));
        return port;
    }

    private int packet(int type, int bytes, long seq, long uid) {
        return bench.packet(type, bytes, seq, uid);
    }

    private int data(long seq, long uid) {
        return packet(PacketType.DATA, 1500, seq, uid);
    }

    private int control(long seq) {
        return packet(PacketType.CONTROL, 64, seq, 0);
    }

    /** A packet identity whose coin at this port comes out as wanted. */
    private static long uidWithCoin(boolean trimTail) {
        for (long uid = 1; ; uid++) {
            if (IdentityHash.trimTail(SEED, SWITCH, 0, uid) == trimTail) {
                return uid;
            }
        }
    }

    private List<Long> seqs() {
        return bench.seqs();
    }

    private boolean trimmed(long seq) {
        return bench.trimmed(seq);
    }

    @Test
    void theDataBudgetCountsThePacketBeingSent() {
        port(6000, 6400, false, true);
        for (int i = 1; i <= 4; i++) {
            assertTrue(port.offer(data(i, 100 + i)));
        }
        // 1 on the wire + 3 waiting = 6000 B held: full.
        assertEquals(6000, port.dataHeldBytes());
        assertEquals(4500, port.queuedBytes(), "waiting bytes exclude the wire");
        sim.runUntil(100_000_000);
        assertEquals(List.of(1L, 2L, 3L, 4L), seqs());
        assertEquals(0, port.trimmed());
        assertEquals(0, port.dataHeldBytes());
    }

    @Test
    void coinForTheTailTrimsTheTailAndTheArrivalTakesItsPlace() {
        port(6000, 6400, false, true);
        for (int i = 1; i <= 4; i++) {
            port.offer(data(i, 100 + i));
        }
        int arrival = data(5, uidWithCoin(true));
        assertTrue(port.offer(arrival));
        sim.runUntil(100_000_000);
        // The tail (4) was cut to a header and jumps ahead of the data; 5 queued in its place.
        assertEquals(List.of(1L, 4L, 2L, 3L, 5L), seqs());
        assertTrue(trimmed(4));
        assertFalse(trimmed(5));
        assertEquals(1, port.trimmed());
        assertEquals(1500, pool.payload[peer.arrivals().get(1).pkt()], "the payload size survives trimming");
    }

    /** The coin says "the arrival"; or, without tail trimming (the NetFPGA prototype's rule), whatever it says. */
    @ParameterizedTest
    @CsvSource({"true, false", "false, true"})
    void theArrivalIsTrimmedWhenTheCoinSaysSoOrTheTailIsNeverTrimmed(boolean trimTail, boolean coin) {
        port(6000, 6400, false, true, trimTail);
        for (int i = 1; i <= 4; i++) {
            port.offer(data(i, 100 + i));
        }
        assertTrue(port.offer(data(5, uidWithCoin(coin))), "its header is queued");
        sim.runUntil(100_000_000);
        assertEquals(List.of(1L, 5L, 2L, 3L, 4L), seqs());
        assertTrue(trimmed(5));
        assertFalse(trimmed(4));
        assertEquals(1, port.trimmed());
    }

    @Test
    void aTailTooSmallToMakeRoomIsNotTrimmedForTheArrival() {
        port(5900, 6400, false, true);
        port.offer(data(1, 101));
        port.offer(data(2, 102));
        port.offer(data(3, 103));
        port.offer(packet(PacketType.DATA, 100, 4, 104));  // held 4600: removing it leaves 4500 + 1500 > 5900
        port.offer(data(5, uidWithCoin(true)));
        sim.runUntil(100_000_000);
        assertTrue(trimmed(5), "the coin said tail, but the tail cannot make room");
        assertFalse(trimmed(4));
    }

    @Test
    void weightedRoundRobinServesTenHeadersPerDataPacket() {
        port(1 << 20, 1 << 20, false, true);
        port.offer(control(0));  // on the wire: the round's first header
        for (int i = 1; i <= 3; i++) {
            port.offer(data(100 + i, i));
        }
        for (int i = 1; i <= 25; i++) {
            port.offer(control(i));
        }
        sim.runUntil(100_000_000);
        List<Long> expected = new ArrayList<>();
        for (long h = 0; h <= 9; h++) {
            expected.add(h);      // round 1: headers 0..9
        }
        expected.add(101L);       // its data packet
        for (long h = 10; h <= 19; h++) {
            expected.add(h);      // round 2
        }
        expected.add(102L);
        for (long h = 20; h <= 25; h++) {
            expected.add(h);      // round 3: the header queue empties
        }
        expected.add(103L);
        assertEquals(expected, seqs());
    }

    @Test
    void anEmptyHeaderQueueForfeitsItsTurn() {
        port(1 << 20, 1 << 20, false, true);
        for (int i = 1; i <= 3; i++) {
            port.offer(data(i, i));
        }
        sim.runUntil(100_000_000);
        assertEquals(List.of(1L, 2L, 3L), seqs(), "data back to back when no header waits");
        assertEquals(3 * 1_200_000L, peer.arrivals().get(2).time());
    }

    @Test
    void strictPriorityServesEveryHeaderFirst() {
        port(1 << 20, 1 << 20, true, true);
        port.offer(control(0));
        for (int i = 1; i <= 2; i++) {
            port.offer(data(100 + i, i));
        }
        for (int i = 1; i <= 15; i++) {
            port.offer(control(i));
        }
        sim.runUntil(100_000_000);
        List<Long> expected = new ArrayList<>();
        for (long h = 0; h <= 15; h++) {
            expected.add(h);
        }
        expected.add(101L);
        expected.add(102L);
        assertEquals(expected, seqs());
    }

    @Test
    void anOverflowingTrimmedHeaderGoesBackToItsSender() {
        port(1500, 128, false, true);
        port.offer(data(1, 1));       // fills the data queue (on the wire)
        port.offer(control(2));       // header queue: 64 of 128
        port.offer(control(3));       // 128 of 128: full
        int arrival = data(4, 4);     // trimmed (the data queue has no tail to trim), then no room
        assertFalse(port.offer(arrival));
        assertEquals(List.of(arrival), forwarded);
        assertEquals(20, pool.src[arrival], "source and destination swapped");
        assertEquals(10, pool.dst[arrival]);
        assertTrue(pool.has(arrival, PacketPool.FLAG_RETURNED));
        assertTrue(pool.has(arrival, PacketPool.FLAG_TRIMMED));
        assertEquals(1, port.returnedToSender());
        assertEquals(0, port.drops());
    }

    @Test
    void aReturnedHeaderOrAControlPacketThatOverflowsIsDropped() {
        port(1500, 128, false, true);
        port.offer(data(1, 1));
        port.offer(control(2));
        port.offer(control(3));
        int again = packet(PacketType.DATA, 64, 4, 4);
        pool.flags[again] |= PacketPool.FLAG_TRIMMED | PacketPool.FLAG_RETURNED;
        assertFalse(port.offer(again));
        assertFalse(port.offer(control(5)));
        assertEquals(2, port.drops());
        assertTrue(forwarded.isEmpty());
    }

    @Test
    void withoutReturnToSenderAnOverflowingHeaderIsDropped() {
        port(1500, 128, false, false);
        port.offer(data(1, 1));
        port.offer(control(2));
        port.offer(control(3));
        assertFalse(port.offer(data(4, 4)));
        assertEquals(1, port.drops());
        assertEquals(1, port.trimmed());
        assertEquals(0, port.returnedToSender());
        assertTrue(forwarded.isEmpty());
    }

    @Test
    void theTrimmingCoinIsKeyedByIdentityAndFair() {
        int tails = 0;
        for (long uid = 0; uid < 20_000; uid++) {
            boolean c = IdentityHash.trimTail(SEED, SWITCH, 2, uid);
            assertEquals(c, IdentityHash.trimTail(SEED, SWITCH, 2, uid), "same identity, same coin");
            tails += c ? 1 : 0;
        }
        assertTrue(tails > 9_600 && tails < 10_400, "fair coin: " + tails + " tails of 20000");
        int differ = 0;
        for (long uid = 0; uid < 1000; uid++) {
            if (IdentityHash.trimTail(SEED, SWITCH, 2, uid) != IdentityHash.trimTail(SEED, SWITCH + 1, 2, uid)) {
                differ++;
            }
        }
        assertTrue(differ > 400 && differ < 600, "switches toss independent coins: " + differ);
    }
}
