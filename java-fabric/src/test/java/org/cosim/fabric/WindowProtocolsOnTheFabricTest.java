package org.cosim.fabric;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import org.cosim.agents.api.ActionBatch;
import org.cosim.agents.api.CompletionEvent;
import org.cosim.agents.api.EventBatch;
import org.cosim.agents.host.FlowInfo;
import org.cosim.fabric.agent.AgentTransport;
import org.cosim.fabric.agent.DirectTransport;
import org.cosim.fabric.stats.FlowStats;
import org.cosim.proto.Scenario;
import org.junit.jupiter.api.Test;

/**
 * Poseidon and Swift on the Java fabric, end to end: the handshake declares each
 * flow's hops and unloaded RTT, and an unloaded packet's fabric RTT (NIC
 * timestamps) is exactly that RTT; with a small buffer the switch drops packets
 * and the shared sender still delivers every byte (fast recovery and timeouts).
 */
class WindowProtocolsOnTheFabricTest {
    /** 200 Gb/s, the paper's delays, a 4-host star (one switch); {@code extra} goes after the base. */
    private static Scenario star(String protocol, String flows, String extra) {
        return TestScenarios.parse("""
                seed: 3
                duration_us: 3000
                reaction_delay_us: 0.25
                topology {
                  parking_lot { switches: 1 hosts_per_switch: 5 host_rate_gbps: 200 link_delay_us: 0.245 }
                  switches { latency_us: 0.6 int_telemetry { enabled: true } }
                  nic { mtu_bytes: 4096 acks_share_data_queue: true }
                }
                protocol { %s }
                workload { flow_list { %s } }
                %s
                """.formatted(protocol, flows, extra));
    }

    /** A completion: when, of which flow, its data packet's TX time and the forward path's largest INT hop delay. */
    private record Completion(long timePs, int flow, long txTimePs, long intMaxHopDelayPs) { }

    /** Records every completion, then hands the batch to the agents. */
    private static final class Completions implements AgentTransport {
        final List<Completion> seen = new ArrayList<>();
        final DirectTransport inner;

        Completions(FabricSimulation sim) {
            inner = new DirectTransport(sim.setup().session());
        }

        @Override
        public void exchange(EventBatch events, ActionBatch actions) {
            CompletionEvent c = new CompletionEvent();
            for (int i = 0; i < events.size(); i++) {
                if (events.kind(i) == EventBatch.COMPLETION) {
                    events.read(i, c);
                    seen.add(new Completion(c.timePs(), c.flow(), c.txTimePs(), c.intMaxHopDelayPs()));
                }
            }
            inner.exchange(events, actions);
        }
    }

    @Test
    void theHandshakeDeclaresHopsAndTheUnloadedRttThatAnUnloadedPacketMeasures() {
        // One packet: host 1 -> switch -> host 0. Data 4096 B at 200 Gb/s = 163,840 ps per link, ACK 64 B = 2,560.
        FabricSimulation sim = FabricSimulation.of(star("poseidon { window { initial_cwnd_packets: 1 } }",
                "flows { src: 1 dst: 0 size_bytes: 4096 }", ""));
        FlowInfo f = sim.setup().session().flows().get(0);
        assertEquals(1, f.hops());
        long expected = 2 * (163_840 + 245_000) + 600_000 + 2 * (2_560 + 245_000) + 600_000;
        assertEquals(expected, f.baseRttPs());
        Completions t = new Completions(sim);
        FabricResult r = sim.run(t);
        assertNull(r.failure());
        assertEquals(1, t.seen.size());
        Completion c = t.seen.get(0);
        assertEquals(expected, c.timePs() - c.txTimePs(), "fabric RTT = the declared unloaded RTT");
        assertEquals(0, c.intMaxHopDelayPs(), "no queue, no INT delay");
        assertEquals(c.timePs(), r.measured().flowStats().finishPs(0));
    }

    @Test
    void anIntSwitchListNamesSwitchesOfTheTopology() {
        Scenario s = star("poseidon {}", "flows { src: 1 dst: 0 }",
                "topology { switches { int_telemetry { switches: \"sw[0]\" switches: \"tor[10]\" } } }");
        assertRefused(s, "topology.switches.int_telemetry.switches[1]", "no switch named 'tor[10]'");
    }

    /** The scenario is refused, naming {@code field}, with a message containing {@code says}. */
    private static void assertRefused(Scenario s, String field, String says) {
        org.cosim.scenario.ScenarioException e = org.junit.jupiter.api.Assertions.assertThrows(
                org.cosim.scenario.ScenarioException.class, () -> FabricSimulation.of(s));
        assertEquals(field, e.field());
        assertTrue(e.getMessage().contains(says), e.getMessage());
    }

    @Test
    void everyByteArrivesThroughDropsWithPoseidonAndSwift() {
        // Four senders start one BDP each (4 x ~15 packets) into a 40 KB buffer: the switch drops.
        String flows = """
                flows { src: 1 dst: 0 size_bytes: 2000000 }
                flows { src: 2 dst: 0 size_bytes: 2000000 }
                flows { src: 3 dst: 0 size_bytes: 2000000 }
                flows { src: 4 dst: 0 size_bytes: 1000001 }
                """;
        for (String protocol : new String[] {"poseidon {}", "swift {}"}) {
            Scenario s = star(protocol, flows, "").toBuilder()
                    .mergeFrom(TestScenarios.parse("topology { switches { buffer_bytes: 40960 } }")).build();
            FabricResult r = FabricSimulation.of(s).run(new DirectTransport(FabricSimulation.of(s).setup().session()));
            assertNull(r.failure(), protocol);
            FlowStats stats = r.measured().flowStats();
            long dropped = 0;
            for (int f = 0; f < 4; f++) {
                assertTrue(stats.finished(f), protocol + ": flow " + f + " finished");
                long size = f == 3 ? 1_000_001 : 2_000_000;
                assertTrue(stats.deliveredBytes(f) >= size, protocol + ": flow " + f + " delivered all");
                dropped += stats.droppedBytes(f);
            }
            assertTrue(dropped > 0, protocol + ": the small buffer must drop for this test to mean anything");
        }
    }

    @Test
    void dctcpHoldsTheQueueNearItsMarkingThresholdAtFullThroughput() {
        // Four long flows into one 200 Gb/s port marking above K = 200 KB (about 50 packets).
        String flows = """
                flows { src: 1 dst: 0 }
                flows { src: 2 dst: 0 }
                flows { src: 3 dst: 0 }
                flows { src: 4 dst: 0 }
                """;
        Scenario s = star("dctcp {}", flows, "output { warmup_us: 1000 }").toBuilder().mergeFrom(TestScenarios.parse(
                "topology { switches { ecn_threshold_bytes: 200000 } }")).build();
        FabricSimulation sim = FabricSimulation.of(s);
        FabricResult r = sim.run(new DirectTransport(sim.setup().session()));
        assertNull(r.failure());
        long delivered = 0;
        for (int f = 0; f < 4; f++) {
            delivered += r.measured().flowStats().deliveredMeasuredBytes(f);
        }
        double gbps = delivered * 8 / 2e-3 / 1e9;
        assertTrue(gbps >= 190, "throughput " + gbps + " Gb/s");
        var monitors = r.measured().monitors();
        var q = monitors.get(monitors.size() - 1);
        assertTrue(q.lengths().percentileBytes(0.5) >= 100_000 && q.lengths().percentileBytes(0.5) <= 300_000,
                "median queue " + q.lengths().percentileBytes(0.5) + " B, K = 200000");
        long marks = 0;
        for (var sw : r.hardware().switches()) {
            for (int p = 0; p < sw.portCount(); p++) {
                marks += sw.port(p).ecnMarks();
            }
        }
        assertTrue(marks > 0, "the switch marked");
    }

    @Test
    void ndpRefusesStopTimesNamingTheProtocol() {
        Scenario s = TestScenarios.parse("""
                duration_us: 1000
                topology { fat_tree { k: 4 link_rate_gbps: 10 link_delay_us: 1 } switches { ndp {} } }
                protocol { ndp {} }
                workload { flow_list { flows { src: 1 dst: 0 stop_us: 500 } } }
                """);
        assertRefused(s, "workload", "this scenario runs ndp");
    }

    /**
     * Window senders (Poseidon, Swift, HPCC, DCTCP) and MPTCP close long-lived
     * flows (stop_us): flows 0 and 1 close at 1 ms
     * and 2 ms, flow 2 never. A closed flow hands nothing over at or after its
     * stop, finishes once what it sent is ACKed (within a few RTTs of the stop),
     * and the flow still running takes the link: it delivers at nearly line rate
     * after both closed.
     */
    @Test
    void windowSendersAndMptcpCloseLongLivedFlowsAtTheirStopTime() {
        String flows = """
                flows { src: 1 dst: 0 stop_us: 1000 }
                flows { src: 2 dst: 0 stop_us: 2000 }
                flows { src: 3 dst: 0 }
                """;
        for (String protocol : new String[] {"poseidon {}", "swift {}", "hpcc {}", "dctcp {}", "mptcp {}"}) {
            Scenario s = star(protocol, flows, "output { warmup_us: 2200 }").toBuilder()
                    .mergeFrom(TestScenarios.parse("topology { switches { ecn_threshold_bytes: 200000 } }")).build();
            FabricSimulation sim = FabricSimulation.of(s);
            LastHandOver t = new LastHandOver(sim);
            FabricResult r = sim.run(t);
            assertNull(r.failure(), protocol);
            FlowStats stats = r.measured().flowStats();
            long[] stops = {1_000_000_000L, 2_000_000_000L};
            for (int f = 0; f < 2; f++) {
                assertTrue(t.last[f] < stops[f], protocol + ": flow " + f + " handed data over at " + t.last[f]
                        + " ps, its stop is " + stops[f]);
                assertTrue(t.last[f] > stops[f] - 20_000_000L, protocol + ": flow " + f + " sent until its stop, last "
                        + t.last[f] + " finished " + stats.finishPs(f) + " sent " + stats.sentBytes(f));
                assertTrue(stats.finished(f), protocol + ": flow " + f + " finished");
                long after = stats.finishPs(f) - stops[f];
                assertTrue(after >= 0 && after < 100_000_000L, protocol + ": flow " + f + " finished "
                        + after + " ps after its stop");
                assertEquals(stats.sentBytes(f), stats.deliveredBytes(f) + stats.droppedBytes(f),
                        protocol + ": flow " + f + ": every byte sent is delivered or dropped");
            }
            assertTrue(!stats.finished(2), protocol + ": flow 2 never closes");
            double gbps = stats.deliveredMeasuredBytes(2) * 8 / 0.8e-3 / 1e9;
            assertTrue(gbps > 180, protocol + ": alone after 2 ms, flow 2 takes the link: " + gbps + " Gb/s");
        }
    }

    /** Records, per flow, the latest time for which the agents handed data to a NIC. */
    private static final class LastHandOver implements AgentTransport {
        final long[] last = new long[8];
        final DirectTransport inner;

        LastHandOver(FabricSimulation sim) {
            inner = new DirectTransport(sim.setup().session());
        }

        @Override
        public void exchange(EventBatch events, ActionBatch actions) {
            inner.exchange(events, actions);
            for (int i = 0; i < actions.size(); i++) {
                if (actions.kind(i) == ActionBatch.SEND_SEGMENT) {
                    last[actions.flow(i)] = Math.max(last[actions.flow(i)], actions.time(i));
                }
            }
        }
    }
}
