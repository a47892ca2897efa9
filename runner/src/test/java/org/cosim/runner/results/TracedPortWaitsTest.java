package org.cosim.runner.results;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.List;
import org.cosim.fabric.packet.PacketType;
import org.cosim.setup.report.PacketTrace;
import org.cosim.proto.PacketFlag;
import org.junit.jupiter.api.Test;

/** Where traced packets waited: enqueue paired with transmit at the same port by the packet's identity. */
class TracedPortWaitsTest {
    private static final long US = 1_000_000L;

    private static void step(PacketTrace t, long us, int event, int sw, int port, long packet, int flags) {
        t.add(us * US, event, sw, port, 0, packet, PacketType.DATA, 0, flags, packet * 9000, 9000, 0);
    }

    @Test
    void waitsPerPortFromEnqueueToTransmit() {
        PacketTrace t = new PacketTrace(List.of("h0"), List.of("tor", "spine"));
        // tor port 1: packets 1 and 2 queue at 0 and 1 us, leave at 2 and 5 us (waits 2 and 4 us);
        // packet 3 is trimmed at the tail and leaves as a header at 9 us, queued at 3 us (6 us).
        step(t, 0, PacketTrace.ENQUEUE, 0, 1, 1, 0);
        step(t, 1, PacketTrace.ENQUEUE, 0, 1, 2, 0);
        step(t, 2, PacketTrace.TRANSMIT, 0, 1, 1, 0);
        step(t, 3, PacketTrace.ENQUEUE, 0, 1, 3, 0);
        step(t, 4, PacketTrace.TRIM, 0, 1, 3, PacketFlag.PACKET_FLAG_TRIMMED_VALUE);
        step(t, 4, PacketTrace.ENQUEUE, 0, 1, 3, PacketFlag.PACKET_FLAG_TRIMMED_VALUE);
        step(t, 5, PacketTrace.TRANSMIT, 0, 1, 2, 0);
        step(t, 9, PacketTrace.TRANSMIT, 0, 1, 3, PacketFlag.PACKET_FLAG_TRIMMED_VALUE);
        // spine port 0: one packet straight through, one dropped on arrival.
        step(t, 7, PacketTrace.ENQUEUE, 1, 0, 1, 0);
        step(t, 7, PacketTrace.TRANSMIT, 1, 0, 1, 0);
        step(t, 8, PacketTrace.DROP, 1, 0, 2, 0);
        t.add(6 * US, PacketTrace.NIC_RECEIVE, 0, 0, 0, 1, PacketType.DATA, 0, 0, 9000, 9000, -1);
        TracedPortWaits w = TracedPortWaits.of(t);
        assertEquals(2, w.ports().size(), "switch ports only, in topology order");
        TracedPortWaits.Port tor = w.ports().get(0);
        assertEquals("tor.port[1]", tor.name());
        assertEquals(3, tor.queued());
        assertEquals((2 + 4 + 6) / 3.0, tor.meanUs(), 1e-12);
        assertEquals(6, tor.p99Us(), 1e-12);
        assertEquals(6, tor.maxUs(), 1e-12);
        assertEquals(1, tor.trimmed());
        TracedPortWaits.Port spine = w.ports().get(1);
        assertEquals("spine.port[0]", spine.name());
        assertEquals(List.of(1, 0.0, 1), List.of(spine.queued(), spine.meanUs(), spine.dropped()));
        assertEquals(List.of(tor), w.longest(5), "the spine's packet did not wait");
    }
}
