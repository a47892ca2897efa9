package org.cosim.runner.omnetpp;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.cosim.runner.results.RttSamples;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Two partitions' files read as one run's: the bridge's and the sampler's values combined as PartitionResults
 * documents, every other module's taken from the one partition that has it, RTT samples in one order.
 */
class PartitionResultsTest {
    @TempDir
    Path dir;

    /** Partition 0 has host 0 (flow 0's sender) and the monitored port; partition 1 has host 1 (its receiver). */
    private void twoPartitions() throws IOException {
        Files.writeString(dir.resolve("cosim.vm.100.sca"), """
                version 3
                run General-0-20261207-0
                scalar N.bridge flow0:sentBytes 9000
                scalar N.bridge flow0:deliveredBytes 0
                scalar N.bridge flow0:finishPs 5000000
                scalar N.bridge rttSamples 2
                scalar N.bridge completed 1
                scalar N.bridge reachedPs 10000000
                scalar N.bridge eventsProcessed 700
                scalar N.bridge agentWindows 30
                scalar N.bridge agentEvents 40
                scalar N.bridge packetsInNetwork 3
                scalar N.bridge wallSeconds 1.5
                statistic N.sampler queue0:lengthTime
                field count 1
                bin\t-inf\t0
                bin\t0\t10000000
                scalar N.sampler queue0:maxBytes 9000
                scalar N.switch[0].core switchId 0
                scalar N.switch[0].line[1] dropped:count 2
                """);
        Files.writeString(dir.resolve("cosim.vm.101.sca"), """
                version 3
                run General-0-20261207-1
                scalar N.bridge flow0:sentBytes 0
                scalar N.bridge flow0:deliveredBytes 8000
                scalar N.bridge flow0:finishPs -1
                scalar N.bridge rttSamples 1
                scalar N.bridge completed 1
                scalar N.bridge reachedPs 10000000
                scalar N.bridge eventsProcessed 500
                scalar N.bridge agentWindows 28
                scalar N.bridge agentEvents 25
                scalar N.bridge packetsInNetwork 1
                scalar N.bridge wallSeconds 1.75
                scalar N.switch[0].line[1] dropped:count 0
                """);
        Files.writeString(dir.resolve("cosim.vm.100.vec"), """
                version 3
                vector 0 N.sampler flow0:delivered:vector ETV
                vector 1 N.sampler queue0:length:vector ETV
                0\t10\t0.000001\t0
                1\t10\t0.000001\t9000
                0\t20\t0.000002\t0
                1\t20\t0.000002\t0
                """);
        Files.writeString(dir.resolve("cosim.vm.101.vec"), """
                version 3
                vector 0 N.sampler flow0:delivered:vector ETV
                0\t11\t0.000001\t3000
                0\t19\t0.000002\t5000
                """);
    }

    @Test
    void theBridgesAndSamplersValuesCombineAndTheOtherModulesAreTheirPartitions() throws IOException {
        twoPartitions();
        ResultFiles r = PartitionResults.merge(dir, 2);
        assertEquals("9000", r.scalar("N.bridge", "flow0:sentBytes"), "9000 + 0");
        assertEquals("8000", r.scalar("N.bridge", "flow0:deliveredBytes"), "0 + 8000");
        assertEquals("5000000", r.scalar("N.bridge", "flow0:finishPs"), "the sender's partition's, not -1");
        assertEquals("3", r.scalar("N.bridge", "rttSamples"), "2 + 1");
        assertEquals("1200", r.scalar("N.bridge", "eventsProcessed"), "700 + 500");
        assertEquals("58", r.scalar("N.bridge", "agentWindows"));
        assertEquals("65", r.scalar("N.bridge", "agentEvents"));
        assertEquals("4", r.scalar("N.bridge", "packetsInNetwork"));
        assertEquals("1", r.scalar("N.bridge", "completed"));
        assertEquals(1.75, Double.parseDouble(r.scalar("N.bridge", "wallSeconds")), "the longest");
        assertEquals("2", r.scalar("N.switch[0].line[1]", "dropped:count"), "2 + a placeholder's 0");
        assertEquals("9000", r.scalar("N.sampler", "queue0:maxBytes"));
        assertEquals("10000000", r.histogram("N.sampler", "queue0:lengthTime").bins().get("0"));
        List<ResultFiles.Entry> delivered = r.vector("N.sampler", "flow0:delivered:vector");
        assertEquals(List.of("3000", "5000"), delivered.stream().map(ResultFiles.Entry::value).toList(), "0 + 3000, 0 + 5000");
        assertEquals(2_000_000, delivered.get(1).timePs());
        assertEquals(List.of("9000", "0"), r.vector("N.sampler", "queue0:length:vector").stream()
                .map(ResultFiles.Entry::value).toList());
    }

    @Test
    void aShorterReachOrAFailedPartitionWins() throws IOException {
        twoPartitions();
        Path second = dir.resolve("cosim.vm.101.sca");
        Files.writeString(second, Files.readString(second).replace("completed 1", "completed 0")
                .replace("reachedPs 10000000", "reachedPs 7000000"));
        ResultFiles r = PartitionResults.merge(dir, 2);
        assertEquals("0", r.scalar("N.bridge", "completed"));
        assertEquals("7000000", r.scalar("N.bridge", "reachedPs"));
    }

    @Test
    void aModuleOfOnePartitionInTwoIsAnError() throws IOException {
        twoPartitions();
        Path second = dir.resolve("cosim.vm.101.sca");
        Files.writeString(second, Files.readString(second) + "scalar N.sampler queue0:maxBytes 1\n");
        OmnetppException e = assertThrows(OmnetppException.class, () -> PartitionResults.merge(dir, 2));
        assertTrue(e.getMessage().contains("both hold N.sampler queue0:maxBytes"), e.getMessage());
    }

    @Test
    void missingPartitionsAreAnErrorAndNoneIsNoResults() throws IOException {
        assertNull(PartitionResults.merge(dir, 2), "a run that failed before simulating left none");
        twoPartitions();
        OmnetppException e = assertThrows(OmnetppException.class, () -> PartitionResults.merge(dir, 3));
        assertTrue(e.getMessage().contains("of 2 of the run's 3 partitions"), e.getMessage());
    }

    /** An RTT sample file as the bridge writes it (omnetpp-bridge/src/fabric/RttSampleFile.h). */
    private void rttFile(Path file, long[][] samples) throws IOException {
        ByteBuffer b = ByteBuffer.allocate(RttSampleFile.HEADER_BYTES + samples.length * RttSampleFile.RECORD_BYTES)
                .order(ByteOrder.LITTLE_ENDIAN);
        b.put(RttSampleFile.MAGIC).putInt(RttSampleFile.VERSION).putInt(RttSampleFile.RECORD_BYTES);
        for (long[] s : samples) {
            b.putLong(s[0]).putInt((int) s[1]).putLong(s[2]).putLong(s[3]);
        }
        Files.write(file, b.array());
    }

    @Test
    void rttSamplesOfEveryPartitionComeByTimeThenFlow() throws IOException {
        // time, flow, network RTT, host RTT; partition 1's flow 0 samples at 100 ps come after partition 0's
        // flow 2 sample of that time in its file, and keep their own order.
        rttFile(dir.resolve("cosim.rtt.p0"), new long[][] {{100, 2, 7, 8}, {300, 2, 9, 9}});
        rttFile(dir.resolve("cosim.rtt.p1"), new long[][] {{100, 0, 5, 6}, {100, 0, 4, 4}, {200, 1, 1, 1}});
        RttSamples s = PartitionResults.rtts(dir, 2, 5);
        assertArrayEquals(new long[] {100, 100, 100, 200, 300}, s.timePs());
        assertArrayEquals(new int[] {0, 0, 2, 1, 2}, s.flow());
        assertArrayEquals(new long[] {5, 4, 7, 1, 9}, s.networkRttPs());
        OmnetppException e = assertThrows(OmnetppException.class, () -> PartitionResults.rtts(dir, 2, 6));
        assertTrue(e.getMessage().contains("hold 5 samples, but their bridges recorded 6"), e.getMessage());
    }
}
