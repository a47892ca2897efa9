package org.cosim.runner.omnetpp;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import org.cosim.setup.report.PacketTrace;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The reader of the bridge's packet trace file. The golden file is the one the C++
 * writer's test (fabric_core_test) must reproduce byte for byte, written from the
 * format's description: two records and a footer counting five steps.
 */
class PacketTraceFileTest {
    private static final List<String> HOSTS = List.of("h0", "h1", "h2", "h3", "h4", "h5");
    private static final List<String> SWITCHES = List.of("s0", "s1", "s2", "leaf[3]");
    @TempDir
    Path tmp;

    static Path golden() {
        return CosimHome.find().bridge().resolve("test/golden/packet_trace.bin");
    }

    @Test
    void readsEveryFieldOfTheGoldenFile() {
        PacketTrace t = PacketTraceFile.read(golden(), HOSTS, SWITCHES, true);
        assertEquals(2, t.size());
        assertEquals(5, t.attempted(), "the footer's count of every step");
        assertTrue(t.truncated());
        assertEquals(3_200_000L, t.timePs(0));
        assertEquals("enqueue", t.eventName(0));
        assertEquals("leaf[3]", t.nodeName(0));
        assertEquals(3, t.port(0));
        assertEquals(0, t.flow(0));
        assertEquals((7L << 32) | 12, t.uid(0));
        assertEquals(1, t.type(0));
        assertEquals(65, t.flags(0));
        assertEquals(1500, t.bytes(0));
        assertEquals(1500, t.queueBytes(0));
        assertEquals((1L << 40) + 7, t.timePs(1));
        assertEquals("nic_receive", t.eventName(1));
        assertEquals("h5", t.nodeName(1));
        assertEquals(131071, t.flow(1));
        assertEquals(4, t.type(1));
        assertEquals(3, t.controlKind(1));
        assertEquals(9000, t.seq(1));
        assertEquals(64, t.bytes(1));
        assertEquals(-1, t.queueBytes(1));
    }

    @Test
    void anUnfinishedFileIsKeptForAFailedRunAndRefusedForACompleteOne() throws IOException {
        byte[] bytes = Files.readAllBytes(golden());
        Path cut = tmp.resolve("cut.pkt");
        // The header, both records and half a third: what a run that died mid-write leaves.
        Files.write(cut, Arrays.copyOf(bytes, 16 + 2 * 56 + 20));
        PacketTrace t = PacketTraceFile.read(cut, HOSTS, SWITCHES, false);
        assertEquals(2, t.size(), "whole records only");
        assertFalse(t.truncated());
        OmnetppException e = assertThrows(OmnetppException.class, () -> PacketTraceFile.read(cut, HOSTS, SWITCHES,
                true));
        assertTrue(e.getMessage().contains("ends without its footer"), e.getMessage());
        assertNull(PacketTraceFile.read(tmp.resolve("none.pkt"), HOSTS, SWITCHES, false));
        assertThrows(OmnetppException.class, () -> PacketTraceFile.read(tmp.resolve("none.pkt"), HOSTS, SWITCHES,
                true), "a complete run that traced must leave its file");
    }

    @Test
    void aLyingFileIsNamed() throws IOException {
        byte[] bytes = Files.readAllBytes(golden());
        Path wrongNode = tmp.resolve("node.pkt");
        byte[] b = bytes.clone();
        b[16 + 20] = 9;  // the first record's switch id: no switch 9 in a topology of four
        Files.write(wrongNode, b);
        OmnetppException e = assertThrows(OmnetppException.class, () -> PacketTraceFile.read(wrongNode, HOSTS,
                SWITCHES, true));
        assertTrue(e.getMessage().contains("no switch 9"), e.getMessage());
        Path notATrace = tmp.resolve("x.pkt");
        Files.writeString(notATrace, "COSIMRTT and more bytes than a header");
        e = assertThrows(OmnetppException.class, () -> PacketTraceFile.read(notATrace, HOSTS, SWITCHES, true));
        assertTrue(e.getMessage().contains("is not a packet trace file"), e.getMessage());
    }
}
