package org.cosim.validation.results;

/** Segment RTT samples after the warm-up, in completion order. */
public record RttSamples(long[] timePs, int[] flow, long[] rttPs) {
    public int size() {
        return rttPs.length;
    }
}
