package org.cosim.agents.api;

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.junit.jupiter.api.Test;

/** RTT = completion - send - serialization of the segment at NIC line rate (TIMELY section 3.1). */
class SegmentRttTest {

    @Test
    void subtractsSerializationAtNicRate() {
        // 16384 B at 10 Gb/s: 16384 * 8 bits * 100 ps/bit = 13,107,200 ps.
        // 40,000,000 - 6,000,000 - 13,107,200 = 20,892,800 ps.
        assertEquals(20_892_800L, SegmentRtt.rttPs(6_000_000L, 40_000_000L, 16384, 10_000_000_000L));
    }

    @Test
    void serializationDependsOnTheNicRate() {
        // The same segment at 20 Gb/s serializes in half the time: 6,553,600 ps.
        assertEquals(40_000_000L - 6_000_000L - 6_553_600L,
                SegmentRtt.rttPs(6_000_000L, 40_000_000L, 16384, 20_000_000_000L));
    }

    @Test
    void mtuPacketAtTenGigabit() {
        // 1500 B at 10 Gb/s = 1,200,000 ps.
        assertEquals(800_000L, SegmentRtt.rttPs(0L, 2_000_000L, 1500, 10_000_000_000L));
    }

    @Test
    void serializationIsRoundedUpToAPicosecond() {
        // 1 B at 3 Gb/s = 8e12 / 3e9 = 2666.67 ps -> 2667 ps.
        assertEquals(10_000L - 2_667L, SegmentRtt.rttPs(0L, 10_000L, 1, 3_000_000_000L));
    }

    @Test
    void nicQueueingStaysInsideTheRtt() {
        // Send time is when the segment was handed to the NIC, so a segment that waited
        // 5 us behind others keeps those 5 us in its RTT.
        long unqueued = SegmentRtt.rttPs(0L, 30_000_000L, 16384, 10_000_000_000L);
        long queued = SegmentRtt.rttPs(0L, 35_000_000L, 16384, 10_000_000_000L);
        assertEquals(5_000_000L, queued - unqueued);
    }
}
