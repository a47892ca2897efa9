package org.cosim.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.net.ServerSocket;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import org.cosim.runner.Backend;
import org.cosim.runner.OmnetppBackend;
import org.cosim.runner.RunControl;
import org.cosim.runner.RunSettings;
import org.cosim.runner.ShippedScenarios;
import org.cosim.runner.omnetpp.OmnetppException;
import org.cosim.runner.omnetpp.OmnetppTests;
import org.cosim.runner.results.ResultsWriter;
import org.cosim.runner.results.RunResults;
import org.cosim.runner.results.Summary;
import org.cosim.scenario.ScenarioFiles;
import org.cosim.setup.RunSetup;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * The agent link's failure handling seen from the C++ side: the agent
 * server (a real `cosim agents` process) is killed while an OMNeT++ run uses it.
 * The simulation must end with a clear error (AgentLink's LinkError as an OMNeT++
 * runtime error, opp_run exiting non-zero), must not hang, and must keep what it
 * measured, marked failed, as the Java back end does.
 */
class OmnetppKilledAgentServerTest {
    @TempDir
    Path tmp;

    private Process agents;

    @BeforeAll
    static void needsOmnetpp() {
        OmnetppTests.assumeInstalled("killing the agent server mid-run");
    }

    @AfterEach
    void stopAgents() {
        if (agents != null) {
            agents.destroyForcibly();
        }
    }

    /** Starts the agent server the test kills; returns its host:port. */
    private String startAgents() throws IOException {
        AgentServerProcess server = AgentServerProcess.start(tmp.resolve("agents.log"));
        agents = server.process();
        return server.target();
    }

    /** Depth 4: the session is pipelined, so opp_run's PipelinedLink thread meets the failure first. */
    @ParameterizedTest(name = "pipeline depth {0}")
    @ValueSource(ints = {1, 4})
    void killingTheAgentServerEndsTheRunWithAClearErrorAndKeepsPartialResults(int depth) throws Exception {
        String target = startAgents();
        RunSetup sim = RunSetup.of(ShippedScenarios.read("timely-incast.textproto",
                "output.warmup_us=0", "pipeline_depth=" + depth, "output.packet_trace={flows: [0, 1]}"));
        long duration = sim.config().durationPs();
        // The bridge reports each percent of simulated time it passes; at 20% the server dies (SIGKILL).
        RunResults r = assertTimeoutPreemptively(Duration.ofSeconds(180), () ->
                Backend.OMNETPP.run(sim, RunSettings.in(tmp.resolve("out"), System.out).withAgents(target),
                        RunControl.NONE.withProgress(t -> {
                    if (t >= duration / 5 && agents.isAlive()) {
                        agents.destroyForcibly();
                    }
                })), "the OMNeT++ run did not end after its agent server was killed");
        assertTrue(agents.waitFor(10, TimeUnit.SECONDS) && !agents.isAlive(), "the agent server was killed");

        assertFalse(r.complete(), "a run whose agents died is not complete");
        assertTrue(r.failure().contains("agent session with the agent server at " + target + " broke")
                && r.failure().contains("UNAVAILABLE"), r.failure());
        assertTrue(r.reachedPs() >= duration / 5 && r.reachedPs() < duration, "stopped midway at " + r.reachedPs());
        assertTrue(r.flows().stream().mapToLong(f -> f.bytes().delivered()).sum() > 0, "what was measured is kept");
        assertTrue(r.counters().agentWindows() > 0);
        String log = Files.readString(tmp.resolve("out/omnetpp/opp_run.log"));
        assertTrue(log.contains("<!> Error") && log.contains("UNAVAILABLE"), "opp_run reported the error");

        ResultsWriter.write(tmp.resolve("results"), r, Summary.of(r), ScenarioFiles.canonicalText(sim.scenario()),
                1000);
        String summary = Files.readString(tmp.resolve("results/summary.json"));
        assertTrue(summary.contains("\"status\": \"failed\"") && summary.contains("UNAVAILABLE"), summary);
        assertEquals(41, Files.readAllLines(tmp.resolve("results/flows.csv")).size(), "header + 40 flows");
        assertTrue(r.packetTrace() != null && r.packetTrace().size() > 0, "the steps traced before it broke are kept");
        assertTrue(r.packetTrace().timePs(r.packetTrace().size() - 1) <= r.reachedPs());
        assertTrue(Files.readAllLines(tmp.resolve("results/packet_trace.csv")).size() > 1);
    }

    /**
     * The agent server freezes (SIGSTOP: the stream stays open, nothing answers) and opp_run gets SIGTERM: Cmdenv
     * acts on signals only between events, but the bridge asks for a stop request while it waits for the
     * agents, so the run ends at once (not at the 60 s deadline), its results recorded and marked failed.
     */
    @ParameterizedTest(name = "pipeline depth {0}")
    @ValueSource(ints = {1, 4})
    void sigtermWhileWaitingForAFrozenAgentServerEndsTheRunAtOnce(int depth) throws Exception {
        String target = startAgents();
        RunSetup sim = RunSetup.of(ShippedScenarios.read("timely-incast.textproto",
                "output.warmup_us=0", "pipeline_depth=" + depth));
        long duration = sim.config().durationPs();
        AtomicLong signalledAt = new AtomicLong();
        AtomicLong lastProgress = new AtomicLong(System.nanoTime());
        Thread signaller = new Thread(() -> {
            try {
                // opp_run is blocked on the frozen server once its progress has stopped for half a second.
                for (int i = 0; i < 300 && System.nanoTime() - lastProgress.get() < 500_000_000L; i++) {
                    Thread.sleep(100);
                }
                ProcessHandle oppRun = ProcessHandle.current().descendants()
                        .filter(p -> p.info().command().orElse("").endsWith("opp_run")).findFirst().orElseThrow();
                signalledAt.set(System.nanoTime());
                signal("-TERM", oppRun.pid());
            } catch (InterruptedException e) {
                throw new IllegalStateException(e);
            }
        });
        RunResults r = assertTimeoutPreemptively(Duration.ofSeconds(50), () ->
                Backend.OMNETPP.run(sim, RunSettings.in(tmp.resolve("out"), System.out).withAgents(target),
                        RunControl.NONE.withProgress(t -> {
                    lastProgress.set(System.nanoTime());
                    if (t >= duration / 5 && !signaller.isAlive() && signalledAt.get() == 0) {
                        signal("-STOP", agents.pid());
                        signaller.start();
                    }
                })), "SIGTERM did not end an OMNeT++ run waiting for a frozen agent server before the deadline");
        double afterSignal = (System.nanoTime() - signalledAt.get()) / 1e9;
        signal("-CONT", agents.pid());
        assertTrue(signalledAt.get() > 0 && afterSignal < 10, "ended " + afterSignal + " s after SIGTERM");
        assertFalse(r.complete());
        assertTrue(r.failure().contains("asked to stop (SIGINT or SIGTERM) while waiting for"), r.failure());
        assertTrue(r.reachedPs() >= duration / 5 && r.reachedPs() < duration, "stopped midway at " + r.reachedPs());
        assertTrue(r.flows().stream().mapToLong(f -> f.bytes().delivered()).sum() > 0, "what was measured is kept");
    }

    private static void signal(String which, long pid) {
        try {
            new ProcessBuilder("kill", which, Long.toString(pid)).start().waitFor();
        } catch (IOException | InterruptedException e) {
            throw new IllegalStateException(e);
        }
    }

    @Test
    void withoutAnAgentServerTheRunStopsBeforeSimulatingAndSaysWhy() throws IOException {
        int port;
        try (ServerSocket s = new ServerSocket(0)) {
            port = s.getLocalPort();  // free once closed: nothing listens there
        }
        RunSetup sim = RunSetup.of(ShippedScenarios.read("timely-incast.textproto",
                "duration_us=1000", "output.warmup_us=0"));
        OmnetppException e = assertThrows(OmnetppException.class, () -> assertTimeoutPreemptively(
                Duration.ofSeconds(120), () -> Backend.OMNETPP.run(sim, RunSettings.in(tmp.resolve("x"), System.out)
                        .withAgents("127.0.0.1:" + port), RunControl.NONE)));
        assertTrue(e.getMessage().contains("failed before simulating") && e.getMessage().contains("could not resolve")
                && e.getMessage().contains("UNAVAILABLE"), e.getMessage());
        assertTrue(List.of(e.getMessage().split("\n")).size() < 20, "one clear message, not a dump");
    }
}
