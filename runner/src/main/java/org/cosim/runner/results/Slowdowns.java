package org.cosim.runner.results;

import java.util.ArrayList;
import java.util.List;

/**
 * FCT slowdown (FCT over the flow's ideal FCT alone in the network,
 * Routing.idealFctPs) by flow size, the usual way to read a workload of mixed
 * sizes: short flows suffer from queueing, long ones from sharing. Counts the
 * finite measured flows ({@link FlowRecord#measured}: started at or after the
 * warm-up); percentiles (nearest rank) over those that finished. Buckets are decades of bytes (KB = 1000 B).
 */
public final class Slowdowns {
    private static final long[] EDGES = {10_000, 100_000, 1_000_000, 10_000_000};
    private static final String[] NAMES = {"< 10 KB", "10-100 KB", "100 KB-1 MB", "1-10 MB", ">= 10 MB"};
    /** The buckets' names in column names (sweep.csv's slowdown_p99_10KB_100KB). */
    private static final String[] KEYS = {"under_10KB", "10KB_100KB", "100KB_1MB", "1MB_10MB", "over_10MB"};

    private Slowdowns() {}

    /**
     * One size bucket: flows started in the measured interval, the median of their sizes (where the bucket
     * stands on a figure's size axis), how many finished, and their slowdowns.
     */
    public record Bucket(String name, String key, long minBytes, long maxBytes, int flows, long medianBytes, int finished,
                         double p50, double p99, double p999) {}

    /** Every bucket's key, smallest sizes first (a run's buckets are those of them with flows). */
    public static List<String> keys() {
        return List.of(KEYS);
    }

    /** The non-empty buckets, smallest sizes first. */
    public static List<Bucket> bySize(List<FlowRecord> flows, long warmupPs) {
        List<FlowRecord> measured = FlowRecord.measured(flows, warmupPs);
        List<Bucket> out = new ArrayList<>();
        for (int b = 0; b <= EDGES.length; b++) {
            long lo = b == 0 ? 1 : EDGES[b - 1];
            long hi = b == EDGES.length ? Long.MAX_VALUE : EDGES[b];
            List<Long> sizes = new ArrayList<>();
            List<Double> done = new ArrayList<>();
            for (FlowRecord f : measured) {
                if (f.sizeBytes() >= lo && f.sizeBytes() < hi) {
                    sizes.add(f.sizeBytes());
                    if (f.finished() && !Double.isNaN(f.slowdown())) {
                        done.add(f.slowdown());
                    }
                }
            }
            if (!sizes.isEmpty()) {
                double[] s = Stats.sorted(done.stream().mapToDouble(Double::doubleValue).toArray());
                long median = Stats.percentile(Stats.sorted(sizes.stream().mapToLong(Long::longValue).toArray()), 0.5);
                out.add(new Bucket(NAMES[b], KEYS[b], lo, hi, sizes.size(), median, s.length, Stats.percentile(s, 0.5),
                        Stats.percentile(s, 0.99), Stats.percentile(s, 0.999)));
            }
        }
        return out;
    }
}
