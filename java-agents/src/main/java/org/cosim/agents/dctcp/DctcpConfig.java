package org.cosim.agents.dctcp;

import org.cosim.agents.window.WindowConfig;
import org.cosim.proto.Dctcp;
import org.cosim.proto.Window;
import org.cosim.scenario.Defaults;
import org.cosim.scenario.ScenarioException;

/**
 * DCTCP's parameters with the defaults scenario.proto declares
 * (docs/scenario-reference.md, protocol.dctcp): g as SIGCOMM'10 §3.4 gives it,
 * the additive increase of TCP's congestion avoidance. The marking threshold K
 * is the switches' (topology.switches.ecn_threshold_bytes); the window settings
 * are the shared sender's ({@link WindowConfig}), so a DCTCP flow starts at one
 * BDP like Poseidon's and Swift's, except that the window's floor is TCP's loss
 * window (Dctcp.window's declared default) unless the scenario says otherwise.
 */
public record DctcpConfig(double g, double ai, WindowConfig window) {
    private static final String P = "protocol.dctcp.";

    public static DctcpConfig from(Dctcp d) {
        double g = Defaults.doubleOf(d, "g");
        double ai = Defaults.doubleOf(d, "ai");
        if (!(g > 0 && g <= 1)) {
            throw new ScenarioException(P + "g", g + " must be in (0, 1]");
        }
        if (!(ai > 0) || !Double.isFinite(ai)) {
            throw new ScenarioException(P + "ai", ai + " must be > 0 (packets per RTT)");
        }
        // Dctcp.window's declared default: TCP's loss window as the floor; Swift-like pacing of tiny windows is
        // not DCTCP.
        Window w = Defaults.messageOf(d, "window");
        return new DctcpConfig(g, ai, WindowConfig.from(w, P + "window"));
    }
}
