package org.cosim.fabric.agent;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import org.cosim.agents.api.ActionSink;
import org.cosim.agents.api.ControlArrivalEvent;
import org.cosim.agents.api.EventBatch;
import org.cosim.agents.api.PacketArrivalEvent;
import org.cosim.fabric.FabricResult;
import org.cosim.fabric.FabricSimulation;
import org.cosim.fabric.TestScenarios;
import org.cosim.fabric.stats.RttRecorder;
import org.junit.jupiter.api.Test;

/**
 * Receiver-driven transports through the real fabric: segments sent without hardware
 * ACK reach the receiver's agent packet by packet, and the agents' ACK/NACK/PULL
 * packets reach the other end. One client (host 1) sends flow 0 of 4500 bytes to the
 * server (host 0); 10 Gb/s, 1 us links, L = 1 us.
 */
class PerPacketAgentsTest {
    private static final long L = 1_000_000;

    /** A data packet as it reached the receiver's agent. */
    private record ReceivedPacket(long timePs, int host, long seq, int bytes, boolean lastOfFlow) { }

    /** A control packet as it reached an agent: its kind (ACK, NACK, PULL), seq, pull number, path, echoed time. */
    private record ReceivedControl(long timePs, int host, int kind, long seq, long pullNumber, int path,
                                   long echoTimePs) { }

    private final List<ReceivedPacket> packets = new ArrayList<>();
    private final List<ReceivedControl> controls = new ArrayList<>();

    private FabricResult run(ScriptedTransport.Script script) {
        FabricSimulation sim = FabricSimulation.of(TestScenarios.oneClientStar(4500, 10, 10, 1, 200));
        return sim.run(new ScriptedTransport(() -> -1, script));
    }

    /** Sends the whole flow at once without hardware ACK; the receiver ACKs every packet with a pull riding on it. */
    private void senderAndReceiver(int i, EventBatch in, org.cosim.agents.api.ActionBatch out) {
        PacketArrivalEvent p = new PacketArrivalEvent();
        ControlArrivalEvent c = new ControlArrivalEvent();
        for (int k = 0; k < in.size(); k++) {
            long t = in.time(k);
            switch (in.kind(k)) {
                case EventBatch.FLOW_ARRIVAL -> out.sendSegment(in.windowStartPs() + L, 1, 0, 0, 4500, 0,
                        ActionSink.NO_ACK | ActionSink.LAST_OF_FLOW);
                case EventBatch.PACKET_ARRIVAL -> {
                    in.read(k, p);
                    packets.add(new ReceivedPacket(t, p.host(), p.seq(), p.bytes(), p.lastOfFlow()));
                    out.sendControl(in.windowStartPs() + L, 0, 0, ControlArrivalEvent.ACK, p.seq(),
                            packets.size(), p.path(), p.sendTimePs());
                }
                case EventBatch.CONTROL_ARRIVAL -> {
                    in.read(k, c);
                    controls.add(new ReceivedControl(t, c.host(), c.kind(), c.seq(), c.pullNumber(), c.path(),
                            c.echoTimePs()));
                }
                default -> { }
            }
        }
    }

    @Test
    void packetsReachTheReceiversAgentOneByOneAndControlComesBack() {
        FabricResult r = run(this::senderAndReceiver);
        assertNull(r.failure());
        // 4500 B at 1500 B MTU: 3 packets, the last one marked.
        assertEquals(3, packets.size());
        assertEquals(List.of(0L, 1500L, 3000L), packets.stream().map(ReceivedPacket::seq).toList());
        assertEquals(List.of(false, false, true), packets.stream().map(ReceivedPacket::lastOfFlow).toList());
        assertTrue(packets.stream().allMatch(x -> x.host() == 0), "at the receiver, host 0");
        // Sent at 1 us: packet j leaves the client at 1 + 1.2 (j+1) us, reaches the switch 1 us later,
        // leaves it 1.2 us later and the server 1 us after that.
        assertEquals(1_000_000 + 1_200_000 + 1_000_000 + 1_200_000 + 1_000_000, packets.get(0).timePs());
        // Each ACK goes back to the sender (host 1) with its seq, pull number and echoed send time (1 us).
        assertEquals(3, controls.size());
        for (int j = 0; j < 3; j++) {
            ReceivedControl c = controls.get(j);
            assertEquals(1, c.host());
            assertEquals(ControlArrivalEvent.ACK, c.kind());
            assertEquals(1500L * j, c.seq());
            assertEquals(j + 1, c.pullNumber());
            assertEquals(1_000_000, c.echoTimePs());
        }
        assertEquals(4500, r.measured().flowStats().deliveredBytes(0));
        // No hardware ACK, but every agent ACK echoing a send time is an RTT sample (send to ACK).
        RttRecorder rtts = r.measured().rtts();
        assertEquals(3, rtts.size());
        for (int j = 0; j < 3; j++) {
            assertEquals(controls.get(j).timePs() - 1_000_000, rtts.hostRtt(j));
            // The script echoes no TX time: the network RTT falls back to the host RTT.
            assertEquals(rtts.hostRtt(j), rtts.networkRtt(j));
        }
    }

    @Test
    void aControlPacketOfUnknownKindFails() {
        FabricResult r = run((i, in, out) -> {
            if (i == 0) {
                out.sendControl(in.windowStartPs() + L, 0, 0, ControlArrivalEvent.PULL, 0, 1, 0, 0);
                out.sendControl(in.windowStartPs() + L, 1, 0, 7, 0, 1, 0, 0);
            }
        });
        assertInstanceOf(BadActionException.class, r.failure());
        assertTrue(r.failure().getMessage().contains("control packet of unknown kind 7"), r.failure().getMessage());
    }

    @Test
    void aControlPacketOnAPathBeyondTheFlowsRoutesFails() {
        FabricResult r = run((i, in, out) -> {
            if (i == 0) {
                out.sendControl(in.windowStartPs() + L, 1, 0, ControlArrivalEvent.ACK, 0, 0, 2, 0);
            }
        });
        assertInstanceOf(BadActionException.class, r.failure());
        assertTrue(r.failure().getMessage().contains("control packet of flow 0 on path 2, but it has paths 1..1"),
                r.failure().getMessage());
    }

    @Test
    void aPathBeyondTheFlowsRoutesFails() {
        FabricResult r = run((i, in, out) -> {
            if (i == 0) {
                out.sendSegment(in.windowStartPs() + L, 1, 0, 0, 1500, 2, ActionSink.NO_ACK);
            }
        });
        assertInstanceOf(BadActionException.class, r.failure());
        assertTrue(r.failure().getMessage().contains("on path 2, but it has paths 1..1"), r.failure().getMessage());
    }
}
