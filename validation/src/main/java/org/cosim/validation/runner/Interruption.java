package org.cosim.validation.runner;

import org.cosim.scenario.Units;

/** How a run stopped by Ctrl-C or SIGTERM says so in its results, on either back end. */
public final class Interruption {
    private Interruption() {}

    /** The failure of a run stopped at {@code atPs} of simulated time. */
    public static String at(long atPs) {
        return "by SIGINT or SIGTERM at " + Units.psToUs(atPs) + " us of simulated time";
    }
}
