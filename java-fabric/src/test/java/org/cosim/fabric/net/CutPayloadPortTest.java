package org.cosim.fabric.net;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.cosim.fabric.kernel.Simulator;
import org.cosim.fabric.packet.PacketType;
import org.cosim.setup.hardware.CutPayloadParams;
import org.cosim.setup.hardware.QueueDiscipline;
import org.junit.jupiter.api.Test;

/**
 * A Cut Payload port driven directly, on a 10 Gb/s link with no delay: data past
 * the threshold is trimmed, anything past the budget is dropped, and headers wait
 * in the one FIFO behind the data queued before them, exactly as CutPayloadPort
 * documents.
 */
class CutPayloadPortTest {
    private final PortBench bench = new PortBench(5, 3);
    private final Simulator sim = bench.sim;
    private CutPayloadPort port;

    /** A port of {@code queueBytes} that trims data beyond {@code thresholdBytes}. */
    private CutPayloadPort port(long queueBytes, long thresholdBytes) {
        port = (CutPayloadPort) bench.create(new QueueDiscipline.CutPayload(new CutPayloadParams(queueBytes, thresholdBytes,
                64)));
        return port;
    }

    private int packet(int type, int bytes, long seq) {
        return bench.packet(type, bytes, seq, seq);
    }

    private int data(long seq) {
        return packet(PacketType.DATA, 1500, seq);
    }

    private List<Long> seqs() {
        return bench.seqs();
    }

    private boolean trimmed(long seq) {
        return bench.trimmed(seq);
    }

    @Test
    void dataBeyondTheThresholdIsTrimmedAndWaitsInOrderBehindTheData() {
        port(6000, 3000);
        assertTrue(port.offer(data(1)));  // on the wire: 1500 held
        assertTrue(port.offer(data(2)));  // 3000 held: at the threshold, not past it
        assertTrue(port.offer(data(3)));  // 4500 > 3000: trimmed to 64 B, queued anyway
        assertTrue(port.offer(data(4)));
        assertEquals(3000 + 64 + 64, port.heldBytes());
        assertEquals(2, port.trimmed());
        sim.runUntil(100_000_000);
        // One FIFO: the headers of 3 and 4 leave after 2, not ahead of it as in NDP's header queue.
        assertEquals(List.of(1L, 2L, 3L, 4L), seqs());
        assertFalse(trimmed(2));
        assertTrue(trimmed(3) && trimmed(4));
        assertEquals(0, port.heldBytes());
    }

    @Test
    void anythingBeyondTheBudgetIsDroppedEvenAHeader() {
        port(3100, 1500);
        assertTrue(port.offer(data(1)));                            // 1500 held
        assertTrue(port.offer(packet(PacketType.CONTROL, 1500, 2)));  // control is never trimmed: 3000
        assertTrue(port.offer(data(3)));                            // trimmed to 64: 3064
        assertFalse(port.offer(data(4)), "64 more would pass 3100");
        assertEquals(1, port.drops());
        assertEquals(2, port.trimmed());  // 4 was trimmed first, then dropped
        sim.runUntil(100_000_000);
        assertEquals(List.of(1L, 2L, 3L), seqs());
    }

    @Test
    void theBudgetCountsThePacketBeingSentUntilItsLastBit() {
        port(3000, 3000);
        port.offer(data(1));
        port.offer(data(2));
        assertEquals(3000, port.heldBytes());
        assertEquals(1500, port.queuedBytes(), "waiting bytes exclude the wire");
        assertFalse(port.offer(data(3)), "trimmed (past the threshold), then dropped (64 B past the budget)");
        sim.runUntil(1_200_000);  // 1500 B take 1.2 us at 10 Gb/s; the end is exclusive
        assertFalse(port.offer(data(4)), "packet 1 is still on the wire");
        sim.runUntil(1_200_001);
        assertTrue(port.offer(data(5)), "its last bit is out: room for a whole packet");
        sim.runUntil(100_000_000);
        assertEquals(List.of(1L, 2L, 5L), seqs());
        assertFalse(trimmed(5));
    }
}
