package org.cosim.agents.swift;

import org.cosim.agents.window.WindowConfig;
import org.cosim.proto.Swift;
import org.cosim.scenario.Defaults;
import org.cosim.scenario.ScenarioException;

/**
 * Swift's parameters, resolved from the scenario with the defaults scenario.proto
 * declares (docs/scenario-reference.md, protocol.swift): the Poseidon paper's
 * settings (§5) for the base target, the flow scaling's range and the per-hop
 * target; the Swift paper's (SIGCOMM'20) for the rest (ai, beta, max_mdf and the
 * window range of flow scaling). The window settings are shared with Poseidon
 * ({@link WindowConfig}).
 */
public record SwiftConfig(double baseTargetUs, double perHopUs, double fsRangeUs, double fsMinCwnd,
                          double fsMaxCwnd, double ai, double beta, double maxMdf, WindowConfig window) {
    private static final String P = "protocol.swift.";

    public static SwiftConfig from(Swift s) {
        double base = Defaults.doubleOf(s, "base_target_us");
        double perHop = Defaults.doubleOf(s, "per_hop_us");
        double fsRange = Defaults.doubleOf(s, "fs_range_us");
        double fsMin = Defaults.doubleOf(s, "fs_min_cwnd");
        double fsMax = Defaults.doubleOf(s, "fs_max_cwnd");
        double ai = Defaults.doubleOf(s, "ai");
        double beta = Defaults.doubleOf(s, "beta");
        double maxMdf = Defaults.doubleOf(s, "max_mdf");

        require(base > 0 && Double.isFinite(base), "base_target_us", base, "must be > 0");
        require(perHop >= 0 && Double.isFinite(perHop), "per_hop_us", perHop, "must be >= 0");
        require(fsRange >= 0 && Double.isFinite(fsRange), "fs_range_us", fsRange, "must be >= 0");
        require(fsMin > 0 && Double.isFinite(fsMin), "fs_min_cwnd", fsMin, "must be > 0");
        if (!(fsMax > fsMin) || !Double.isFinite(fsMax)) {
            throw new ScenarioException(P + "fs_max_cwnd", fsMax + " must be finite and above fs_min_cwnd ("
                    + fsMin + ")");
        }
        require(ai > 0 && Double.isFinite(ai), "ai", ai, "must be > 0 (packets per RTT)");
        require(beta > 0 && beta <= 1, "beta", beta, "must be in (0, 1]");
        require(maxMdf > 0 && maxMdf < 1, "max_mdf", maxMdf, "must be in (0, 1)");
        WindowConfig w = WindowConfig.from(s.getWindow(), P + "window");
        return new SwiftConfig(base, perHop, fsRange, fsMin, fsMax, ai, beta, maxMdf, w);
    }

    public SwiftTarget target() {
        return new SwiftTarget(baseTargetUs, perHopUs, fsRangeUs, fsMinCwnd, fsMaxCwnd);
    }

    private static void require(boolean ok, String field, double value, String rule) {
        ScenarioException.require(ok, P + field, value, rule);
    }
}
