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
import org.junit.jupiter.api.Test;

/**
 * The two RTTs of a sample: the host RTT from the segment's hand-over to the NIC,
 * the network RTT from its first packet's start onto the wire. One client (host 1)
 * sends flow 0 to the server (host 0) through one switch; 10 Gb/s links (800 ps per
 * byte) of 1 us each way, L = 1 us.
 */
class TwoRttsTest {
    private static final long L = 1_000_000;
    private static final long US = 1_000_000;

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
        assertEquals(2, r.rtts().size());
        // Segment 0: packets of 1500 B take 1.2 us; its first leaves at 1 us, its last ends at 3.4 us,
        // reaches the switch at 4.4 us, leaves it at 5.6 us (behind its first packet, 3.2..4.4 us) and
        // the server at 6.6 us. The 64-byte ACK: 51,200 ps + 1 us + 51,200 ps + 1 us: back at 8.7024 us.
        long ack = 51_200;
        long completion0 = 1 * US + 2_400_000 + US + 1_200_000 + US + ack + US + ack + US;
        assertEquals(8_702_400, completion0);
        assertEquals(completion0, r.rtts().time(0));
        // Both RTTs subtract the segment's own serialization (3000 B x 800 ps = 2.4 us) from the time
        // since their start: 8.7024 - 1 - 2.4 = 5.3024 us = 4 x 1 us + 1.2 us + 2 x 51,200 ps.
        long network = 4 * US + 1_200_000 + 2 * ack;
        assertEquals(network, r.rtts().networkRtt(0));
        assertEquals(network, r.rtts().hostRtt(0), "segment 0 went onto the wire when handed over");
        // Segment 1 waits in the NIC behind segment 0: its first packet leaves at 3.4 us, 2.4 us later;
        // the same path and no queue past the NIC make it 2.4 us later throughout.
        assertEquals(completion0 + 2_400_000, r.rtts().time(1));
        assertEquals(network, r.rtts().networkRtt(1), "the network saw the same path");
        assertEquals(network + 2_400_000, r.rtts().hostRtt(1), "plus segment 0's serialization in the NIC");
    }

    @Test
    void anAgentAckEchoingTheDataTxTimeGivesTheNetworkRtt() {
        // 4500 B sent at once without hardware ACK: 3 packets leaving at 1, 2.2 and 3.4 us; the receiver
        // ACKs each at once (L later), echoing its send time (1 us) and its TX time.
        FabricSimulation sim = FabricSimulation.of(TestScenarios.oneClientStar(4500, 10, 10, 1, 200));
        List<long[]> acks = new ArrayList<>();  // {arrival, echoed send, echoed tx}
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
                        acks.add(new long[] {c.timePs(), c.echoTimePs(), c.echoTxTimePs()});
                    }
                    default -> { }
                }
            }
        }));
        assertNull(r.failure());
        assertEquals(3, acks.size());
        for (int j = 0; j < 3; j++) {
            long tx = L + j * 1_200_000;
            assertEquals(L, acks.get(j)[1], "the send time: the hand-over");
            assertEquals(tx, acks.get(j)[2], "packet j left the NIC at 1 + 1.2 j us");
            assertEquals(acks.get(j)[0] - L, r.rtts().hostRtt(j));
            assertEquals(acks.get(j)[0] - tx, r.rtts().networkRtt(j));
        }
    }
}
