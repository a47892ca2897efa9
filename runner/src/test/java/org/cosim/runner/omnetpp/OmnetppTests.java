package org.cosim.runner.omnetpp;

import org.junit.jupiter.api.Assumptions;

/**
 * The OMNeT++ tests run where an OMNeT++ 6.x is installed and are skipped
 * elsewhere (CI has none), saying so on the console with the reason and how to
 * point the build at an installation.
 */
public final class OmnetppTests {
    private static final OmnetppInstall.Lookup LOOKUP = OmnetppInstall.locate();

    private OmnetppTests() {}

    public static void assumeInstalled(String tests) {
        if (!LOOKUP.found()) {
            String message = "OMNeT++ tests SKIPPED (" + tests + "): " + LOOKUP.whyNot();
            System.out.println(message);
            Assumptions.assumeTrue(false, message);
        }
    }
}
