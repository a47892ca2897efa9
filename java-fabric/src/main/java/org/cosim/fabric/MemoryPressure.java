package org.cosim.fabric;

import org.cosim.setup.MemoryBudget;

import java.lang.management.ManagementFactory;
import java.lang.management.MemoryPoolMXBean;
import java.lang.management.MemoryType;
import java.lang.management.MemoryUsage;
import java.util.Comparator;
import java.util.List;
import java.util.Locale;

/**
 * A run that does not fit in the heap after all (what MemoryBudget cannot foresee: the packets in flight, RTT
 * samples of a long run): checked at every progress step, it ends the run as failed, with its results so far,
 * once a collection of the heap's oldest space leaves it more than {@link #FULL_SHARE} full, instead of the
 * JVM spending minutes in the collector (deaf to Ctrl-C) before it runs out of memory with nothing written.
 */
final class MemoryPressure {
    /** The share of the oldest space still used after it was collected at which a run stops. */
    static final double FULL_SHARE = 0.9;

    /** Ends the run: a RuntimeException, so the run ends as failed with its results so far. */
    static final class Exceeded extends RuntimeException {
        private static final long serialVersionUID = 1L;

        Exceeded(String message) {
            super(message);
        }
    }

    /**
     * The heap's oldest space: the collected heap pool that may grow largest (a survivor space may well be full
     * after a collection, and says nothing).
     */
    private final List<MemoryPoolMXBean> pools = ManagementFactory.getMemoryPoolMXBeans().stream()
            .filter(p -> p.getType() == MemoryType.HEAP && p.isCollectionUsageThresholdSupported()
                    && p.getUsage().getMax() > 0)
            .max(Comparator.comparingLong(p -> p.getUsage().getMax())).stream().toList();

    /** Throws {@link Exceeded} when the last collection of the heap's oldest space left it too full. */
    void check() {
        for (MemoryPoolMXBean p : pools) {
            MemoryUsage after = p.getCollectionUsage();
            if (after != null && tooFull(after.getUsed(), after.getMax())) {
                throw new Exceeded(String.format(Locale.ROOT, "out of memory: the heap's %s was %s of %s full "
                        + "after a collection (more than %.0f%%), so the run stopped before the JVM would spend its "
                        + "time collecting; give the JVM a larger heap (e.g. JAVA_TOOL_OPTIONS=-Xmx%dg) or make the "
                        + "run smaller", p.getName(), MemoryBudget.size(after.getUsed()),
                        MemoryBudget.size(after.getMax()), FULL_SHARE * 100,
                        2 * (Runtime.getRuntime().maxMemory() >> 30) + 1));
            }
        }
    }

    /** Whether {@code used} of {@code max} bytes after a collection is past {@link #FULL_SHARE}. */
    static boolean tooFull(long used, long max) {
        return max > 0 && used > FULL_SHARE * max;
    }
}
