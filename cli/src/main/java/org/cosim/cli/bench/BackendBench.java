package org.cosim.cli.bench;

import java.io.IOException;
import java.io.PrintStream;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.function.ToDoubleFunction;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.cosim.runner.AgentTransports;
import org.cosim.runner.Backend;

/**
 * The two back ends' wall time on one scenario, measured the way a user meets it:
 * {@code cosim run} as a fresh process each time (JVM start, OMNeT++ start-up,
 * results files and plots included), Java and OMNeT++ alternating so that a
 * machine whose speed drifts treats both alike. Reports each run, the medians and
 * their ratio, the same for the simulation alone (run.json's {@code wall_time_s}:
 * the Java fabric's run, the {@code opp_run} process; no JVM start, result files or
 * plots), and whether every OMNeT++ run's result files are byte-identical to the
 * first Java run's.
 */
public final class BackendBench {
    /** The files both back ends must write identically. */
    public static final List<String> COMPARED = List.of("flows.csv", "rtt_samples.csv", "timeseries.csv");

    /**
     * One timed run: {@code wallS} the whole command, {@code simS} the simulation alone (run.json). {@code oppRunS}
     * and {@code exchangeS} (the bridge's own clock) are NaN for the Java back end.
     */
    public record Run(Backend backend, int pair, double wallS, double simS, double oppRunS, double exchangeS,
                      boolean identical) {}

    /** The medians over the runs, for whole commands and for the simulations alone. */
    public record Summary(double javaMedianS, double omnetppMedianS, double javaSimMedianS, double omnetppSimMedianS,
                          boolean allIdentical) {
        /** The OMNeT++ median over the Java median, whole commands. */
        public double ratio() {
            return omnetppMedianS / javaMedianS;
        }

        /** The same for the simulations alone. */
        public double simRatio() {
            return omnetppSimMedianS / javaSimMedianS;
        }
    }

    /** Starts one {@code cosim run} with these arguments, its output to {@code log}; returns its exit status. */
    public interface Launcher {
        int launch(List<String> cosimArgs, Path log) throws IOException, InterruptedException;
    }

    private final Launcher launcher;

    public BackendBench(Launcher launcher) {
        this.launcher = launcher;
    }

    /** A launcher that runs this very jar in a new JVM with this JVM's options (the `cosim` script's). */
    public static Launcher childJvm() {
        return (args, log) -> {
            Process p = new ProcessBuilder(ChildJvm.cosim(args)).redirectErrorStream(true)
                    .redirectOutput(log.toFile()).start();
            return p.waitFor();
        };
    }

    /**
     * {@code pairs} Java runs and {@code pairs} OMNeT++ runs of {@code scenario}, alternating, under {@code out};
     * the OMNeT++ runs reach the agents by {@code transport} (`cosim run --transport`).
     */
    public List<Run> run(Path scenario, List<String> overrides, AgentTransports.Kind transport, int pairs, Path out,
                         PrintStream progress) {
        List<Run> runs = new ArrayList<>();
        Path reference = null;
        for (int i = 1; i <= pairs; i++) {
            for (Backend backend : Backend.values()) {
                Path dir = out.resolve(backend.id() + "-" + i);
                List<String> args = new ArrayList<>(List.of("run", scenario.toString(), "--out", dir.toString(),
                        "--backend", backend.id()));
                for (String o : overrides) {
                    args.add("--set");
                    args.add(o);
                }
                if (backend == Backend.OMNETPP) {
                    args.add("--transport");
                    args.add(transport.name().toLowerCase(Locale.ROOT));
                }
                double wall = timed(args, out.resolve(backend.id() + "-" + i + ".log"));
                String runJson = read(dir.resolve("run.json"));
                boolean identical = true;
                if (reference == null) {
                    reference = dir;
                } else {
                    identical = sameResults(reference, dir);
                }
                Run r = new Run(backend, i, wall, number(runJson, "wall_time_s"), number(runJson, "opp_run_wall_time_s"),
                        number(runJson, "agent_exchange_wall_time_s"), identical);
                runs.add(r);
                progress.println(line(r));
            }
        }
        return runs;
    }

    public static Summary summarize(List<Run> runs) {
        return new Summary(median(runs, Backend.JAVA, Run::wallS), median(runs, Backend.OMNETPP, Run::wallS),
                median(runs, Backend.JAVA, Run::simS), median(runs, Backend.OMNETPP, Run::simS),
                runs.stream().allMatch(Run::identical));
    }

    public static String line(Run r) {
        String opp = Double.isNaN(r.oppRunS()) ? "" : String.format(Locale.ROOT,
                ", opp_run %.2f s (agent exchanges %.2f s)", r.oppRunS(), r.exchangeS());
        return String.format(Locale.ROOT, "  %-7s run %d: %.2f s (simulation %.2f s)%s%s", r.backend().id(), r.pair(),
                r.wallS(), r.simS(), opp,
                r.identical() ? "" : "  RESULT FILES DIFFER from java run 1");
    }

    private double timed(List<String> args, Path log) {
        long start = System.nanoTime();
        int status;
        try {
            status = launcher.launch(args, log);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot start cosim run: " + e.getMessage(), e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted while timing cosim " + String.join(" ", args), e);
        }
        double wall = (System.nanoTime() - start) / 1e9;
        if (status != 0) {
            throw new IllegalStateException("cosim " + String.join(" ", args) + " exited with status " + status
                    + "; its output: " + log);
        }
        return wall;
    }

    static boolean sameResults(Path a, Path b) {
        for (String f : COMPARED) {
            try {
                if (Files.mismatch(a.resolve(f), b.resolve(f)) != -1L) {
                    return false;
                }
            } catch (IOException e) {
                throw new UncheckedIOException("cannot compare " + f + " of " + a + " and " + b + ": "
                        + e.getMessage(), e);
            }
        }
        return true;
    }

    private static final Pattern NUMBER = Pattern.compile("\"([a-z_]+)\"\\s*:\\s*(-?[0-9.eE+-]+)");

    /** A number of run.json (the flat object {@code ResultsWriter} writes), or NaN when absent. */
    static double number(String json, String key) {
        Matcher m = NUMBER.matcher(json);
        while (m.find()) {
            if (m.group(1).equals(key)) {
                return Double.parseDouble(m.group(2));
            }
        }
        return Double.NaN;
    }

    private static String read(Path f) {
        try {
            return Files.readString(f);
        } catch (IOException e) {
            throw new UncheckedIOException("the run wrote no " + f + ": " + e.getMessage(), e);
        }
    }

    private static double median(List<Run> runs, Backend backend, ToDoubleFunction<Run> value) {
        double[] w = runs.stream().filter(r -> r.backend() == backend).mapToDouble(value).sorted().toArray();
        if (w.length == 0) {
            return Double.NaN;
        }
        return w.length % 2 == 1 ? w[w.length / 2] : (w[w.length / 2 - 1] + w[w.length / 2]) / 2;
    }
}
