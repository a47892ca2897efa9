package org.cosim.agents.hpcc;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.cosim.proto.Hpcc;
import org.cosim.proto.Window;
import org.cosim.scenario.ScenarioException;
import org.junit.jupiter.api.Test;

class HpccConfigTest {
    @Test
    void defaultsAreThePapers() {
        HpccConfig c = HpccConfig.from(Hpcc.getDefaultInstance(), 6_400_000);
        assertEquals(0.95, c.eta());
        assertEquals(5, c.maxStage());
        assertEquals(100, c.expectedFlows());
        assertEquals(6_400_000, c.tPs(), "T: the network's largest unloaded RTT");
        // 200 Gb/s x 6.4 us = 160,000 B; x (1 - 0.95) / 100 = 80 B
        assertEquals(160_000, c.wInitBytes(200_000_000_000L), 1e-9);
        assertEquals(80, c.wAiBytes(c.wInitBytes(200_000_000_000L)), 1e-9);
        // a flow starts at W_init: 160,000 / 4096 segments
        assertEquals(160_000 / 4096.0, c.windowFor(200_000_000_000L).initialCwndPackets(), 1e-9);
    }

    @Test
    void explicitValuesWin() {
        HpccConfig c = HpccConfig.from(Hpcc.newBuilder().setWAiBytes(200).setBaseRttUs(3)
                .setWindow(Window.newBuilder().setInitialCwndPackets(1)).build(), 6_400_000);
        assertEquals(200, c.wAiBytes(1e9), 0);
        assertEquals(3_000_000, c.tPs());
        assertEquals(1, c.windowFor(200_000_000_000L).initialCwndPackets(), 0);
    }

    @Test
    void badValuesNameTheirField() {
        assertField("protocol.hpcc.eta", Hpcc.newBuilder().setEta(1.5));
        assertField("protocol.hpcc.eta", Hpcc.newBuilder().setEta(0));
        assertField("protocol.hpcc.w_ai_bytes", Hpcc.newBuilder().setWAiBytes(-1));
        assertField("protocol.hpcc.expected_flows", Hpcc.newBuilder().setExpectedFlows(0));
        assertField("protocol.hpcc.base_rtt_us", Hpcc.newBuilder().setBaseRttUs(0));
        assertField("protocol.hpcc.max_stage", Hpcc.newBuilder().setMaxStage(-1));
        assertField("protocol.hpcc.window.min_cwnd_packets",
                Hpcc.newBuilder().setWindow(Window.newBuilder().setMinCwndPackets(0)));
    }

    private static void assertField(String field, Hpcc.Builder h) {
        ScenarioException e = assertThrows(ScenarioException.class, () -> HpccConfig.from(h.build(), 1_000_000));
        assertTrue(e.getMessage().startsWith(field), e.getMessage());
    }
}
