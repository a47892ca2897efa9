package org.cosim.validation.omnetpp;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import org.cosim.validation.cli.OmnetppIniCommandAccess;
import org.junit.jupiter.api.Test;

/** ned/omnetpp.ini is `cosim omnetpp-ini` for the shipped scenarios: a scenario change cannot leave it stale. */
class ShippedIniTest {
    @Test
    void nedOmnetppIniMatchesTheShippedScenarios() throws IOException {
        CosimHome home = CosimHome.find();
        String committed = Files.readString(home.ned().resolve("omnetpp.ini"));
        String generated = OmnetppIniCommandAccess.shippedIni(home);
        assertEquals(generated, committed, "ned/omnetpp.ini is stale: regenerate it with "
                + "`./cosim omnetpp-ini > ned/omnetpp.ini`");
        assertTrue(committed.contains("[Config timely-incast]"), committed);
        assertTrue(committed.contains("*.serverRate = 20000000000bps"), committed);
        assertTrue(committed.contains("**.bridge.scenario = \"../scenarios/timely-incast.textproto\""), committed);
    }
}
