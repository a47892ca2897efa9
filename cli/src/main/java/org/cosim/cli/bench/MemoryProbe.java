package org.cosim.cli.bench;

import java.lang.management.GarbageCollectorMXBean;
import java.lang.management.ManagementFactory;
import java.lang.management.MemoryPoolMXBean;
import java.lang.management.MemoryType;

/**
 * Peak Java heap use and garbage-collection work over a stretch of a run, from
 * the JVM's management beans: {@link #start} resets every heap pool's peak,
 * {@link #peakHeapBytes} sums the pools' peaks since (an upper bound of the
 * simultaneous peak: each pool may peak at a different moment), and the GC
 * counters say how many collections ran and how long they took.
 */
public final class MemoryProbe {
    private long gcCountAtStart;
    private long gcMillisAtStart;

    public void start() {
        for (MemoryPoolMXBean p : ManagementFactory.getMemoryPoolMXBeans()) {
            if (p.getType() == MemoryType.HEAP) {
                p.resetPeakUsage();
            }
        }
        gcCountAtStart = gcCount();
        gcMillisAtStart = gcMillis();
    }

    public long peakHeapBytes() {
        long sum = 0;
        for (MemoryPoolMXBean p : ManagementFactory.getMemoryPoolMXBeans()) {
            if (p.getType() == MemoryType.HEAP && p.getPeakUsage() != null) {
                sum += p.getPeakUsage().getUsed();
            }
        }
        return sum;
    }

    public long collections() {
        return gcCount() - gcCountAtStart;
    }

    public long collectionMillis() {
        return gcMillis() - gcMillisAtStart;
    }

    /** The heap limit (-Xmx, or the JVM's default: a quarter of physical memory). */
    public static long maxHeapBytes() {
        return Runtime.getRuntime().maxMemory();
    }

    private static long gcCount() {
        long n = 0;
        for (GarbageCollectorMXBean g : ManagementFactory.getGarbageCollectorMXBeans()) {
            n += Math.max(0, g.getCollectionCount());
        }
        return n;
    }

    private static long gcMillis() {
        long n = 0;
        for (GarbageCollectorMXBean g : ManagementFactory.getGarbageCollectorMXBeans()) {
            n += Math.max(0, g.getCollectionTime());
        }
        return n;
    }
}
