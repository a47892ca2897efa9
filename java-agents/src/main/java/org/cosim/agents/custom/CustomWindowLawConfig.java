package org.cosim.agents.custom;

import java.util.List;
import java.util.Map;
import org.cosim.agents.window.AckSample;
import org.cosim.agents.window.CongestionWindow;
import org.cosim.agents.window.WindowConfig;
import org.cosim.agents.window.WindowLaw;
import org.cosim.proto.CustomWindowLaw;
import org.cosim.scenario.ScenarioException;

/**
 * A custom window law as the scenario names it (protocol.custom_window_law): the
 * law's class ({@link LawClass}: a {@link WindowLaw} with a constructor taking
 * {@link LawParameters}), its parameters, and the shared window settings. Reading
 * it builds one law, so that a missing constructor, a parameter the law refuses
 * or does not read, and PLB without a congestion signal are reported before the
 * run starts, naming the field.
 */
public record CustomWindowLawConfig(LawClass law, Map<String, Double> params, WindowConfig window) {
    private static final String P = "protocol.custom_window_law.";

    public static CustomWindowLawConfig from(CustomWindowLaw c) {
        if (c.getCodeCase() == CustomWindowLaw.CodeCase.SOURCE_FILE) {
            throw new ScenarioException(P + "source_file", "'" + c.getSourceFile()
                    + "' was not read: scenarios read through ScenarioFiles have it replaced by its text");
        }
        LawClass law = LawClass.of(P, c.getCodeCase() == CustomWindowLaw.CodeCase.SOURCE ? c.getSource() : null,
                c.getClassName(), WindowLaw.class);
        CustomWindowLawConfig cfg = new CustomWindowLawConfig(law, Map.copyOf(c.getParamsMap()),
                WindowConfig.from(c.getWindow(), P + "window"));
        law.checkSignalNames(cfg.newLaw().signalNames(), List.of("cwnd_packets", "rtt_us"));
        if (cfg.window.plb() != null && !overridesCongested(law.type())) {
            throw new ScenarioException(P + "window.plb", law.type().getName() + " has no congestion signal for "
                    + "PLB: override WindowLaw.congested, or leave PLB off");
        }
        return cfg;
    }

    public Class<?> lawClass() {
        return law.type();
    }

    /** A law for one host's agent, built from the parameters; every parameter must be read. */
    public WindowLaw newLaw() {
        return (WindowLaw) law.construct(params);
    }

    private static boolean overridesCongested(Class<?> cls) {
        try {
            return cls.getMethod("congested", CongestionWindow.class, AckSample.class).getDeclaringClass()
                    != WindowLaw.class;
        } catch (NoSuchMethodException e) {
            return false;
        }
    }
}
