package org.cosim.validation.results;

/**
 * One flow's outcome. Times in picoseconds; endPs = -1 when the flow did not
 * finish (long-lived, or cut off by the end of the run). sizeBytes 0 = long-lived.
 */
public record FlowRecord(int id, int src, int dst, long sizeBytes, long startPs, long endPs, long idealFctPs,
                         long sentBytes, long deliveredBytes, long deliveredMeasuredBytes, long droppedBytes) {
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
