package org.cosim.runner;

import java.util.Locale;
import java.util.Optional;
import org.cosim.runner.omnetpp.OmnetppInstall;
import org.cosim.runner.results.RunResults;
import org.cosim.setup.RunSetup;

/**
 * The two fabrics a scenario runs on, with the same agents and byte-identical results: the Java fabric in this
 * process, and the OMNeT++ fabric ({@code opp_run} with the omnetpp-bridge library) talking gRPC to agents served
 * here. {@link #run} is the one way a run reaches either.
 */
public enum Backend {
    JAVA, OMNETPP;

    /** The name on the command line, in results files and in directory names. */
    public String id() {
        return name().toLowerCase(Locale.ROOT);
    }

    /** {@link #id}: what a message or a table says. */
    @Override
    public String toString() {
        return id();
    }

    /**
     * Runs {@code setup} to its end, or to the first progress step after {@code control} asks it to stop, and
     * returns what it measured (a run that fails or is stopped midway says so in its results).
     *
     * @throws org.cosim.runner.omnetpp.OmnetppException when OMNeT++ cannot run it at all
     */
    public RunResults run(RunSetup setup, RunSettings settings, RunControl control) {
        return switch (this) {
            case JAVA -> JavaBackend.run(setup, settings, control);
            case OMNETPP -> OmnetppBackend.run(setup, settings, control);
        };
    }

    /** Why this back end cannot run on this machine (OMNeT++ not found), or empty when it can. */
    public Optional<String> unavailable() {
        if (this == JAVA) {
            return Optional.empty();
        }
        OmnetppInstall.Lookup install = OmnetppInstall.locate();
        return install.found() ? Optional.empty() : Optional.of(install.whyNot());
    }
}
