package org.cosim.runner.omnetpp;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import org.cosim.runner.results.RttSamples;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The reader of the bridge's RTT sample file. The golden file is the one the C++
 * writer's test (fabric_core_test) must reproduce byte for byte, so the two sides
 * agree on the format without OMNeT++.
 */
class RttSampleFileTest {
    static Path golden() {
        return CosimHome.find().bridge().resolve("test/golden/rtt_samples.bin");
    }

    @Test
    void readsTheGoldenFileInTimeOrder() {
        // The file holds them at 10_000_062_400, 0 and 2^40 + 3 ps; RttSamples orders them by time.
        RttSamples s = RttSampleFile.read(golden(), 3);
        assertArrayEquals(new long[] {0, 10_000_062_400L, (1L << 40) + 3}, s.timePs());
        assertArrayEquals(new int[] {0, 58, 131_071}, s.flow());
        assertArrayEquals(new long[] {0, 200_000_000L, 1}, s.networkRttPs());
        assertArrayEquals(new long[] {0, 217_969_600L, 2}, s.hostRttPs());
        assertEquals(3, RttSampleFile.read(golden(), -1).size(), "-1 accepts any count");
    }

    @Test
    void aCountOtherThanTheBridgeRecordedIsAnError() {
        OmnetppException e = assertThrows(OmnetppException.class, () -> RttSampleFile.read(golden(), 4));
        assertTrue(e.getMessage().contains("holds 3 samples, but the bridge recorded 4"), e.getMessage());
    }

    @Test
    void aFileCutInsideARecordIsAnError(@TempDir Path dir) throws IOException {
        byte[] bytes = Files.readAllBytes(golden());
        Path cut = dir.resolve("cut.rtt");
        Files.write(cut, Arrays.copyOf(bytes, bytes.length - 7));
        OmnetppException e = assertThrows(OmnetppException.class, () -> RttSampleFile.read(cut, -1));
        assertTrue(e.getMessage().contains(cut.toString()) && e.getMessage().contains("ends inside a record"),
                e.getMessage());
    }

    @Test
    void anotherFileOrVersionIsAnError(@TempDir Path dir) throws IOException {
        byte[] bytes = Files.readAllBytes(golden());
        Path vec = dir.resolve("cosim.vec");
        Files.writeString(vec, "version 3\nrun General-0\n");
        OmnetppException e = assertThrows(OmnetppException.class, () -> RttSampleFile.read(vec, -1));
        assertTrue(e.getMessage().contains("is not an RTT sample file"), e.getMessage());

        byte[] v3 = bytes.clone();
        v3[8] = 3;
        Path newer = dir.resolve("newer.rtt");
        Files.write(newer, v3);
        e = assertThrows(OmnetppException.class, () -> RttSampleFile.read(newer, -1));
        assertTrue(e.getMessage().contains("has version 3"), e.getMessage());

        Path shortFile = dir.resolve("short.rtt");
        Files.write(shortFile, Arrays.copyOf(bytes, 10));
        e = assertThrows(OmnetppException.class, () -> RttSampleFile.read(shortFile, -1));
        assertTrue(e.getMessage().contains("shorter than its 16-byte header"), e.getMessage());
    }

    @Test
    void aFileBeyondWhatTheReaderMapsSaysSo(@TempDir Path dir) throws IOException {
        Path huge = dir.resolve("huge.rtt");
        try (java.io.RandomAccessFile f = new java.io.RandomAccessFile(huge.toFile(), "rw")) {
            f.setLength((1L << 31) + 16);  // sparse: no disk used
        }
        OmnetppException e = assertThrows(OmnetppException.class, () -> RttSampleFile.read(huge, -1));
        assertTrue(e.getMessage().contains("more than this reader maps"), e.getMessage());
    }

    @Test
    void aMissingFileSaysSo(@TempDir Path dir) {
        Path missing = dir.resolve("cosim.rtt");
        OmnetppException e = assertThrows(OmnetppException.class, () -> RttSampleFile.read(missing, -1));
        assertTrue(e.getMessage().contains("left no RTT sample file " + missing), e.getMessage());
    }
}
