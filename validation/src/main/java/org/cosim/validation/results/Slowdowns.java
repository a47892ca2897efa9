package org.cosim.validation.results;

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

    private Slowdowns() {}

    /** One size bucket: flows started in the measured interval, how many finished, and their slowdowns. */
    public record Bucket(String name, long minBytes, long maxBytes, int flows, int finished, double p50, double p99,
                         double p999) {}

    /** The non-empty buckets, smallest sizes first. */
    public static List<Bucket> bySize(List<FlowRecord> flows, long warmupPs) {
        List<FlowRecord> measured = FlowRecord.measured(flows, warmupPs);
        List<Bucket> out = new ArrayList<>();
        for (int b = 0; b <= EDGES.length; b++) {
            long lo = b == 0 ? 1 : EDGES[b - 1];
            long hi = b == EDGES.length ? Long.MAX_VALUE : EDGES[b];
            int started = 0;
            List<Double> done = new ArrayList<>();
            for (FlowRecord f : measured) {
                if (f.sizeBytes() >= lo && f.sizeBytes() < hi) {
                    started++;
                    if (f.finished() && !Double.isNaN(f.slowdown())) {
                        done.add(f.slowdown());
                    }
                }
            }
            if (started > 0) {
                double[] s = Stats.sorted(done.stream().mapToDouble(Double::doubleValue).toArray());
                out.add(new Bucket(NAMES[b], lo, hi, started, s.length, Stats.percentile(s, 0.5),
                        Stats.percentile(s, 0.99), Stats.percentile(s, 0.999)));
            }
        }
        return out;
    }
}
