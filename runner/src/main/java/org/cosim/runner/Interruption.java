package org.cosim.runner;

import org.cosim.scenario.Units;

/** How a run stopped by Ctrl-C or SIGTERM says so in its results, on either back end. */
public final class Interruption {
    private Interruption() {}

    /** The failure of a run stopped at {@code atPs} of simulated time. */
    public static String at(long atPs) {
        return "by SIGINT or SIGTERM at " + Units.psToUs(atPs) + " us of simulated time";
    }

    /**
     * Thrown from a Java run's progress listener to stop it; its message is the run's failure as it stands,
     * with no class name or place, so that both back ends write the same words.
     */
    public static final class Stopped extends RuntimeException {
        private static final long serialVersionUID = 1L;

        public Stopped(long atPs) {
            super(at(atPs));
        }

        @Override
        public synchronized Throwable fillInStackTrace() {
            return this;  // where it was thrown says nothing: the failure names the stop, not a bug
        }
    }
}
