package org.cosim.runner.omnetpp;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.cosim.agents.wire.AgentServer;
import org.cosim.agents.wire.AgentServerOptions;
import org.cosim.setup.RunSpecs;
import org.cosim.runner.JavaBackend;
import org.cosim.runner.ShippedScenarios;
import org.cosim.runner.results.RttSamples;
import org.cosim.scenario.ScenarioFiles;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * The shipped ini files run by hand, as docs/omnetpp.md's "OMNeT++ users" does. A
 * configuration of ned/omnetpp.ini (the network built from the scenario) leaves its
 * RTT samples beside OMNeT++'s own result files, the same samples as the Java back
 * end's. The topology families written in NED (ned/examples/omnetpp.ini) run their
 * scenarios; one with a client too few stops at initialization with the list of
 * differences (NetworkCheck).
 */
class OmnetppHandRunTest {
    @TempDir
    Path tmp;

    @BeforeAll
    static void needsOmnetpp() {
        OmnetppTests.assumeInstalled("ned/omnetpp.ini run by hand");
    }

    /**
     * opp_run of a configuration of the ini file in folder {@code dir}, results in tmp, its agents served by an
     * agent server here; its exit status and output.
     */
    private Run byHand(Path dir, String nedPath, String config, String... extra)
            throws IOException, InterruptedException {
        try (AgentServer agents = AgentServer.start("127.0.0.1", 0, AgentServerOptions.DEFAULTS, RunSpecs::resolve)) {
            List<String> args = new ArrayList<>(List.of("--**.bridge.agents=\"127.0.0.1:" + agents.port() + "\""));
            args.addAll(List.of(extra));
            return oppRun(dir, nedPath, config, args);
        }
    }

    /** opp_run of a configuration, results in tmp, with these extra arguments; its exit status and output. */
    private Run oppRun(Path dir, String nedPath, String config, List<String> extra)
            throws IOException, InterruptedException {
        OmnetppInstall omnetpp = OmnetppInstall.locate().orElseThrow();
        CosimHome home = CosimHome.find();
        Path lib = BridgeBuild.ensure(home, omnetpp, System.out);
        List<String> cmd = new ArrayList<>(List.of(omnetpp.bin("opp_run").toString(), "-u", "Cmdenv", "-n",
                nedPath, "-l", lib.getParent().resolve("cosim_omnetpp").toString(), "-c", config,
                "--result-dir=" + tmp));
        cmd.addAll(extra);
        Process p = new ProcessBuilder(cmd).directory(dir.toFile()).redirectErrorStream(true).start();
        String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertTrue(p.waitFor(120, TimeUnit.SECONDS), "opp_run ended");
        return new Run(p.exitValue(), out);
    }

    private record Run(int exit, String out) {}

    private Run example(String config, String... extra) throws IOException, InterruptedException {
        return byHand(CosimHome.find().ned().resolve("examples"), "..", config, extra);
    }

    /**
     * As docs/omnetpp.md runs it, with the ini file's in-process agents; the JVM's class path is this test's (the
     * ini file's, cli/target/cosim.jar, is built after these tests).
     */
    @Test
    void aCompleteRunLeavesTheJavaBackEndsRttSamplesBesideItsResultFiles() throws IOException, InterruptedException {
        assumeTrue(BridgeBuild.hasInProcessAgents(CosimHome.find()), BridgeBuild.inProcessStatus(CosimHome.find()));
        Run run = oppRun(CosimHome.find().ned(), ".", "timely-incast",
                List.of("--**.bridge.jvmClassPath=\"" + System.getProperty("java.class.path") + "\""));
        assertEquals(0, run.exit(), run.out());
        ResultFiles sca = ResultFiles.read(tmp.resolve("timely-incast-#0.sca"), null);
        long count = ResultFiles.exact(sca.scalar("ScenarioNetwork.bridge", "rttSamples"), "rttSamples");
        RttSamples omnetpp = RttSampleFile.read(tmp.resolve("timely-incast-#0.rtt"), count);
        RttSamples java = JavaBackend.run(ShippedScenarios.read("timely-incast.textproto"), t -> { }).rtts();
        assertTrue(omnetpp.size() > 1000, "samples: " + omnetpp.size());
        assertArrayEquals(java.timePs(), omnetpp.timePs());
        assertArrayEquals(java.flow(), omnetpp.flow());
        assertArrayEquals(java.networkRttPs(), omnetpp.networkRttPs());
        assertArrayEquals(java.hostRttPs(), omnetpp.hostRttPs());
    }

    /**
     * Each configuration of ned/examples/omnetpp.ini describes its scenario's topology: it runs (the scenario
     * shortened to 200 us) and completes.
     */
    @ParameterizedTest
    @MethodSource("exampleConfigs")
    void anExampleNetworkRunsItsScenario(String config, String scenario) throws IOException, InterruptedException {
        Path shortened = tmp.resolve(config + ".textproto");
        String shipped = scenario.substring("../../scenarios/".length());
        Files.writeString(shortened, ScenarioFiles.canonicalText(ShippedScenarios.read(shipped, "duration_us=200",
                "output.warmup_us=0", "output.sample_interval_us=50")));
        Run run = example(config, "--**.bridge.scenario=\"" + shortened + "\"");
        assertEquals(0, run.exit(), run.out());
        ResultFiles sca = ResultFiles.read(tmp.resolve(config + "-#0.sca"), null);
        String bridge = sca.scalars().keySet().stream().filter(m -> m.endsWith(".bridge")).findFirst().orElseThrow();
        assertEquals(1, ResultFiles.exact(sca.scalar(bridge, "completed"), "completed"), run.out());
    }

    /** The configurations of ned/examples/omnetpp.ini and their scenario files (relative to ned/examples). */
    static List<Arguments> exampleConfigs() throws IOException {
        List<Arguments> out = new ArrayList<>();
        String config = null;
        for (String line : Files.readAllLines(CosimHome.find().ned().resolve("examples/omnetpp.ini"))) {
            if (line.startsWith("[Config ")) {
                config = line.substring("[Config ".length(), line.length() - 1);
            } else if (line.startsWith("**.bridge.scenario = ") && config != null) {
                out.add(Arguments.of(config, line.substring(line.indexOf('"') + 1, line.lastIndexOf('"'))));
            }
        }
        assertTrue(out.size() >= 5, "example configurations: " + out);
        return out;
    }

    @Test
    void aNetworkWithOneClientTooFewIsRefusedNamingTheDifferences() throws IOException, InterruptedException {
        Run run = example("incast-star", "--*.clients=9");
        String out = run.out();
        assertNotEquals(0, run.exit(), out);
        assertTrue(out.contains("the NED network cosim.examples.IncastStar is not the scenario's topology"), out);
        assertTrue(out.contains("no Nic has host = 10 (the scenario's host 'client[10]')"), out);
        assertTrue(out.contains("IncastStar.switch has 10 ports (line[]), the scenario's switch 'switch' has 11"),
                out);
    }
}
