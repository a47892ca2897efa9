package org.cosim.agents.custom;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Map;
import org.cosim.agents.host.ProtocolCatalog;
import org.cosim.agents.window.AckSample;
import org.cosim.agents.window.CongestionWindow;
import org.cosim.agents.window.WindowConfig;
import org.cosim.agents.window.WindowLaw;
import org.cosim.proto.CustomWindowLaw;
import org.cosim.proto.Plb;
import org.cosim.proto.Protocol;
import org.cosim.proto.Window;
import org.cosim.scenario.ScenarioException;
import org.junit.jupiter.api.Test;

/**
 * Custom window laws: compiled from the scenario's source or found by class
 * name, built with their parameters, and every way of getting one wrong
 * reported against the field.
 */
class CustomWindowLawConfigTest {
    /** Adds params[step] packets per ACK; keeps its own ACK count per flow. */
    private static final String STEP_LAW = """
            package lab;
            import org.cosim.agents.custom.LawParameters;
            import org.cosim.agents.window.*;
            public class StepLaw implements WindowLaw {
                private final double step;
                private int acks;
                public StepLaw(LawParameters p) {
                    step = p.get("step", 1);
                    if (step <= 0) throw new IllegalArgumentException("step must be > 0, got " + step);
                }
                public double onAck(CongestionWindow w, AckSample a) { acks++; return w.cwnd() + step; }
                public double lossDecrease() { return 0.5; }
                public WindowLaw forNewFlow() { return new StepLaw(step); }
                private StepLaw(double step) { this.step = step; }
                public int acks() { return acks; }
            }
            """;

    private static CustomWindowLaw.Builder law(String source) {
        return CustomWindowLaw.newBuilder().setSource(source);
    }

    private static double afterOneAck(WindowLaw law, double cwnd) {
        WindowConfig cfg = WindowConfig.from(Window.getDefaultInstance(), "w");
        CongestionWindow w = new CongestionWindow(cfg, law, cwnd, 10_000_000L);
        return law.onAck(w, new AckSample().set(0, 10_000_000L, 1, 0, 0, 10_000_000L, 2));
    }

    @Test
    void aSourceLawCompilesAndReadsItsParameters() {
        CustomWindowLawConfig cfg = CustomWindowLawConfig.from(law(STEP_LAW).putParams("step", 2.5).build());
        assertEquals("lab.StepLaw", cfg.lawClass().getName());
        assertEquals(12.5, afterOneAck(cfg.newLaw(), 10), 1e-12);
        assertEquals(11.0, afterOneAck(CustomWindowLawConfig.from(law(STEP_LAW).build()).newLaw(), 10), 1e-12,
                "the law's own default");
        WindowLaw one = cfg.newLaw();
        assertNotSame(one, one.forNewFlow(), "the law decides whether flows share it");
    }

    @Test
    void theSameSourceIsCompiledOnce() {
        Class<?> a = CustomWindowLawConfig.from(law(STEP_LAW).build()).lawClass();
        Class<?> b = CustomWindowLawConfig.from(law(STEP_LAW).putParams("step", 3).build()).lawClass();
        assertEquals(a, b, "every host's agent gets the class compiled for the first");
    }

    @Test
    void compileErrorsNameTheSourceAndLine() {
        ScenarioException e = assertThrows(ScenarioException.class, () -> CustomWindowLawConfig.from(
                law("package lab;\npublic class Bad implements org.cosim.agents.window.WindowLaw {\n"
                        + "  int x = ;\n}\n").build()));
        assertEquals("protocol.custom_window_law.source", e.field());
        assertTrue(e.getMessage().contains("does not compile") && e.getMessage().contains("line 3"), e.getMessage());
    }

    @Test
    void theLawClassMustBeFoundAndConstructible() {
        String noLaw = "package lab; public class Helper { }";
        ScenarioException none = assertThrows(ScenarioException.class,
                () -> CustomWindowLawConfig.from(law(noLaw).build()));
        assertTrue(none.getMessage().contains("no top-level class implements"), none.getMessage());

        String two = STEP_LAW.replace("public class StepLaw", "class Other extends StepLaw {"
                + " public Other(LawParameters p) { super(p); } }\npublic class StepLaw");
        ScenarioException both = assertThrows(ScenarioException.class, () -> CustomWindowLawConfig.from(law(two).build()));
        assertTrue(both.getMessage().contains("class_name"), both.getMessage());
        assertEquals("lab.Other", CustomWindowLawConfig.from(law(two).setClassName("lab.Other").build()).lawClass()
                .getName());
        ScenarioException missing = assertThrows(ScenarioException.class,
                () -> CustomWindowLawConfig.from(law(two).setClassName("lab.Nope").build()));
        assertEquals("protocol.custom_window_law.class_name", missing.field());

        String noCtor = STEP_LAW.replace("public StepLaw(LawParameters p)", "public StepLaw(Object p)")
                .replace("p.get(\"step\", 1)", "1");
        ScenarioException ctor = assertThrows(ScenarioException.class, () -> CustomWindowLawConfig.from(law(noCtor).build()));
        assertTrue(ctor.getMessage().contains("a constructor taking (org.cosim.agents.custom.LawParameters)"),
                ctor.getMessage());
    }

    @Test
    void parametersTheLawDoesNotReadOrRefusesAreReported() {
        ScenarioException typo = assertThrows(ScenarioException.class,
                () -> CustomWindowLawConfig.from(law(STEP_LAW).putParams("stpe", 2).build()));
        assertEquals("protocol.custom_window_law.params[stpe]", typo.field());
        assertTrue(typo.getMessage().contains("it reads [step]"), typo.getMessage());

        ScenarioException refused = assertThrows(ScenarioException.class,
                () -> CustomWindowLawConfig.from(law(STEP_LAW).putParams("step", -1).build()));
        assertEquals("protocol.custom_window_law.params", refused.field());
        assertTrue(refused.getMessage().contains("step must be > 0, got -1.0"), refused.getMessage());
    }

    @Test
    void plbNeedsTheLawsCongestionSignal() {
        Window plb = Window.newBuilder().setPlb(Plb.getDefaultInstance()).build();
        ScenarioException e = assertThrows(ScenarioException.class,
                () -> CustomWindowLawConfig.from(law(STEP_LAW).setWindow(plb).build()));
        assertEquals("protocol.custom_window_law.window.plb", e.field());
        String signalled = STEP_LAW.replace("public int acks()", "public boolean congested(CongestionWindow w, "
                + "AckSample a) { return a.rttPs() > 2 * a.baseRttPs(); }\n    public int acks()");
        assertTrue(CustomWindowLawConfig.from(law(signalled).setWindow(plb).build()).window().plb() != null);
    }

    /** A law already on the class path, named without a source. */
    public static final class HalvingLaw implements WindowLaw {
        public HalvingLaw(LawParameters p) { }

        @Override
        public double onAck(CongestionWindow w, AckSample a) {
            return w.cwnd() / 2;
        }

        @Override
        public double lossDecrease() {
            return 0.5;
        }
    }

    @Test
    void aClassOnTheClassPathIsFoundByName() {
        CustomWindowLawConfig cfg = CustomWindowLawConfig.from(CustomWindowLaw.newBuilder()
                .setClassName(HalvingLaw.class.getName()).build());
        assertEquals(5.0, afterOneAck(cfg.newLaw(), 10), 1e-12);
        ScenarioException absent = assertThrows(ScenarioException.class, () -> CustomWindowLawConfig.from(
                CustomWindowLaw.newBuilder().setClassName("org.example.Absent").build()));
        assertTrue(absent.getMessage().contains("not on cosim's class path"), absent.getMessage());
        ScenarioException notALaw = assertThrows(ScenarioException.class, () -> CustomWindowLawConfig.from(
                CustomWindowLaw.newBuilder().setClassName(String.class.getName()).build()));
        assertTrue(notALaw.getMessage().contains("is not a concrete class implementing"), notALaw.getMessage());
        ScenarioException nothing = assertThrows(ScenarioException.class,
                () -> CustomWindowLawConfig.from(CustomWindowLaw.getDefaultInstance()));
        assertTrue(nothing.getMessage().contains("give source_file, source or class_name"), nothing.getMessage());
    }

    @Test
    void theCatalogRunsAndChecksCustomLaws() {
        Protocol p = Protocol.newBuilder().setCustomWindowLaw(law(STEP_LAW).putParams("stpe", 1)).build();
        assertEquals("custom_window_law", ProtocolCatalog.nameOf(p));
        assertTrue(ProtocolCatalog.closesFlows(p), "the window sender closes flows at their stop time");
        ScenarioException e = assertThrows(ScenarioException.class, () -> ProtocolCatalog.validate(p, 1));
        assertEquals("protocol.custom_window_law.params[stpe]", e.field());
    }

    @Test
    void lawParametersRecordWhatIsRead() {
        LawParameters p = new LawParameters(Map.of("a", 1.0, "b", 2.0));
        assertEquals(1.0, p.get("a", 9));
        assertEquals(9.0, p.get("c", 9));
        assertTrue(p.has("b"));
        assertEquals(2.0, p.require("b"));
        assertTrue(p.unread().isEmpty());
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> p.require("d"));
        assertTrue(e.getMessage().contains("params[d]"), e.getMessage());
    }
}
