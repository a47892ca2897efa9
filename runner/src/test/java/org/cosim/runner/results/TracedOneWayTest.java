package org.cosim.runner.results;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.List;
import org.cosim.fabric.packet.PacketType;
import org.cosim.setup.report.PacketTrace;
import org.cosim.proto.PacketFlag;
import org.junit.jupiter.api.Test;

/** The traced data packets' NIC-to-NIC time: send paired with receive by the packet's identity. */
class TracedOneWayTest {
    private static final long US = 1_000_000L;

    @Test
    void fromTheSendersNicToTheNicThatReceivedIt() {
        PacketTrace t = new PacketTrace(List.of("a", "b"), List.of("s"));
        // Packets 1 and 2 leave a at 0 and 1 us; 2 arrives trimmed at b at 6 us, 1 whole at 10 us; packet 3 is
        // still on its way; b's ACK (not data) does not count.
        t.add(0, PacketTrace.NIC_SEND, 0, 0, 4, (4L << 32) | 1, PacketType.DATA, 0, 0, 0, 1500, -1);
        t.add(US, PacketTrace.NIC_SEND, 0, 0, 4, (4L << 32) | 2, PacketType.DATA, 0, 0, 1500, 1500, -1);
        t.add(2 * US, PacketTrace.NIC_SEND, 0, 0, 4, (4L << 32) | 3, PacketType.DATA, 0, 0, 3000, 1500, -1);
        t.add(6 * US, PacketTrace.NIC_RECEIVE, 1, 0, 4, (4L << 32) | 2, PacketType.DATA, 0,
                PacketFlag.PACKET_FLAG_TRIMMED_VALUE, 1500, 64, -1);
        t.add(7 * US, PacketTrace.NIC_SEND, 1, 0, 4, 0, PacketType.CONTROL, 1, 0, 0, 64, -1);
        t.add(10 * US, PacketTrace.NIC_RECEIVE, 1, 0, 4, (4L << 32) | 1, PacketType.DATA, 0, 0, 0, 1500, -1);
        TracedOneWay w = TracedOneWay.of(t);
        assertEquals(2, w.packets());
        assertEquals(5, w.p50Us(), 1e-12, "nearest rank of {5, 10}");
        assertEquals(10, w.p99Us(), 1e-12);
        assertEquals(10, w.maxUs(), 1e-12);
        assertEquals(0, TracedOneWay.of(new PacketTrace(List.of("a"), List.of())).packets());
    }
}
