package org.cosim.validation.omnetpp;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.cosim.agents.wire.AgentServer;
import org.cosim.agents.wire.AgentServerOptions;
import org.cosim.fabric.RunSpecs;
import org.cosim.validation.ShippedScenarios;
import org.cosim.validation.results.RttSamples;
import org.cosim.validation.runner.JavaBackend;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Shipped configurations of ned/omnetpp.ini run by hand, as docs/omnetpp.md's
 * "OMNeT++ users" does: a NED network that is not the scenario's topology stops at
 * initialization with the list of differences (NetworkCheck), here with one client
 * too few; and a complete run leaves its RTT samples beside OMNeT++'s own result
 * files, the same samples as the Java back end's.
 */
class OmnetppHandRunTest {
    @TempDir
    Path tmp;

    @BeforeAll
    static void needsOmnetpp() {
        OmnetppTests.assumeInstalled("ned/omnetpp.ini run by hand");
    }

    /** opp_run of the shipped timely-incast configuration, results in tmp; its exit status and output. */
    private Run byHand(String... extra) throws IOException, InterruptedException {
        OmnetppInstall omnetpp = OmnetppInstall.locate().orElseThrow();
        CosimHome home = CosimHome.find();
        Path lib = BridgeBuild.ensure(home, omnetpp, System.out);
        try (AgentServer agents = AgentServer.start("127.0.0.1", 0, AgentServerOptions.DEFAULTS, RunSpecs::resolve)) {
            List<String> cmd = new ArrayList<>(List.of(omnetpp.bin("opp_run").toString(), "-u", "Cmdenv", "-n", ".",
                    "-l", lib.getParent().resolve("cosim_omnetpp").toString(), "-c", "timely-incast",
                    "--result-dir=" + tmp, "--**.bridge.agents=\"127.0.0.1:" + agents.port() + "\""));
            cmd.addAll(List.of(extra));
            Process p = new ProcessBuilder(cmd).directory(home.ned().toFile()).redirectErrorStream(true).start();
            String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
            assertTrue(p.waitFor(120, TimeUnit.SECONDS), "opp_run ended");
            return new Run(p.exitValue(), out);
        }
    }

    private record Run(int exit, String out) {}

    @Test
    void aCompleteRunLeavesTheJavaBackEndsRttSamplesBesideItsResultFiles() throws IOException, InterruptedException {
        Run run = byHand();
        assertEquals(0, run.exit(), run.out());
        ResultFiles sca = ResultFiles.read(tmp.resolve("timely-incast-#0.sca"), null);
        long count = ResultFiles.exact(sca.scalar("IncastStar.bridge", "rttSamples"), "rttSamples");
        RttSamples omnetpp = RttSampleFile.read(tmp.resolve("timely-incast-#0.rtt"), count);
        RttSamples java = JavaBackend.run(ShippedScenarios.read("timely-incast.textproto"), t -> { }).rtts();
        assertTrue(omnetpp.size() > 1000, "samples: " + omnetpp.size());
        assertArrayEquals(java.timePs(), omnetpp.timePs());
        assertArrayEquals(java.flow(), omnetpp.flow());
        assertArrayEquals(java.networkRttPs(), omnetpp.networkRttPs());
        assertArrayEquals(java.hostRttPs(), omnetpp.hostRttPs());
    }

    @Test
    void aNetworkWithOneClientTooFewIsRefusedNamingTheDifferences() throws IOException, InterruptedException {
        Run run = byHand("--*.clients=9");
        String out = run.out();
        assertNotEquals(0, run.exit(), out);
        assertTrue(out.contains("the NED network cosim.networks.IncastStar is not the scenario's topology"), out);
        assertTrue(out.contains("no Nic has host = 10 (the scenario's host 'client[10]')"), out);
        assertTrue(out.contains("IncastStar.switch has 10 ports (line[]), the scenario's switch 'switch' has 11"),
                out);
    }
}
