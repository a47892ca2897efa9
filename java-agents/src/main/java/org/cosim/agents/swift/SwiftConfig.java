package org.cosim.agents.swift;

import org.cosim.agents.window.WindowConfig;
import org.cosim.proto.Swift;
import org.cosim.scenario.ScenarioException;

/**
 * Swift's parameters, resolved from the scenario with their defaults. The
 * Poseidon paper's settings (§5): base target 25 us, flow scaling up to 100 us,
 * 1 us per hop. The Swift paper's (SIGCOMM'20) for the rest: ai = 1 packet per
 * RTT, beta = 0.8, max_mdf = 0.5, flow scaling between 0.1 and 100 packets. The
 * window settings are shared with Poseidon ({@link WindowConfig}).
 */
public record SwiftConfig(double baseTargetUs, double perHopUs, double fsRangeUs, double fsMinCwnd,
                          double fsMaxCwnd, double ai, double beta, double maxMdf, WindowConfig window) {
    private static final String P = "protocol.swift.";

    public static SwiftConfig from(Swift s) {
        double base = s.hasBaseTargetUs() ? s.getBaseTargetUs() : 25;
        double perHop = s.hasPerHopUs() ? s.getPerHopUs() : 1;
        double fsRange = s.hasFsRangeUs() ? s.getFsRangeUs() : 100;
        double fsMin = s.hasFsMinCwnd() ? s.getFsMinCwnd() : 0.1;
        double fsMax = s.hasFsMaxCwnd() ? s.getFsMaxCwnd() : 100;
        double ai = s.hasAi() ? s.getAi() : 1;
        double beta = s.hasBeta() ? s.getBeta() : 0.8;
        double maxMdf = s.hasMaxMdf() ? s.getMaxMdf() : 0.5;

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
