package org.cosim.agents.dctcp;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotSame;
import static org.junit.jupiter.api.Assertions.assertThrows;

import org.cosim.agents.host.ProtocolCatalog;
import org.cosim.agents.window.AckSample;
import org.cosim.agents.window.CongestionWindow;
import org.cosim.proto.Dctcp;
import org.cosim.proto.Protocol;
import org.cosim.proto.Scenario;
import org.cosim.scenario.ScenarioException;
import org.junit.jupiter.api.Test;

/** DCTCP's law: alpha per window of ACKs, a cut of alpha / 2 at most once per RTT, +ai per RTT otherwise. */
class DctcpLawTest {
    private static final long US = 1_000_000L;
    private final DctcpConfig cfg = DctcpConfig.from(Dctcp.getDefaultInstance());
    private final AckSample a = new AckSample();

    private AckSample ack(long nowUs, boolean marked) {
        return a.set(nowUs * US, 20 * US, 1, 0, 0, 20 * US, 1).withEcn(marked);
    }

    @Test
    void alphaFollowsTheMarkedFractionOfEachWindowWithGainOneSixteenth() {
        DctcpLaw law = new DctcpLaw(cfg);
        // A window of 10 packets; unmarked ACKs only grow it, so the 10 ACKs of the window close it.
        CongestionWindow w = new CongestionWindow(cfg.window(), law, 10, 20 * US);
        for (int i = 0; i < 10; i++) {
            w.onAck(ack(i, false));
        }
        assertEquals(15.0 / 16, law.alpha(), 1e-12, "alpha starts at 1; a clean window: (1 - g) alpha");
        double before = law.alpha();
        // The next window holds about 11 packets (10 grew by ~1): mark half of them.
        int n = (int) Math.ceil(w.cwnd());
        int marks = 0;
        for (int i = 0; i < n; i++) {
            boolean m = i % 2 == 0;
            marks += m ? 1 : 0;
            w.onAck(ack(100 + i, m));
        }
        assertEquals((1 - 1.0 / 16) * before + (1.0 / 16) * marks / (double) n, law.alpha(), 1e-12);
        assertEquals(law.alpha(), w.signal(0), 0, "agent_state's alpha is the law's");
    }

    @Test
    void aMarkCutsTheWindowByHalfOfAlphaAtMostOncePerRtt() {
        DctcpLaw law = new DctcpLaw(cfg);
        CongestionWindow w = new CongestionWindow(cfg.window(), law, 40, 20 * US);
        w.onAck(ack(1000, true));
        // alpha is still 1 (no window closed): cwnd x (1 - 1/2).
        assertEquals(20, w.cwnd(), 1e-9);
        w.onAck(ack(1005, true));
        assertEquals(20, w.cwnd(), 1e-9, "a second mark within the RTT (20 us) does not cut again");
        w.onAck(ack(1030, true));
        assertEquals(10, w.cwnd(), 1e-9, "a mark after the RTT does");
    }

    @Test
    void unmarkedAcksAddOnePacketPerWindow() {
        CongestionWindow w = new CongestionWindow(cfg.window(), new DctcpLaw(cfg), 4, 20 * US);
        double expected = 4;
        for (int i = 0; i < 4; i++) {
            w.onAck(ack(i, false));
            expected += 1 / expected;
        }
        assertEquals(expected, w.cwnd(), 1e-12);
        assertEquals(0.5, new DctcpLaw(cfg).lossDecrease());
    }

    @Test
    void everyFlowKeepsItsOwnAlpha() {
        DctcpLaw law = new DctcpLaw(cfg);
        assertNotSame(law, law.forNewFlow());
    }

    @Test
    void badParametersAndAMissingMarkingThresholdAreNamed() {
        ScenarioException e = assertThrows(ScenarioException.class,
                () -> DctcpConfig.from(Dctcp.newBuilder().setG(0).build()));
        assertEquals("protocol.dctcp.g", e.field());
        e = assertThrows(ScenarioException.class, () -> DctcpConfig.from(Dctcp.newBuilder().setAi(-1).build()));
        assertEquals("protocol.dctcp.ai", e.field());
        Scenario noEcn = Scenario.newBuilder().setProtocol(Protocol.newBuilder().setDctcp(Dctcp.getDefaultInstance()))
                .build();
        e = assertThrows(ScenarioException.class, () -> ProtocolCatalog.validate(noEcn, 20 * US));
        assertEquals("topology.switches.ecn_threshold_bytes", e.field());
    }
}
