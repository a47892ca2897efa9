package org.cosim.cli.bench;

import java.io.IOException;
import java.io.PrintStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * {@code cosim bench --scale}: one fat-tree scenario at several sizes k, each in a new JVM ({@link ScalePoint}), one
 * after the other; prints per size the set-up's wall time and memory, and the run's CPU per delivered packet and
 * kernel events per packet, so that how the cost grows with the network is one table.
 */
public final class ScaleBench {
    /** The default sizes: 128, 432, 1024, 3456 and 8192 hosts. */
    public static final List<Integer> DEFAULT_SIZES = List.of(8, 12, 16, 24, 32);

    /** Runs one size in a new process, returning its output lines and exit status. */
    public interface Launcher {
        Output launch(List<String> command) throws IOException, InterruptedException;
    }

    /** A child's exit status and output lines. */
    public record Output(int status, List<String> lines) { }

    private final Launcher launcher;

    public ScaleBench(Launcher launcher) {
        this.launcher = launcher;
    }

    /** A launcher that starts a JVM like this one. */
    public static Launcher childJvm() {
        return command -> {
            Process p = new ProcessBuilder(command).redirectErrorStream(true).start();
            String text = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
            return new Output(p.waitFor(), text.lines().toList());
        };
    }

    /**
     * Measures each size in turn, printing its row as it comes; a size that fails prints the child's last lines and
     * the others still run. Returns the sizes measured.
     */
    public List<ScalePoint.Measured> run(Path scenario, List<Integer> sizes, double ms, List<String> overrides,
                                         PrintStream out) {
        out.println(String.format(Locale.ROOT, "%4s %6s %6s | %8s %9s %9s | %10s %9s %10s %9s",
                "k", "hosts", "flows", "setup s", "kept MiB", "RSS MiB", "packets", "events/pk", "CPU us/pk",
                "peak MiB"));
        List<ScalePoint.Measured> done = new ArrayList<>();
        for (int k : sizes) {
            List<String> args = new ArrayList<>(List.of(scenario.toString(), Integer.toString(k), Double.toString(ms)));
            args.addAll(overrides);
            Output o;
            try {
                o = launcher.launch(ChildJvm.main(ScalePoint.class, args));
            } catch (IOException e) {
                throw new UncheckedIOException("cannot start a JVM for k = " + k + ": " + e.getMessage(), e);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw new IllegalStateException("interrupted at k = " + k, e);
            }
            ScalePoint.Measured m = o.status() == 0 ? ScalePoint.Measured.parse(o.lines()) : null;
            if (m == null) {
                // What the child said, without a stack trace's frames.
                List<String> said = o.lines().stream().filter(l -> !l.startsWith("\tat ") && !l.startsWith("\t..."))
                        .toList();
                List<String> tail = said.subList(Math.max(0, said.size() - 3), said.size());
                out.printf(Locale.ROOT, "%4d failed (exit status %d): %s%n", k, o.status(), String.join(" / ", tail));
                continue;
            }
            done.add(m);
            out.println(row(m));
        }
        return done;
    }

    static String row(ScalePoint.Measured m) {
        return String.format(Locale.ROOT, "%4d %6d %6d | %8.2f %9.1f %9.1f | %10d %9.2f %10.2f %9.1f", m.k(),
                m.hosts(), m.flows(), m.setupS(), m.setupHeapMiB(), m.setupRssMiB(), m.packets(), m.eventsPerPacket(),
                m.cpuUsPerPacket(), m.peakRssMiB());
    }
}
