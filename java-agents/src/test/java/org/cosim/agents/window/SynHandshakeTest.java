package org.cosim.agents.window;

import static org.cosim.agents.api.TestEvents.arrival;
import static org.cosim.agents.api.TestEvents.completion;
import static org.cosim.agents.api.TestEvents.synAck;
import static org.cosim.agents.api.TestEvents.timer;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.cosim.agents.api.ActionBatch;
import org.cosim.agents.api.ActionSink;
import org.cosim.agents.api.AgentContext;
import org.cosim.agents.api.HostInfo;
import org.cosim.agents.dctcp.DctcpAgent;
import org.cosim.agents.dctcp.DctcpConfig;
import org.cosim.proto.Dctcp;
import org.cosim.proto.Protocol;
import org.cosim.proto.Window;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * The window sender's SYN round trip (syn_handshake), through DCTCP on one host:
 * 9000-byte segments, an initial window of 4, RTO floor 100 us, L = 1 us.
 */
class SynHandshakeTest {
    private static final long US = 1_000_000L;
    private static final long L = US;
    private static final int HOST = 3;
    private static final int FLOW = 7;
    private static final int SEG = 9000;

    private ActionBatch out;

    @BeforeEach
    void setUp() {
        out = new ActionBatch();
        out.reset(0);
    }

    private static DctcpAgent agent(boolean handshake, boolean perDestination) {
        Window w = Window.newBuilder().setSegmentBytes(SEG).setInitialCwndPackets(4).setMinRtoUs(100)
                .setSynHandshake(handshake).setConnectionPerDestination(perDestination).build();
        Dctcp d = Dctcp.newBuilder().setWindow(w).build();
        Protocol p = Protocol.newBuilder().setDctcp(d).build();
        return new DctcpAgent(new HostInfo(HOST, 10_000_000_000L), new AgentContext(L, 20 * US, 1L, p, SEG),
                DctcpConfig.from(d));
    }

    private int count(boolean syn) {
        int n = 0;
        for (int i = 0; i < out.size(); i++) {
            if (out.kind(i) == ActionBatch.SEND_SEGMENT && (out.segmentOptions(i) == ActionSink.SYN) == syn) {
                n++;
            }
        }
        return n;
    }

    @Test
    void withoutTheHandshakeTheFirstWindowGoesAtOnce() {
        agent(false, false).onFlowArrival(arrival(0, HOST, FLOW, 9, 90_000, 1), out);
        assertEquals(0, count(true));
        assertEquals(4, count(false));
    }

    @Test
    void theFirstWindowWaitsForTheSynAck() {
        DctcpAgent a = agent(true, false);
        a.onFlowArrival(arrival(0, HOST, FLOW, 9, 90_000, 1), out);
        assertEquals(1, count(true));
        assertEquals(0, count(false));
        assertEquals(L, out.time(0));
        assertEquals(0, out.bytes(0));
        out.reset(0);
        a.onTimer(timer(50 * US, HOST, (long) FLOW << 1), out);  // the RTO timer, early: nothing
        assertEquals(0, count(true) + count(false));
        a.onCompletion(synAck(31 * US, HOST, FLOW, 0, L), out);
        assertEquals(4, count(false));
        for (int i = 0; i < out.size(); i++) {
            if (out.kind(i) == ActionBatch.SEND_SEGMENT) {
                assertEquals(32 * US, out.time(i));          // L after the SYN-ACK
            }
        }
        out.reset(0);
        a.onCompletion(synAck(32 * US, HOST, FLOW, 0, L), out);  // a late twin changes nothing
        assertEquals(0, out.size());
    }

    @Test
    void aLostSynIsResentWhenTheTimerExpiresAndTheTimerBacksOff() {
        DctcpAgent a = agent(true, false);
        a.onFlowArrival(arrival(0, HOST, FLOW, 9, 90_000, 1), out);
        out.reset(0);
        a.onTimer(timer(L + 100 * US, HOST, (long) FLOW << 1), out);
        assertEquals(1, count(true));
        assertEquals(0, count(false));
        out.reset(0);
        a.onTimer(timer(2 * L + 300 * US - 1, HOST, (long) FLOW << 1), out);  // backed off: 200 us from the resend
        assertEquals(0, count(true));
        a.onTimer(timer(2 * L + 300 * US, HOST, (long) FLOW << 1), out);
        assertEquals(1, count(true));
    }

    @Test
    void aConnectionSetsUpOnceForAllItsMessages() {
        DctcpAgent a = agent(true, true);
        a.onFlowArrival(arrival(0, HOST, FLOW, 9, SEG, 1), out);
        assertEquals(1, count(true));
        a.onCompletion(synAck(21 * US, HOST, FLOW, 0, L), out);
        out.reset(0);
        a.onCompletion(completion(45 * US, HOST, FLOW, 0, SEG, 22 * US), out);  // the one segment: done
        a.onFlowArrival(arrival(50 * US, HOST, FLOW + 1, 9, SEG, 1), out);
        assertEquals(0, count(true));
        assertEquals(1, count(false));
        assertTrue(a.window(FLOW + 1) != null);
    }
}
