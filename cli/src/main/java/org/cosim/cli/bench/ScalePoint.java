package org.cosim.cli.bench;

import com.sun.management.OperatingSystemMXBean;
import java.io.IOException;
import java.lang.management.ManagementFactory;
import java.lang.management.MemoryMXBean;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import org.cosim.fabric.FabricResult;
import org.cosim.fabric.FabricSimulation;
import org.cosim.fabric.agent.DirectTransport;
import org.cosim.proto.Scenario;
import org.cosim.scenario.ScenarioException;
import org.cosim.scenario.ScenarioFiles;
import org.cosim.setup.RunSetup;

/**
 * One size of {@code cosim bench --scale}, in a JVM of its own (so that its set-up is measured cold and its memory
 * alone): sets the scenario's fat tree to k, times the set-up ({@link RunSetup#of}), warms the JIT up on
 * {@link #WARMUP_MS} of a k = 8 run, then runs the size once and prints one {@link Measured} line.
 */
public final class ScalePoint {
    /** The size the JIT warms up on: the smallest of the default sizes. */
    static final int WARMUP_K = 8;
    /** Simulated milliseconds of the warm-up: about a second of run, long enough for the JIT's last tier. */
    static final double WARMUP_MS = 10;

    /**
     * What one size measured: set-up wall time, the heap the set-up keeps (after a full collection) and the process's
     * resident high-water mark after it; the run's process CPU (every thread: the simulation, the JIT, the garbage
     * collector), its kernel events and the data packets delivered to their receivers.
     */
    public record Measured(int k, int hosts, int switches, int flows, double setupS, double setupHeapMiB,
                           double setupRssMiB, double simMs, double runCpuS, double runWallS, long events,
                           long packets, double peakRssMiB) {
        private static final String PREFIX = "scale-point ";

        /** Microseconds of CPU per delivered packet. */
        public double cpuUsPerPacket() {
            return runCpuS * 1e6 / packets;
        }

        public double eventsPerPacket() {
            return events / (double) packets;
        }

        String line() {
            return String.format(Locale.ROOT, PREFIX + "%d %d %d %d %.6f %.3f %.3f %.6f %.6f %.6f %d %d %.3f", k, hosts,
                    switches, flows, setupS, setupHeapMiB, setupRssMiB, simMs, runCpuS, runWallS, events, packets,
                    peakRssMiB);
        }

        /** The line {@link #line} printed, found among a child's output lines; null when there is none. */
        static Measured parse(List<String> output) {
            for (String l : output) {
                if (l.startsWith(PREFIX)) {
                    String[] v = l.substring(PREFIX.length()).trim().split(" ");
                    return new Measured(Integer.parseInt(v[0]), Integer.parseInt(v[1]), Integer.parseInt(v[2]),
                            Integer.parseInt(v[3]), Double.parseDouble(v[4]), Double.parseDouble(v[5]),
                            Double.parseDouble(v[6]), Double.parseDouble(v[7]), Double.parseDouble(v[8]),
                            Double.parseDouble(v[9]), Long.parseLong(v[10]), Long.parseLong(v[11]),
                            Double.parseDouble(v[12]));
                }
            }
            return null;
        }
    }

    private ScalePoint() { }

    /** Arguments: SCENARIO K MS [field.path=value ...]. */
    public static void main(String[] args) {
        Path scenario = Path.of(args[0]);
        int k = Integer.parseInt(args[1]);
        double ms = Double.parseDouble(args[2]);
        List<String> overrides = List.of(args).subList(3, args.length);
        System.out.println(measure(scenario, k, ms, overrides).line());
    }

    static Measured measure(Path file, int k, double ms, List<String> overrides) {
        return measure(file, k, ms, WARMUP_MS, overrides);
    }

    static Measured measure(Path file, int k, double ms, double warmupMs, List<String> overrides) {
        long start = System.nanoTime();
        RunSetup setup = RunSetup.of(scenario(file, k, ms, overrides));
        double setupS = (System.nanoTime() - start) / 1e9;
        double setupRss = residentHighWaterMiB();
        System.gc();
        MemoryMXBean heap = ManagementFactory.getMemoryMXBean();
        double setupHeap = heap.getHeapMemoryUsage().getUsed() / 1048576.0;
        run(RunSetup.of(scenario(file, WARMUP_K, warmupMs, overrides)));
        System.gc();
        OperatingSystemMXBean os = (OperatingSystemMXBean) ManagementFactory.getOperatingSystemMXBean();
        long cpu0 = os.getProcessCpuTime();
        FabricResult r = run(setup);
        double cpuS = (os.getProcessCpuTime() - cpu0) / 1e9;
        return new Measured(k, setup.graph().hostCount(), setup.graph().switchCount(), setup.flows().size(), setupS,
                setupHeap, setupRss, ms, cpuS, r.work().wallNanos() / 1e9, r.work().eventsProcessed(),
                r.measured().flowStats().deliveredPackets(), residentHighWaterMiB());
    }

    /**
     * The scenario of {@code file} with {@code overrides}, its fat tree's k set, {@code ms} long, measured from its
     * start; a scenario without a fat tree is refused, naming the topology.
     */
    public static Scenario scenario(Path file, int k, double ms, List<String> overrides) {
        if (!ScenarioFiles.read(file, overrides).getTopology().hasFatTree()) {
            throw new ScenarioException("topology", file + " has no fat_tree: --scale varies a fat tree's k");
        }
        List<String> all = new ArrayList<>(overrides);
        all.add("topology.fat_tree.k=" + k);
        all.add("duration_us=" + ms * 1000);
        all.add("output.warmup_us=0");
        all.add("output.sample_interval_us=" + ms * 1000);
        return ScenarioFiles.read(file, all);
    }

    private static FabricResult run(RunSetup setup) {
        FabricResult r = new FabricSimulation(setup).run(new DirectTransport(setup.session()));
        if (!r.complete()) {
            throw new IllegalStateException("the run failed: " + r.failure());
        }
        return r;
    }

    /** The process's peak resident set (Linux /proc/self/status VmHWM), or NaN where there is none. */
    static double residentHighWaterMiB() {
        try {
            for (String l : Files.readAllLines(Path.of("/proc/self/status"))) {
                if (l.startsWith("VmHWM:")) {
                    return Long.parseLong(l.replaceAll("[^0-9]", "")) / 1024.0;
                }
            }
        } catch (IOException | NumberFormatException e) {
            return Double.NaN;
        }
        return Double.NaN;
    }
}
