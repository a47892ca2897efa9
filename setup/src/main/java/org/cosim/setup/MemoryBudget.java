package org.cosim.setup;

import java.util.Comparator;
import java.util.List;
import java.util.Locale;
import org.cosim.scenario.ScenarioException;

/**
 * What a run will hold in memory, estimated from the scenario before it starts, against the heap this JVM may
 * grow to (Runtime.maxMemory, -Xmx): a run that would not fit is refused naming its largest part and what to
 * change, instead of running out of memory (or thrashing in the collector) after minutes with nothing written.
 * The estimates are upper bounds of the Java structures, with the results' own copy where the results hold one.
 */
public record MemoryBudget(List<Part> parts, long maxHeapBytes) {
    /** Bytes a flow holds across the fabric, its agents and its results row (a 10 M-flow incast passed 6 GB). */
    static final long BYTES_PER_FLOW = 1024;
    /** Bytes a time-series value holds: a long in the sampler, and again in the results written from it. */
    static final long BYTES_PER_SERIES_VALUE = 16;
    /** Bytes a packet-trace step holds (its fields and the list that keeps it). */
    static final long BYTES_PER_TRACE_RECORD = 64;
    /** The share of the heap a run may plan to fill: the rest is for the JVM, the simulation's packets and GC. */
    static final double USABLE_SHARE = 0.8;

    /** One thing a run keeps: the field that sizes it, what it is, its estimated bytes and what makes it smaller. */
    record Part(String field, String what, long bytes, String change) {}

    /** Refuses a run whose parts together would take more than the usable share of the heap. */
    public void check() {
        long total = parts.stream().mapToLong(Part::bytes).sum();
        long usable = (long) (maxHeapBytes * USABLE_SHARE);
        if (total <= usable) {
            return;
        }
        Part largest = parts.stream().max(Comparator.comparingLong(Part::bytes)).orElseThrow();
        throw new ScenarioException(largest.field(), String.format(Locale.ROOT,
                "the run would not fit in memory: it would hold about %s (%s of it %s), more than the %s "
                        + "this JVM may use (%.0f%% of its %s heap); %s, or give the JVM a larger heap "
                        + "(e.g. JAVA_TOOL_OPTIONS=-Xmx%dg)",
                size(total), size(largest.bytes()), largest.what(), size(usable), USABLE_SHARE * 100,
                size(maxHeapBytes), largest.change(), (long) Math.ceil(total / USABLE_SHARE / (1L << 30))));
    }

    public static String size(long bytes) {
        return bytes >= 1L << 30 ? String.format(Locale.ROOT, "%.1f GB", bytes / (double) (1L << 30))
                : String.format(Locale.ROOT, "%.0f MB", bytes / (double) (1L << 20));
    }
}
