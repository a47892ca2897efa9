package org.cosim.runner.results;

import java.io.Serializable;
import java.util.List;

/**
 * One flow's outcome. Times in picoseconds; endPs = -1 when the flow did not
 * finish (long-lived, or cut off by the end of the run). sizeBytes 0 = long-lived.
 * {@code bytes}: what the NICs and switches counted of its payload. {@code part}: the part of a
 * mixed workload (workload.mix) the flow belongs to, 0-based; -1 when the workload is not a mix.
 */
public record FlowRecord(int id, int src, int dst, long sizeBytes, long startPs, long endPs, long idealFctPs,
                         FlowBytes bytes, int part) implements Serializable {
    /** A flow of a workload that is not a mix. */
    public FlowRecord(int id, int src, int dst, long sizeBytes, long startPs, long endPs, long idealFctPs,
                      FlowBytes bytes) {
        this(id, src, dst, sizeBytes, startPs, endPs, idealFctPs, bytes, -1);
    }

    /**
     * The flows every FCT and slowdown statistic counts (summary.json's {@code fct} and
     * {@code slowdown_by_size}, the terminal summary, sweep.csv, the validation experiments):
     * those that started at or after the warm-up's end, finished or not.
     */
    public static List<FlowRecord> measured(List<FlowRecord> flows, long warmupPs) {
        return flows.stream().filter(f -> f.startPs() >= warmupPs).toList();
    }

    public boolean finished() {
        return endPs >= 0;
    }

    public long fctPs() {
        return finished() ? endPs - startPs : -1;
    }

    public double slowdown() {
        return finished() && idealFctPs > 0 ? (double) fctPs() / idealFctPs : Double.NaN;
    }
}
