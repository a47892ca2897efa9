package org.cosim.agents.custom;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.cosim.agents.host.ProtocolCatalog;
import org.cosim.agents.sender.RateControl;
import org.cosim.proto.CustomRateLaw;
import org.cosim.proto.Protocol;
import org.cosim.scenario.ScenarioException;
import org.junit.jupiter.api.Test;

/** Custom rate laws: built per flow from the flow's facts and the parameters; mistakes named. */
class CustomRateLawConfigTest {
    /** Starts at line rate / (N + 1) like TIMELY, halves on an RTT above params[target_us]. */
    private static final String HALVING = """
            import org.cosim.agents.custom.*;
            import org.cosim.agents.sender.RateControl;
            class Halving implements RateControl {
                private final double target;
                private double rate;
                Halving(LawParameters p, RateFlow f) {
                    target = p.get("target_us", 10) * 1e6;
                    rate = f.nicRateBps() / (f.activeFlowsAtSender() + 1);
                }
                public double rateBps() { return rate; }
                public void onRttSample(long rtt) { if (rtt > target) rate /= 2; }
            }
            """;

    private static CustomRateLaw.Builder law(String source) {
        return CustomRateLaw.newBuilder().setSource(source);
    }

    @Test
    void eachFlowGetsItsOwnLawFromItsFacts() {
        CustomRateLawConfig cfg = CustomRateLawConfig.from(law(HALVING).putParams("target_us", 20).build());
        assertEquals(16384, cfg.segmentBytes());
        assertEquals(4, cfg.maxOutstandingSegments());
        RateControl first = cfg.newFlow(new RateFlow(10e9, 0, 20_000_000L));
        RateControl third = cfg.newFlow(new RateFlow(10e9, 2, 20_000_000L));
        assertEquals(10e9, first.rateBps());
        assertEquals(10e9 / 3, third.rateBps(), 1e-6);
        first.onRttSample(19_000_000L);
        assertEquals(10e9, first.rateBps(), "below the 20 us target");
        first.onRttSample(21_000_000L);
        assertEquals(5e9, first.rateBps(), "above it");
        assertEquals(10e9 / 3, third.rateBps(), 1e-6, "flows do not share a law");
    }

    @Test
    void mistakesAreNamed() {
        String window = "import org.cosim.agents.custom.LawParameters; import org.cosim.agents.window.*; "
                + "class W implements WindowLaw { W(LawParameters p) { } "
                + "public double onAck(CongestionWindow w, AckSample a) { return 1; } "
                + "public double lossDecrease() { return 0.5; } }";
        ScenarioException kind = assertThrows(ScenarioException.class, () -> CustomRateLawConfig.from(
                law(window).build()));
        assertEquals("protocol.custom_rate_law.source", kind.field());
        assertTrue(kind.getMessage().contains("no top-level class implements org.cosim.agents.sender.RateControl"),
                kind.getMessage());
        String noFlow = HALVING.replace("Halving(LawParameters p, RateFlow f) {", "Halving(LawParameters p) {")
                .replace("f.nicRateBps() / (f.activeFlowsAtSender() + 1)", "1e9");
        ScenarioException ctor = assertThrows(ScenarioException.class, () -> CustomRateLawConfig.from(
                law(noFlow).build()));
        assertTrue(ctor.getMessage().contains("needs a constructor taking (org.cosim.agents.custom.LawParameters, "
                + "org.cosim.agents.custom.RateFlow)"), ctor.getMessage());
        ScenarioException typo = assertThrows(ScenarioException.class, () -> CustomRateLawConfig.from(
                law(HALVING).putParams("target", 5).build()));
        assertEquals("protocol.custom_rate_law.params[target]", typo.field());
        ScenarioException seg = assertThrows(ScenarioException.class, () -> CustomRateLawConfig.from(
                law(HALVING).setSegmentBytes(0).build()));
        assertEquals("protocol.custom_rate_law.segment_bytes", seg.field());
        ScenarioException broken = assertThrows(ScenarioException.class, () -> CustomRateLawConfig.from(
                law(HALVING.replace("rate /= 2;", "rate /= 2")).build()));
        assertEquals("protocol.custom_rate_law.source", broken.field());
        assertTrue(broken.getMessage().contains("does not compile: line 11"), broken.getMessage());
    }

    @Test
    void theCatalogRunsIt() {
        Protocol p = Protocol.newBuilder().setCustomRateLaw(law(HALVING)).build();
        assertEquals("custom_rate_law", ProtocolCatalog.nameOf(p));
        assertTrue(ProtocolCatalog.closesFlows(p), "the segment sender closes flows at their stop time");
        ProtocolCatalog.validate(p, 1);
    }

    /** A law's own signals become agent_state.csv columns after rate_gbps; names that cannot be columns are refused. */
    @Test
    void signalNamesAreCheckedColumnNames() {
        String signals = HALVING.replace("public double rateBps() { return rate; }",
                "public double rateBps() { return rate; }\n"
                        + "    public java.util.List<String> signalNames() { return java.util.List.of(NAMES); }\n"
                        + "    public double signal(int i) { return target / 1e6; }");
        CustomRateLawConfig cfg = CustomRateLawConfig.from(law(signals.replace("NAMES", "\"target_us\""))
                .putParams("target_us", 20).build());
        assertEquals(java.util.List.of("target_us"), cfg.signalNames());
        assertEquals(20.0, cfg.newFlow(new RateFlow(10e9, 0, 20_000_000L)).signal(0));
        assertEquals(java.util.List.of(), CustomRateLawConfig.from(law(HALVING).build()).signalNames());
        for (String[] bad : new String[][] {
                {"\"target us\"", "'target us' is not a column name"},
                {"\"\"", "'' is not a column name"},
                {"\"a,b\"", "'a,b' is not a column name"},
                {"\"x\", \"x\"", "'x' is already a column"},
                {"\"rate_gbps\"", "'rate_gbps' is already a column (rate_gbps)"}}) {
            ScenarioException e = assertThrows(ScenarioException.class, () -> CustomRateLawConfig.from(
                    law(signals.replace("NAMES", bad[0])).build()), bad[0]);
            assertEquals("protocol.custom_rate_law.class_name", e.field());
            assertTrue(e.getMessage().contains(bad[1]), e.getMessage());
        }
    }
}
