package org.cosim.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import org.cosim.runner.omnetpp.CosimHome;
import org.junit.jupiter.api.Test;

/**
 * ned/omnetpp.ini is `cosim omnetpp-ini` for the shipped scenarios: a scenario change cannot leave it stale.
 * Every configuration, topology files included, runs the network that builds itself from the scenario, so a
 * configuration names its scenario and no topology parameter.
 */
class ShippedIniTest {
    @Test
    void nedOmnetppIniMatchesTheShippedScenarios() throws IOException {
        CosimHome home = CosimHome.find();
        String committed = Files.readString(home.ned().resolve("omnetpp.ini"));
        String generated = OmnetppIniCommandAccess.shippedIni(home);
        assertEquals(generated, committed, "ned/omnetpp.ini is stale: regenerate it with "
                + "`./cosim omnetpp-ini > ned/omnetpp.ini`");
        assertTrue(committed.contains("[General]\nnetwork = cosim.networks.ScenarioNetwork\n"), committed);
        assertTrue(committed.contains("[Config timely-incast]"), committed);
        assertTrue(committed.contains("**.bridge.scenario = \"../scenarios/timely-incast.textproto\""), committed);
        assertTrue(committed.contains("[Config custom-two-racks-dctcp]"), committed);
        assertFalse(committed.contains("*.serverRate"), committed);
        assertEquals(1, committed.split("network = ", -1).length - 1, "one network, in [General]");
    }
}
