package org.cosim.runner;

import java.nio.file.Path;
import java.util.Optional;
import java.util.function.Function;
import org.cosim.runner.omnetpp.OmnetppException;
import org.cosim.runner.results.ResultsComparison;
import org.cosim.runner.results.RunResults;
import org.cosim.scenario.ScenarioException;
import org.cosim.setup.RunSetup;

/**
 * A scenario on both back ends and the check that they agree, as `cosim compare`, `cosim sweep --backend both`
 * and `cosim validate --backend both` run it: the Java fabric first, then OMNeT++, each back end's results in its
 * own directory ({@code dir/java} and {@code dir/omnetpp} unless the caller names them), then
 * {@link ResultsComparison} of the two directories. Both run at the
 * pipeline depth opp_run runs ({@link #scenario}): results do not depend on the depth, and so the event and window
 * counts compare too.
 */
public final class PairedRun {
    private PairedRun() {}

    /** What the caller does around each back end's run: shows its progress, writes its results. */
    public interface Listener {
        /** Before {@code backend}'s run: its control. */
        RunControl starting(Backend backend);

        /** After it: its results, which the listener writes to {@code dir} (the comparison reads them there). */
        void finished(Backend backend, Path dir, RunResults results);
    }

    /** Why the OMNeT++ run of a pair did not take place, and the message that says so. */
    public record NotRun(Why why, String message) {
        public enum Why {
            /** A stop came during the Java run. */
            STOPPED,
            /** No OMNeT++ on this machine. */
            UNAVAILABLE,
            /** opp_run could not run it (the bridge, the agent server, the scenario). */
            FAILED
        }
    }

    /**
     * @param omnetpp    null when the OMNeT++ run did not take place; {@code notRun} says why
     * @param comparison null when there is nothing to compare: no OMNeT++ results, or partial ones of a stopped run
     */
    public record Outcome(RunResults java, RunResults omnetpp, NotRun notRun, ResultsComparison comparison) {
        /** Why the pair is not whole ("java: ...", "omnetpp: ..."), or null. */
        public String failure() {
            if (!java.complete()) {
                return Backend.JAVA.id() + ": " + java.failure();
            }
            if (omnetpp == null) {
                return Backend.OMNETPP.id() + ": " + notRun.message();
            }
            return omnetpp.complete() ? null : Backend.OMNETPP.id() + ": " + omnetpp.failure();
        }
    }

    /** The directory of {@code backend}'s results in a pair kept in {@code dir}. */
    public static Path dir(Path dir, Backend backend) {
        return dir.resolve(backend.id());
    }

    /** {@link #run(RunSetup, Function, RunSettings, double, Listener)} with the results in {@link #dir}. */
    public static Outcome run(RunSetup setup, Path dir, RunSettings settings, double tolerance,
                              Listener listener) {
        return run(setup, b -> dir(dir, b), settings, tolerance, listener);
    }

    /**
     * Runs {@code setup} (of a {@link #scenario}) on both back ends, each back end's results in {@code dirs}, unless
     * a stop comes during the Java run, and compares their results with {@code tolerance} (0: byte for byte).
     */
    public static Outcome run(RunSetup setup, Function<Backend, Path> dirs, RunSettings settings,
                              double tolerance, Listener listener) {
        RunControl javaControl = listener.starting(Backend.JAVA);
        RunResults java = Backend.JAVA.run(setup, settings.at(dirs.apply(Backend.JAVA)), javaControl);
        listener.finished(Backend.JAVA, dirs.apply(Backend.JAVA), java);
        if (javaControl.stopRequested().getAsBoolean()) {
            return new Outcome(java, null, new NotRun(NotRun.Why.STOPPED, "not run (stopped by SIGINT or SIGTERM)"),
                    null);
        }
        Optional<String> unavailable = Backend.OMNETPP.unavailable();
        if (unavailable.isPresent()) {
            return new Outcome(java, null, new NotRun(NotRun.Why.UNAVAILABLE, unavailable.get()), null);
        }
        RunControl control = listener.starting(Backend.OMNETPP);
        RunResults omnetpp;
        try {
            omnetpp = Backend.OMNETPP.run(setup, settings.at(dirs.apply(Backend.OMNETPP)), control);
        } catch (OmnetppException | ScenarioException e) {
            return new Outcome(java, null, new NotRun(NotRun.Why.FAILED, e.getMessage()), null);
        }
        listener.finished(Backend.OMNETPP, dirs.apply(Backend.OMNETPP), omnetpp);
        // A stopped opp_run's partial files against a whole Java run would differ everywhere, and say nothing.
        if (control.stopRequested().getAsBoolean() && !omnetpp.complete()) {
            return new Outcome(java, omnetpp, null, null);
        }
        return new Outcome(java, omnetpp, null, ResultsComparison.of(dirs.apply(Backend.JAVA), Backend.JAVA.id(),
                dirs.apply(Backend.OMNETPP), Backend.OMNETPP.id(), tolerance));
    }
}
