package org.cosim.runner.results;

/** One RTT's statistics over a run's samples ({@link RttSamples}), in microseconds; NaN without samples. */
public record RttStats(int samples, double meanUs, double p50Us, double p99Us, double p999Us) {
    public static RttStats of(long[] rttPs) {
        long[] s = Stats.sorted(rttPs);
        return new RttStats(s.length, Stats.us(Stats.mean(s)), Stats.percentileUs(s, 0.5),
                Stats.percentileUs(s, 0.99), Stats.percentileUs(s, 0.999));
    }
}
