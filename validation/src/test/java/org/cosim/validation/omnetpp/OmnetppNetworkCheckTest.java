package org.cosim.validation.omnetpp;

import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.concurrent.TimeUnit;
import org.cosim.agents.wire.AgentServer;
import org.cosim.agents.wire.AgentServerOptions;
import org.cosim.fabric.RunSpecs;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A NED network that is not the scenario's topology stops at initialization with
 * the list of differences (NetworkCheck), here a shipped configuration of
 * ned/omnetpp.ini run by hand with one client too few.
 */
class OmnetppNetworkCheckTest {
    @TempDir
    Path tmp;

    @BeforeAll
    static void needsOmnetpp() {
        OmnetppTests.assumeInstalled("network check");
    }

    @Test
    void aNetworkWithOneClientTooFewIsRefusedNamingTheDifferences() throws IOException, InterruptedException {
        OmnetppInstall omnetpp = OmnetppInstall.locate().orElseThrow();
        CosimHome home = CosimHome.find();
        Path lib = BridgeBuild.ensure(home, omnetpp, System.out);
        try (AgentServer agents = AgentServer.start("127.0.0.1", 0, AgentServerOptions.DEFAULTS, RunSpecs::resolve)) {
            Process p = new ProcessBuilder(omnetpp.bin("opp_run").toString(), "-u", "Cmdenv", "-n", ".", "-l",
                    lib.getParent().resolve("cosim_omnetpp").toString(), "-c", "timely-incast",
                    "--result-dir=" + tmp, "--**.bridge.agents=\"127.0.0.1:" + agents.port() + "\"", "--*.clients=9")
                    .directory(home.ned().toFile()).redirectErrorStream(true).start();
            String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
            assertTrue(p.waitFor(60, TimeUnit.SECONDS), "opp_run ended");
            assertNotEquals(0, p.exitValue(), out);
            assertTrue(out.contains("the NED network cosim.networks.IncastStar is not the scenario's topology"), out);
            assertTrue(out.contains("no Nic has host = 10 (the scenario's host 'client[10]')"), out);
            assertTrue(out.contains("IncastStar.switch has 10 ports (line[]), the scenario's switch 'switch' has 11"),
                    out);
        }
    }
}
