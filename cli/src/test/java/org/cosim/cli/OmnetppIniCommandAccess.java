package org.cosim.cli;

import org.cosim.runner.omnetpp.CosimHome;

/** Test access to what `cosim omnetpp-ini` prints for the shipped scenarios. */
public final class OmnetppIniCommandAccess {
    private OmnetppIniCommandAccess() {}

    public static String shippedIni(CosimHome home) {
        return OmnetppIniCommand.ini(home, OmnetppIniCommand.shippedScenarios(home));
    }
}
