package org.cosim.runner.results;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertSame;

import org.junit.jupiter.api.Test;

/** RTT samples come by time, then flow, a flow's samples of one picosecond in the order taken. */
class RttSamplesTest {
    @Test
    void samplesInTimeOrderGetEachPicosecondsFlowsSortedInPlace() {
        long[] t = {5, 7, 7, 7, 7, 9};
        int[] f = {3, 2, 0, 2, 1, 0};
        long[] network = {50, 72, 70, 73, 71, 90};  // 7 ps, flow 2: 72 taken before 73
        long[] host = {51, 82, 80, 83, 81, 91};
        RttSamples s = new RttSamples(t, f, network, host);
        assertArrayEquals(new long[] {5, 7, 7, 7, 7, 9}, s.timePs());
        assertArrayEquals(new int[] {3, 0, 1, 2, 2, 0}, s.flow());
        assertArrayEquals(new long[] {50, 70, 71, 72, 73, 90}, s.networkRttPs());
        assertArrayEquals(new long[] {51, 80, 81, 82, 83, 91}, s.hostRttPs());
        assertSame(f, s.flow(), "ordered in place, not copied");
    }

    @Test
    void samplesOfSeveralProcessesConcatenatedComeByTimeThenFlow() {
        // Two partitions' samples one after the other: times go back at the seam.
        long[] t = {10, 20, 30, 10, 20, 20};
        int[] f = {4, 4, 4, 1, 1, 0};
        long[] network = {1, 2, 3, 4, 5, 6};
        RttSamples s = new RttSamples(t, f, network, network.clone());
        assertArrayEquals(new long[] {10, 10, 20, 20, 20, 30}, s.timePs());
        assertArrayEquals(new int[] {1, 4, 0, 1, 4, 4}, s.flow());
        assertArrayEquals(new long[] {4, 1, 6, 5, 2, 3}, s.networkRttPs());
    }
}
