package org.cosim.runner;

import java.util.function.BooleanSupplier;
import java.util.function.LongConsumer;

/**
 * What a caller sees of a run while it goes, and how it stops one, on either back end: {@code progress} hears the
 * simulated time at each progress step (about every millisecond of simulated time), and once
 * {@code stopRequested} says true the run ends at its next step, keeping what it measured; its results then say
 * failed, "by SIGINT or SIGTERM at T us of simulated time" ({@link Interruption}).
 */
public record RunControl(LongConsumer progress, BooleanSupplier stopRequested) {
    /** No progress shown, never stopped. */
    public static final RunControl NONE = new RunControl(t -> { }, () -> false);

    /** The same stop, another progress listener. */
    public RunControl withProgress(LongConsumer p) {
        return new RunControl(p, stopRequested);
    }

    /** Reports a step, then says whether the run is to stop there. */
    boolean step(long simulatedPs) {
        progress.accept(simulatedPs);
        return stopRequested.getAsBoolean();
    }
}
