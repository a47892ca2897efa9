package org.cosim.fabric.agent;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

import java.util.ArrayList;
import java.util.List;
import org.cosim.agents.api.ControlArrivalEvent;
import org.cosim.agents.api.EventBatch;
import org.cosim.agents.api.PacketArrivalEvent;
import org.cosim.fabric.FabricResult;
import org.cosim.fabric.FabricSimulation;
import org.cosim.fabric.TestScenarios;
import org.cosim.fabric.stats.RttRecorder;
import org.junit.jupiter.api.Test;

/**
 * The two RTTs of a sample: the host RTT from the segment's hand-over to the NIC,
 * the network RTT from its first packet's start onto the wire. One client (host 1)
 * sends flow 0 (and flow 1 where said) to the server (host 0) through one switch;
 * 10 Gb/s links (800 ps per byte) of 1 us each way, L = 1 us.
 */
class TwoRttsTest {
    private static final long L = 1_000_000;
    private static final long US = 1_000_000;
    /** A hardware ACK's way back: 51,200 ps (64 B) + 1 us + 51,200 ps + 1 us = 2.1024 us. */
    private static final long ACK_BACK = 2 * 51_200 + 2 * US;

    /** An agent ACK as it reached the sender: when, and the data packet's send and TX times it echoes. */
    private record EchoedAck(long arrivalPs, long echoedSendPs, long echoedTxPs) { }

    @Test
    void aSegmentWaitingBehindAnotherInTheNicHasAHostRttLongerByTheFirstOnesSerialization() {
        // Two 3000-byte segments handed over together at L = 1 us, each ACKed by the receiving NIC.
        FabricSimulation sim = FabricSimulation.of(TestScenarios.oneClientStar(6000, 10, 10, 1, 200));
        FabricResult r = sim.run(new ScriptedTransport(() -> -1, (i, in, out) -> {
            for (int k = 0; k < in.size(); k++) {
                if (in.kind(k) == EventBatch.FLOW_ARRIVAL) {
                    out.sendSegment(in.windowStartPs() + L, 1, 0, 0, 3000, 0, 0);
                    out.sendSegment(in.windowStartPs() + L, 1, 0, 3000, 3000, 0, 0);
                }
            }
        }));
        assertNull(r.failure());
        RttRecorder rtts = r.measured().rtts();
        assertEquals(2, rtts.size());
        // Segment 0: packets of 1500 B take 1.2 us; its first leaves at 1 us, its last ends at 3.4 us,
        // reaches the switch at 4.4 us, leaves it at 5.6 us (behind its first packet, 3.2..4.4 us) and
        // the server at 6.6 us. The 64-byte ACK: 51,200 ps + 1 us + 51,200 ps + 1 us: back at 8.7024 us.
        long ack = 51_200;
        long completion0 = 1 * US + 2_400_000 + US + 1_200_000 + US + ack + US + ack + US;
        assertEquals(8_702_400, completion0);
        assertEquals(completion0, rtts.time(0));
        // Both RTTs subtract the segment's own serialization (3000 B x 800 ps = 2.4 us) from the time
        // since their start: 8.7024 - 1 - 2.4 = 5.3024 us = 4 x 1 us + 1.2 us + 2 x 51,200 ps.
        long network = 4 * US + 1_200_000 + 2 * ack;
        assertEquals(network, rtts.networkRtt(0));
        assertEquals(network, rtts.hostRtt(0), "segment 0 went onto the wire when handed over");
        // Segment 1 waits in the NIC behind segment 0: its first packet leaves at 3.4 us, 2.4 us later;
        // the same path and no queue past the NIC make it 2.4 us later throughout.
        assertEquals(completion0 + 2_400_000, rtts.time(1));
        assertEquals(network, rtts.networkRtt(1), "the network saw the same path");
        assertEquals(network + 2_400_000, rtts.hostRtt(1), "plus segment 0's serialization in the NIC");
    }

    /**
     * Flows 0 and 1 of the client each hand one 3000-byte segment (two packets of 1.2 us) to the NIC at
     * L = 1 us, flow 0 first; the NIC orders them by {@code scheduling}. Returns the RTT samples.
     */
    private static RttRecorder twoFlowsOneSegmentEach(String scheduling) {
        FabricSimulation sim = FabricSimulation.of(TestScenarios.parse("""
                seed: 1
                duration_us: 200
                topology {
                  incast_star { clients: 1 client_rate_gbps: 10 server_rate_gbps: 10 link_delay_us: 1 }
                  nic { scheduling: %s }
                }
                protocol { pfc_only {} }
                workload { flow_list {
                  flows { src: 1 dst: 0 size_bytes: 3000 start_us: 0 }
                  flows { src: 1 dst: 0 size_bytes: 3000 start_us: 0 }
                } }
                """.formatted(scheduling)));
        FabricResult r = sim.run(new ScriptedTransport(() -> -1, (i, in, out) -> {
            for (int k = 0; k < in.size(); k++) {
                if (in.kind(k) == EventBatch.FLOW_ARRIVAL) {
                    out.sendSegment(in.windowStartPs() + L, 1, in.flow(k), 0, 3000, 0, 0);
                }
            }
        }));
        assertNull(r.failure());
        RttRecorder rtts = r.measured().rtts();
        assertEquals(2, rtts.size());
        assertEquals(0, rtts.flow(0), "flow 0's segment is ACKed first");
        assertEquals(1, rtts.flow(1));
        return rtts;
    }

    /** Sample i: taken at {@code timePs} for flow i, with these RTTs. */
    private static void assertSample(RttRecorder rtts, int i, long timePs, long networkPs, long hostPs) {
        assertEquals(timePs, rtts.time(i), "sample " + i + "'s time");
        assertEquals(networkPs, rtts.networkRtt(i), "sample " + i + "'s network RTT");
        assertEquals(hostPs, rtts.hostRtt(i), "sample " + i + "'s host RTT");
    }

    @Test
    void perFlowSchedulingStartsTheSecondFlowsNetworkRttAtItsFirstPacketBetweenTheFirstFlowsTwo() {
        RttRecorder rtts = twoFlowsOneSegmentEach("PER_FLOW");
        // The NIC alternates: 0a 1.0-2.2, 1a 2.2-3.4, 0b 3.4-4.6, 1b 4.6-5.8 us. Each reaches the switch 1 us
        // after its end (3.2, 4.4, 5.6, 6.8) and leaves it 1.2 us later, so 0b reaches the server at 7.8 us
        // and 1b at 9.0 us; the ACKs are back at 9.9024 and 11.1024 us.
        // Both RTTs subtract the segment's serialization, 3000 B x 800 ps = 2.4 us.
        // Flow 0: first packet out at 1 us, handed over at 1 us: 9.9024 - 1 - 2.4 = 6.5024 us each.
        assertSample(rtts, 0, 7_800_000 + ACK_BACK, 6_502_400, 6_502_400);
        // Flow 1: first packet out at 2.2 us (after flow 0's first), handed over at 1 us:
        // network 11.1024 - 2.2 - 2.4 = 6.5024 us, host 11.1024 - 1 - 2.4 = 7.7024 us.
        assertSample(rtts, 1, 9_000_000 + ACK_BACK, 6_502_400, 7_702_400);
    }

    @Test
    void fifoSchedulingStartsTheSecondFlowsNetworkRttWhenTheFirstFlowsSegmentIsAllOut() {
        RttRecorder rtts = twoFlowsOneSegmentEach("FIFO");
        // The NIC sends 0a 1.0-2.2, 0b 2.2-3.4, 1a 3.4-4.6, 1b 4.6-5.8 us; at the switch (1 us later, 1.2 us
        // each, no wait) 0b leaves at 5.6 and reaches the server at 6.6 us, 1b at 9.0 us; ACKs back at
        // 8.7024 and 11.1024 us.
        // Flow 0: 8.7024 - 1 - 2.4 = 5.3024 us both.
        assertSample(rtts, 0, 6_600_000 + ACK_BACK, 5_302_400, 5_302_400);
        // Flow 1: first packet out at 3.4 us: network 11.1024 - 3.4 - 2.4 = 5.3024 us,
        // host 11.1024 - 1 - 2.4 = 7.7024 us.
        assertSample(rtts, 1, 9_000_000 + ACK_BACK, 5_302_400, 7_702_400);
    }

    @Test
    void anAgentAckEchoingTheDataTxTimeGivesTheNetworkRtt() {
        // 4500 B sent at once without hardware ACK: 3 packets leaving at 1, 2.2 and 3.4 us; the receiver
        // ACKs each at once (L later), echoing its send time (1 us) and its TX time.
        FabricSimulation sim = FabricSimulation.of(TestScenarios.oneClientStar(4500, 10, 10, 1, 200));
        List<EchoedAck> acks = new ArrayList<>();
        FabricResult r = sim.run(new ScriptedTransport(() -> -1, (i, in, out) -> {
            PacketArrivalEvent p = new PacketArrivalEvent();
            ControlArrivalEvent c = new ControlArrivalEvent();
            for (int k = 0; k < in.size(); k++) {
                switch (in.kind(k)) {
                    case EventBatch.FLOW_ARRIVAL -> out.sendSegment(in.windowStartPs() + L, 1, 0, 0, 4500, 0,
                            org.cosim.agents.api.ActionSink.NO_ACK);
                    case EventBatch.PACKET_ARRIVAL -> {
                        in.read(k, p);
                        out.sendControl(in.windowStartPs() + L, 0, 0, ControlArrivalEvent.ACK, p.seq(), 0, p.path(),
                                p.sendTimePs(), p.txTimePs());
                    }
                    case EventBatch.CONTROL_ARRIVAL -> {
                        in.read(k, c);
                        acks.add(new EchoedAck(c.timePs(), c.echoTimePs(), c.echoTxTimePs()));
                    }
                    default -> { }
                }
            }
        }));
        assertNull(r.failure());
        assertEquals(3, acks.size());
        RttRecorder rtts = r.measured().rtts();
        for (int j = 0; j < 3; j++) {
            long tx = L + j * 1_200_000;
            EchoedAck ack = acks.get(j);
            assertEquals(L, ack.echoedSendPs(), "the send time: the hand-over");
            assertEquals(tx, ack.echoedTxPs(), "packet j left the NIC at 1 + 1.2 j us");
            assertEquals(ack.arrivalPs() - L, rtts.hostRtt(j));
            assertEquals(ack.arrivalPs() - tx, rtts.networkRtt(j));
        }
    }
}
