package org.cosim.cli;

import java.util.List;
import java.util.Optional;
import org.cosim.runner.Backend;

/** What --backend of `sweep` and `validate` chooses: one back end, or both, each run a pair ({@code PairedRun}). */
enum BackendChoice {
    JAVA(List.of(Backend.JAVA)),
    OMNETPP(List.of(Backend.OMNETPP)),
    BOTH(List.of(Backend.JAVA, Backend.OMNETPP));

    private final List<Backend> backends;

    BackendChoice(List<Backend> backends) {
        this.backends = backends;
    }

    List<Backend> backends() {
        return backends;
    }

    /** Why one of the chosen back ends cannot run here, or empty. */
    Optional<String> unavailable() {
        return backends.stream().map(Backend::unavailable).flatMap(Optional::stream).findFirst();
    }

    /** Only the Java fabric, whose runs take one core each (CommandLines#jobs). */
    boolean javaOnly() {
        return this == JAVA;
    }

    String id() {
        return name().toLowerCase(java.util.Locale.ROOT);
    }
}
