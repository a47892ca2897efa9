package org.cosim.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Optional;
import org.cosim.runner.AgentTransports;
import org.cosim.runner.Backend;
import org.cosim.runner.RunControl;
import org.cosim.runner.RunSettings;
import org.cosim.runner.ShippedScenarios;
import org.cosim.runner.omnetpp.OmnetppException;
import org.cosim.runner.omnetpp.OmnetppInstall;
import org.cosim.runner.omnetpp.OmnetppTests;
import org.cosim.runner.results.ResultsComparison;
import org.cosim.runner.results.ResultsWriter;
import org.cosim.runner.results.RunResults;
import org.cosim.runner.results.Summary;
import org.cosim.scenario.ScenarioFiles;
import org.cosim.setup.RunSetup;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * One run split over 2 MPI partitions (mpirun, OMNeT++'s parallel simulation) gives the one-process run's results
 * files, but for the two counts that count each partition's own agent windows: every flow's bytes, every RTT
 * sample, the time series and the queue statistics agree byte for byte. Skipped where OMNeT++ was built without
 * MPI or mpirun is missing, saying so.
 */
class OmnetppParallelRunTest {
    @TempDir
    Path tmp;

    @BeforeAll
    static void needsParallelOmnetpp() {
        OmnetppTests.assumeInstalled("runs across MPI partitions");
        Optional<String> whyNot = OmnetppInstall.locate().orElseThrow().whyNotParallel();
        if (whyNot.isPresent()) {
            String message = "OMNeT++ parallel tests SKIPPED (runs across MPI partitions): " + whyNot.get();
            System.out.println(message);
            Assumptions.assumeTrue(false, message);
        }
    }

    /** The results directory of {@code setup} run under {@code settings}. */
    private Path run(RunSetup setup, String name, RunSettings settings) throws IOException {
        RunResults r = Backend.OMNETPP.run(setup, settings.at(tmp.resolve(name)), RunControl.NONE);
        assertTrue(r.complete(), name + ": " + r.failure());
        Path results = tmp.resolve(name + "-results");
        ResultsWriter.write(results, r, Summary.of(r), ScenarioFiles.canonicalText(setup.scenario()), 100_000);
        return results;
    }

    /** Every difference between the two results directories is in one of the per-partition counts. */
    private static void sameButTheWindowCounts(Path one, Path two) {
        ResultsComparison c = ResultsComparison.of(one, "one process", two, "2 partitions", 0);
        for (ResultsComparison.Difference d : c.differences()) {
            assertTrue(d.file().equals("summary.json") && List.of("counters.events_processed",
                    "counters.agent_windows").contains(d.where()), "differs: " + d);
        }
    }

    @Test
    void anNdpPermutationInTwoPartitionsGivesTheOneProcessResults() throws IOException {
        // 128 hosts, k = 8 fat tree: pods 0-3 and 4-7, the cores spread; agents in each opp_run.
        RunSetup setup = RunSetup.of(ShippedScenarios.read("ndp-permutation-128.textproto", "duration_us=3000",
                "output.warmup_us=1000"));
        RunSettings settings = RunSettings.in(tmp, System.out);
        Path one = run(setup, "one", settings);
        Path two = run(setup, "two", settings.withPartitions(2));
        sameButTheWindowCounts(one, two);
        assertTrue(Files.readAllLines(two.resolve("rtt_samples.csv")).size() > 1000, "RTT samples from both");
        assertEquals(2, Files.list(tmp.resolve("two/omnetpp")).filter(f -> f.toString().endsWith(".sca")).count(),
                "a scalar file per partition");
    }

    /** Agent servers the test started. */
    private final List<Process> servers = new java.util.ArrayList<>();

    @org.junit.jupiter.api.AfterEach
    void stopAgentServers() {
        servers.forEach(Process::destroyForcibly);
    }

    /** Starts an agent server; returns its host:port. */
    private String startAgents(String name) throws IOException {
        AgentServerProcess server = AgentServerProcess.start(tmp.resolve(name + ".log"));
        servers.add(server.process());
        return server.target();
    }

    @Test
    void eachPartitionOnItsOwnAgentServerGivesTheOneProcessResults() throws Exception {
        // As on two machines: partition 0's session on one server, partition 1's on the other.
        RunSetup setup = RunSetup.of(ShippedScenarios.read("ndp-fig10-fair.textproto", "duration_us=2000"));
        String a = startAgents("a");
        String b = startAgents("b");
        RunSettings settings = RunSettings.in(tmp, System.out);
        Path one = run(setup, "one", settings);
        Path two = run(setup, "two", settings.withAgents(a + "," + b).withPartitions(2));
        sameButTheWindowCounts(one, two);
        String ini = Files.readString(tmp.resolve("two/omnetpp/run.ini"));
        assertTrue(ini.contains("**.bridge.agents = \"" + a + "," + b + "\""), ini);
    }

    @Test
    void aPartitionThatCannotReachItsAgentServerEndsTheRunAtOnceWithItsError() throws Exception {
        // Partition 1's server is not there: it fails while the network is set up, when partition 0 waits for
        // its part of the set-up; the run ends (not hangs) with partition 1's words.
        RunSetup setup = RunSetup.of(ShippedScenarios.read("ndp-fig10-fair.textproto", "duration_us=2000"));
        String a = startAgents("a");
        OmnetppException e = assertThrows(OmnetppException.class, () -> assertTimeoutPreemptively(
                Duration.ofSeconds(90), () -> Backend.OMNETPP.run(setup, RunSettings.in(tmp.resolve("dead"),
                        System.out).withAgents(a + ",127.0.0.1:1").withPartitions(2), RunControl.NONE)));
        assertTrue(e.getMessage().contains("partition 1") && e.getMessage().contains("127.0.0.1:1"), e.getMessage());
    }

    @Test
    void aTimelyIncastSharingOneAgentServerWithItsStatesGivesTheOneProcessResults() throws IOException {
        // A star of 10 senders (40 flows) and a receiver: the hosts in halves, the switch with one half; both
        // partitions' sessions on one agent server (gRPC), each flow's sampled state from its sender's partition.
        RunSetup setup = RunSetup.of(ShippedScenarios.read("timely-incast.textproto", "duration_us=4000",
                "output.warmup_us=1000", "output.agent_state=true"));
        RunSettings settings = RunSettings.in(tmp, System.out).withTransport(AgentTransports.Kind.GRPC, null);
        Path one = run(setup, "one", settings);
        Path two = run(setup, "two", settings.withPartitions(2));
        sameButTheWindowCounts(one, two);
        List<String> states = Files.readAllLines(two.resolve("agent_state.csv"));
        assertTrue(states.size() > 5, "sampled states: " + states.size() + " lines");
        String last = states.get(states.size() - 1);
        assertTrue(!last.contains(",,") && !last.endsWith(","), "every flow's state, from either partition: " + last);
    }
}
