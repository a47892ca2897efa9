package org.cosim.fabric;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.cosim.fabric.agent.DirectTransport;
import org.cosim.fabric.net.Nic;
import org.cosim.fabric.stats.FlowStats;
import org.cosim.fabric.stats.RttRecorder;
import org.cosim.proto.Scenario;
import org.cosim.scenario.ScenarioException;
import org.junit.jupiter.api.Test;

/** End-to-end runs of small scenarios with the real pfc_only agents. */
class FabricSimulationTest {
    @Test
    void oneSegmentFlowCompletesAtTheHandComputedTime() {
        // client (host 1, 10 Gb/s) -> switch -> server (host 0, 20 Gb/s), 5 us links, L = 1 us.
        FabricSimulation sim = FabricSimulation.of(TestScenarios.oneClientStar(16384, 10, 20, 5, 100));
        TestScenarios.RecordingDirect t = new TestScenarios.RecordingDirect(sim);
        FabricResult r = sim.run(t);
        assertNull(r.failure());
        // Flow arrival at 0 (window [0, 1 us)); pfc_only sends its one segment at 0 + L = 1 us.
        // 11 packets (10 x 1500 + 1384) at 800 ps/B: the last leaves the client at 1 us + 13,107,200,
        // reaches the switch 5 us later, is re-serialized at 20 Gb/s (1384 * 400 = 553,600), 5 us
        // to the server; the ACK: 64 B at 20 Gb/s (25,600) + 5 us + 64 B at 10 Gb/s (51,200) + 5 us.
        long completion = 1_000_000 + 13_107_200 + 5_000_000 + 553_600 + 5_000_000 + 25_600 + 5_000_000
                + 51_200 + 5_000_000;
        assertEquals(34_737_600, completion);
        assertEquals(1, t.completions.size());
        assertEquals(new TestScenarios.Completion(completion, 1, 0, 0, 16384, 1_000_000), t.completions.get(0),
                "at host 1, flow 0's segment 0 of 16384 bytes, sent at L = 1 us");
        FlowStats stats = r.measured().flowStats();
        assertEquals(completion, stats.finishPs(0), "the agent finishes the flow at its completion");
        assertEquals(16384, stats.sentBytes(0));
        assertEquals(16384, stats.deliveredBytes(0));
        assertEquals(0, stats.droppedBytes(0));
        assertEquals(0, r.work().packetsInNetwork());
        List<Nic> nics = r.hardware().nics();
        assertEquals(11, nics.get(1).transmitter().packetsSent(), "11 data packets from the client");
        assertEquals(1, nics.get(0).transmitter().packetsSent(), "one hardware ACK from the server");
        assertEquals(64, nics.get(0).transmitter().bytesSent());
        // RTT sample = completion - send - 16384 B at the client's 10 Gb/s
        RttRecorder rtts = r.measured().rtts();
        assertEquals(1, rtts.size());
        assertEquals(completion - 1_000_000 - 13_107_200, rtts.hostRtt(0));
        assertEquals(completion - 1_000_000 - 13_107_200, rtts.networkRtt(0), "no wait in the NIC");
        assertEquals(100_000_000, r.reachedPs());
        // Windows: the arrival ([0,1us)) and the completion ([34us,35us)).
        assertEquals(2, r.work().agentWindows());
        assertEquals(2, r.work().agentEvents());
        assertEquals(java.util.List.of(0L, 34_000_000L), t.windowStarts);
    }

    @Test
    void ofValidatesTheWholeScenarioBeforeRunning() {
        Scenario noProtocol = TestScenarios.parse("""
                duration_us: 10
                topology { incast_star { clients: 1 client_rate_gbps: 10 server_rate_gbps: 10 link_delay_us: 1 } }
                workload { incast { connections_per_client: 1 } }
                """);
        ScenarioException e = assertThrows(ScenarioException.class, () -> FabricSimulation.of(noProtocol));
        assertEquals("protocol", e.field());
        Scenario badWorkload = TestScenarios.parse("""
                duration_us: 10
                topology { incast_star { clients: 1 client_rate_gbps: 10 server_rate_gbps: 10 link_delay_us: 1 } }
                protocol { pfc_only {} }
                workload { flow_list { flows { src: 1 dst: 1 } } }
                """);
        e = assertThrows(ScenarioException.class, () -> FabricSimulation.of(badWorkload));
        assertEquals("workload.flow_list.flows[0].dst", e.field());
    }

    /** Flow states that do not fit the run (a lying agent server) fail it, and what the fabric measured is kept. */
    @Test
    void flowStatesThatDoNotFitTheRunFailItKeepingTheMeasurements() {
        Scenario s = TestScenarios.parse("""
                seed: 1
                duration_us: 100
                topology { incast_star { clients: 1 client_rate_gbps: 10 server_rate_gbps: 10 link_delay_us: 1 } }
                protocol { pfc_only {} }
                workload { incast { connections_per_client: 1 flow_bytes: 100000 } }
                output { agent_state: true sample_interval_us: 10 }
                """);
        FabricSimulation sim = FabricSimulation.of(s);
        FabricResult honest = sim.run(new DirectTransport(sim.setup().session()));
        assertNull(honest.failure());
        assertEquals(9, honest.measured().flowStates().samples(), "10, 20, ..., 90 us");
        assertEquals(10.0, honest.measured().flowStates().value(0, 0), "PFC-only sends at line rate");
        DirectTransport inner = new DirectTransport(sim.setup().session());
        FabricResult lied = sim.run(new org.cosim.fabric.agent.AgentTransport() {
            @Override
            public void exchange(org.cosim.agents.api.EventBatch events, org.cosim.agents.api.ActionBatch actions) {
                inner.exchange(events, actions);
            }

            @Override
            public void finish(long endPs, long eventsProcessed) {
                inner.finish(endPs, eventsProcessed);
            }

            @Override
            public org.cosim.agents.host.FlowStates flowStates() {
                return new org.cosim.agents.host.FlowStates(java.util.List.of("rate_gbps"), 10_000_000, 3,
                        new double[3 * 9]);
            }
        });
        assertTrue(lied.failure().getMessage().contains("this run has 1 flows"), lied.failure().getMessage());
        assertNull(lied.measured().flowStates());
        assertEquals(honest.measured().flowStats().deliveredBytes(0), lied.measured().flowStats().deliveredBytes(0),
                "measurements kept");
    }

    /** One long flow across a 10 Gb/s dumbbell whose bottleneck changes as {@code changes} say; 1 ms samples of 100 us. */
    private static FabricResult dumbbellRun(String protocol, String changes, String extra) {
        Scenario s = TestScenarios.parse("""
                seed: 1
                duration_us: 2000
                topology {
                  dumbbell { hosts_per_side: 1 host_rate_gbps: 10 bottleneck_rate_gbps: 10 link_delay_us: 1 }
                  %s
                  %s
                }
                protocol { %s {} }
                workload { flow_list { flows { src: 0 dst: 1 size_bytes: 0 start_us: 0 } } }
                output { sample_interval_us: 100 }
                """.formatted(changes, extra, protocol));
        FabricSimulation sim = FabricSimulation.of(s);
        FabricResult r = sim.run(new DirectTransport(sim.setup().session()));
        assertNull(r.failure());
        return r;
    }

    private static double gbps(FabricResult r, int sample) {
        return r.measured().series().flowBytes(sample, 0) * 8 / 100e-6 / 1e9;
    }

    /** A bottleneck that slows at 0.5 ms and speeds up at 1.5 ms: PFC-only's backlogged flow follows it. */
    @Test
    void aLinkRateChangeTakesEffectAtItsTime() {
        FabricResult r = dumbbellRun("pfc_only", """
                link_changes { a: "left_switch" b: "right_switch" at_us: 500 rate_gbps: 2 }
                link_changes { a: "right_switch" b: "left_switch" at_us: 1500 rate_gbps: 5 }""",
                "switches { pfc { enabled: true xoff_bytes: 100000 } }");
        assertEquals(10, gbps(r, 3), 0.1, "0.3-0.4 ms: the 10 Gb/s bottleneck");
        assertEquals(2, gbps(r, 9), 0.15, "0.9-1.0 ms: slowed to 2 Gb/s");
        assertEquals(5, gbps(r, 17), 0.1, "1.7-1.8 ms: 5 Gb/s");
    }

    /**
     * The bottleneck goes down (rate 0) from 0.5 to 1 ms: what the left switch sends on it meanwhile is lost
     * (dropped at its port), Swift's flow delivers nothing, and after the link is back its timeout recovers it.
     */
    @Test
    void aLinkThatGoesDownLosesWhatItSendsUntilItComesBack() {
        FabricResult r = dumbbellRun("swift", """
                link_changes { a: "left_switch" b: "right_switch" at_us: 500 rate_gbps: 0 }
                link_changes { a: "left_switch" b: "right_switch" at_us: 1000 rate_gbps: 10 }""",
                "nic { mtu_bytes: 4096 }");
        for (int i = 6; i < 10; i++) {
            assertEquals(0, r.measured().series().flowBytes(i, 0),
                    "nothing arrives while the link is down (sample " + i + ")");
        }
        long drops = 0;
        for (org.cosim.fabric.net.Switch sw : r.hardware().switches()) {
            for (int p = 0; p < sw.portCount(); p++) {
                drops += sw.port(p).drops();
            }
        }
        assertTrue(drops > 0, "what was sent on the down link is counted as dropped");
        assertEquals(10, gbps(r, 17), 0.5, "back at line rate by 1.7 ms");
    }

    @Test
    void sameScenarioSameResult() {
        Scenario s = TestScenarios.incast(4, 2, 0, 200_000, 20_000, 500);
        FabricResult a = runDirect(s);
        FabricResult b = runDirect(s);
        assertEquals(a.work().eventsProcessed(), b.work().eventsProcessed());
        FabricResult.Measured am = a.measured();
        FabricResult.Measured bm = b.measured();
        for (int f = 0; f < a.setup().flows().size(); f++) {
            assertEquals(am.flowStats().deliveredBytes(f), bm.flowStats().deliveredBytes(f));
            assertEquals(am.flowStats().sentBytes(f), bm.flowStats().sentBytes(f));
        }
        assertEquals(am.rtts().size(), bm.rtts().size());
        for (int i = 0; i < am.rtts().size(); i++) {
            assertEquals(am.rtts().hostRtt(i), bm.rtts().hostRtt(i));
            assertEquals(am.rtts().networkRtt(i), bm.rtts().networkRtt(i));
        }
        assertTrue(a.hardware().nics().stream().mapToLong(Nic::pauseFramesReceived).sum() > 0, "PFC was exercised");
    }

    private static FabricResult runDirect(Scenario s) {
        FabricSimulation sim = FabricSimulation.of(s);
        return sim.run(new DirectTransport(sim.setup().session()));
    }
}
