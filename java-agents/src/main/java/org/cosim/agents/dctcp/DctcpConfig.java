package org.cosim.agents.dctcp;

import org.cosim.agents.window.WindowConfig;
import org.cosim.proto.Dctcp;
import org.cosim.proto.Window;
import org.cosim.scenario.ScenarioException;

/**
 * DCTCP's parameters with their defaults: g = 1/16 (SIGCOMM'10 §3.4), an
 * additive increase of one packet per RTT (TCP's congestion avoidance). The
 * marking threshold K is the switches' (topology.switches.ecn_threshold_bytes);
 * the window settings are the shared sender's ({@link WindowConfig}), so a
 * DCTCP flow starts at one BDP like Poseidon's and Swift's, except that the
 * window never goes below one packet (TCP's loss window) unless the scenario
 * says otherwise.
 */
public record DctcpConfig(double g, double ai, WindowConfig window) {
    private static final String P = "protocol.dctcp.";

    public static DctcpConfig from(Dctcp d) {
        double g = d.hasG() ? d.getG() : 1.0 / 16;
        double ai = d.hasAi() ? d.getAi() : 1;
        if (!(g > 0 && g <= 1)) {
            throw new ScenarioException(P + "g", g + " must be in (0, 1]");
        }
        if (!(ai > 0) || !Double.isFinite(ai)) {
            throw new ScenarioException(P + "ai", ai + " must be > 0 (packets per RTT)");
        }
        // TCP's window never goes below one packet (loss window); Swift-like pacing of tiny windows is not DCTCP.
        Window w = d.getWindow().hasMinCwndPackets() ? d.getWindow()
                : d.getWindow().toBuilder().setMinCwndPackets(1).build();
        return new DctcpConfig(g, ai, WindowConfig.from(w, P + "window"));
    }
}
