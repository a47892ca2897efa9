package org.cosim.fabric.trace;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import org.cosim.fabric.FabricResult;
import org.cosim.fabric.FabricSimulation;
import org.cosim.fabric.TestScenarios;
import org.cosim.fabric.agent.DirectTransport;
import org.cosim.fabric.packet.PacketPool;
import org.cosim.fabric.packet.PacketType;
import org.cosim.proto.Scenario;
import org.cosim.scenario.ScenarioException;
import org.cosim.setup.report.PacketTrace;
import org.junit.jupiter.api.Test;

/** output.packet_trace on the Java fabric: every step of the traced flows' packets, nothing else changed. */
class PacketTraceTest {
    private static final long US = 1_000_000L;

    /** Flow 0: 9000 B in 1500 B packets from left[0] to right[0] across a 10 Gb/s dumbbell; flow 1 the other way. */
    private static Scenario dumbbell(String trace) {
        return TestScenarios.parse("""
                seed: 1
                duration_us: 100
                topology {
                  dumbbell { hosts_per_side: 1 host_rate_gbps: 10 bottleneck_rate_gbps: 10 link_delay_us: 1 }
                  nic { mtu_bytes: 1500 }
                }
                protocol { pfc_only { segment_bytes: 9000 } }
                workload { flow_list {
                  flows { src: 0 dst: 1 size_bytes: 9000 start_us: 0 }
                  flows { src: 1 dst: 0 size_bytes: 9000 start_us: 0 }
                } }
                output { %s }
                """.formatted(trace));
    }

    private static FabricResult run(Scenario s) {
        FabricSimulation sim = FabricSimulation.of(s);
        FabricResult r = sim.run(new DirectTransport(sim.setup().session()));
        assertNull(r.failure());
        return r;
    }

    /**
     * Each of the six data packets: sent by left[0]'s NIC, queued and sent on by both switches, received by
     * right[0]; then the segment's hardware ACK back. Store-and-forward: 1.2 us on every link plus 1 us of
     * cable between hops; flow 1's packets are not traced.
     */
    @Test
    void aPacketsWayHopByHop() {
        PacketTrace t = run(dumbbell("packet_trace { flows: 0 }")).measured().packetTrace();
        List<String> data = new ArrayList<>();
        List<String> ack = new ArrayList<>();
        for (int i = 0; i < t.size(); i++) {
            assertEquals(0, t.flow(i));
            String step = t.eventName(i) + "@" + t.nodeName(i);
            if (t.type(i) == PacketType.DATA && (t.uid(i) & 0xffffffffL) == 2) {
                data.add(step + "@" + t.timePs(i));
            } else if (t.type(i) == PacketType.SEGMENT_ACK) {
                ack.add(step);
                assertEquals(5, t.uid(i) & 0xffffffffL, "the ACK carries the number of the segment's last packet");
            }
        }
        // Packet 2 leaves the NIC at L (1 us, the sender's reaction) + 2 x 1.2 us; each hop adds 1.2 us of
        // serialization and 1 us of cable (the dumbbell's switches forward without latency).
        assertEquals(List.of("nic_send@left[0]@3400000", "enqueue@left_switch@5600000",
                "transmit@left_switch@5600000", "enqueue@right_switch@7800000", "transmit@right_switch@7800000",
                "nic_receive@right[0]@10000000"), data);
        assertEquals(List.of("nic_send@right[0]", "enqueue@right_switch", "transmit@right_switch",
                "enqueue@left_switch", "transmit@left_switch", "nic_receive@left[0]"), ack);
        assertEquals(6 * 6 + 6, t.size(), "six steps for each of six packets and the ACK");
        assertFalse(t.truncated());
        for (int i = 0; i < t.size(); i++) {
            if (t.eventName(i).equals("enqueue")) {
                assertTrue(t.queueBytes(i) >= t.bytes(i), "the queue after an enqueue holds the packet");
            }
            if (!t.atSwitch(i)) {
                assertEquals(-1, t.queueBytes(i));
            }
            assertTrue(i == 0 || t.timePs(i) >= t.timePs(i - 1), "in the order they happened");
        }
    }

    @Test
    void tracingChangesNothingElseAndCutsAtMaxRecords() {
        FabricResult plain = run(dumbbell(""));
        FabricResult traced = run(dumbbell("packet_trace { flows: [0, 1] max_records: 10 }"));
        assertNull(plain.measured().packetTrace());
        assertEquals(plain.work().eventsProcessed(), traced.work().eventsProcessed());
        assertEquals(plain.measured().flowStats().finishPs(0), traced.measured().flowStats().finishPs(0));
        assertEquals(plain.measured().flowStats().finishPs(1), traced.measured().flowStats().finishPs(1));
        PacketTrace t = traced.measured().packetTrace();
        assertEquals(10, t.size(), "the first ten steps kept");
        assertEquals(2 * 42, t.attempted(), "both flows' steps counted");
        assertTrue(t.truncated());
    }

    /** from_us / to_us: only the steps inside the interval are kept and counted; the run itself is the same. */
    @Test
    void anIntervalKeepsOnlyItsSteps() {
        PacketTrace all = run(dumbbell("packet_trace { flows: 0 }")).measured().packetTrace();
        PacketTrace some = run(dumbbell("packet_trace { flows: 0 from_us: 5 to_us: 8.8 }")).measured().packetTrace();
        List<Long> inside = new ArrayList<>();
        for (int i = 0; i < all.size(); i++) {
            if (all.timePs(i) >= 5 * US && all.timePs(i) < 8_800_000L) {
                inside.add(all.timePs(i));
            }
        }
        List<Long> kept = new ArrayList<>();
        for (int i = 0; i < some.size(); i++) {
            kept.add(some.timePs(i));
        }
        assertEquals(inside, kept);
        assertTrue(!kept.isEmpty() && kept.size() < all.size());
        assertEquals(kept.size(), some.attempted(), "steps outside the interval are not counted either");
    }

    @Test
    void badSettingsAreNamed() {
        String[][] cases = {
            {"packet_trace { }", "output.packet_trace.flows", "at least one flow"},
            {"packet_trace { flows: 2 }", "output.packet_trace.flows[0]", "this run has 2 flows"},
            {"packet_trace { flows: [1, 1] }", "output.packet_trace.flows[1]", "named twice"},
            {"packet_trace { flows: 0 max_records: 0 }", "output.packet_trace.max_records", "must be in 1.."},
            {"packet_trace { flows: 0 max_records: 50000001 }", "output.packet_trace.max_records", "must be in 1.."},
            {"packet_trace { flows: 0 from_us: 100 }", "output.packet_trace.from_us", "must be in [0, duration_us)"},
            {"packet_trace { flows: 0 from_us: 5 to_us: 5 }", "output.packet_trace.to_us", "must be after from_us"},
            {"packet_trace { flows: 0 to_us: nan }", "output.packet_trace.to_us", "not a number"},
        };
        for (String[] c : cases) {
            ScenarioException e = assertThrows(ScenarioException.class, () -> FabricSimulation.of(dumbbell(c[0])),
                    c[0]);
            assertEquals(c[1], e.field(), c[0]);
            assertTrue(e.getMessage().contains(c[2]), e.getMessage());
        }
    }

    /**
     * NDP's incast on a k = 4 fat tree: the traced flow's packets are trimmed at full queues and go on as
     * 64-byte headers in the control class; the receiver's PULLs and ACKs are the same flow's.
     */
    @Test
    void ndpTrimsAreTraced() {
        FabricResult r = run(TestScenarios.parse("""
                seed: 3
                duration_us: 3000
                topology {
                  fat_tree { k: 4 link_rate_gbps: 10 link_delay_us: 1 }
                  switches { ndp { } }
                  nic { mtu_bytes: 9000 ack_bytes: 64 }
                }
                protocol { ndp { } }
                workload { incast { connections_per_client: 1 flow_bytes: 450000 receiver: 0 senders: 8 } }
                output { packet_trace { flows: [0, 5] } }
                """));
        PacketTrace t = r.measured().packetTrace();
        int trims = 0;
        List<String> kinds = new ArrayList<>();
        for (int i = 0; i < t.size(); i++) {
            assertTrue(t.flow(i) == 0 || t.flow(i) == 5);
            if (t.eventName(i).equals("trim")) {
                trims++;
                assertEquals(64, t.bytes(i), "cut to NDP's header");
                assertTrue((t.flags(i) & PacketPool.FLAG_TRIMMED) != 0);
                // At once the header joins the header queue, goes back to its sender, or is dropped.
                assertTrue(List.of("enqueue", "return", "drop").contains(t.eventName(i + 1)), t.eventName(i + 1));
                assertEquals(t.uid(i), t.uid(i + 1), "the same packet");
            }
            if (t.type(i) == PacketType.CONTROL && !kinds.contains("control" + t.controlKind(i))) {
                kinds.add("control" + t.controlKind(i));
            }
        }
        assertTrue(trims > 0, "an 8 -> 1 incast with IW 30 trims the traced flows' first windows");
        assertTrue(kinds.containsAll(List.of("control1", "control3")), "ACKs and PULLs: " + kinds);
        assertArrayEquals(new int[] {0, 1}, FabricSimulation.of(dumbbell("packet_trace { flows: [1, 0] }")).setup().packetTrace().flows(), "flows ascending, as RunSpec carries them");
    }
}
