package org.cosim.agents.fast;

import static org.cosim.scenario.ScenarioException.require;

import org.cosim.proto.Fast;
import org.cosim.scenario.Defaults;
import org.cosim.scenario.Units;

/**
 * FAST*'s parameters, resolved from the scenario with the defaults scenario.proto
 * declares (docs/scenario-reference.md, protocol.fast). TIMELY's paper gives
 * alpha as a rate (10, 50, 100 Mb/s) and nothing else; gamma's default is FAST's
 * (ToN 2006); the segment size, rate floor and outstanding-segment cap are
 * TIMELY's, since FAST* runs in TIMELY's sender.
 */
public record FastConfig(double alphaBps, double gamma, int segmentBytes, double minRateBps,
                         int maxOutstandingSegments) {
    private static final String P = "protocol.fast.";

    public static FastConfig from(Fast f) {
        double alpha = Defaults.doubleOf(f, "alpha_mbps");
        double gamma = Defaults.doubleOf(f, "gamma");
        int seg = Defaults.intOf(f, "segment_bytes");
        double minRate = Defaults.doubleOf(f, "min_rate_mbps");
        int outstanding = Defaults.intOf(f, "max_outstanding_segments");

        require(Units.isRateMbps(alpha), P + "alpha_mbps", alpha, "must be at least 1 b/s (1e-6 Mb/s)");
        require(gamma > 0 && gamma <= 1, P + "gamma", gamma, "must be in (0, 1]");
        require(seg > 0 && seg <= (1 << 20), P + "segment_bytes", seg, "must be in 1..1048576");
        require(Units.isRateMbps(minRate), P + "min_rate_mbps", minRate, "must be at least 1 b/s (1e-6 Mb/s)");
        require(outstanding >= 1, P + "max_outstanding_segments", outstanding, "must be >= 1");
        return new FastConfig(Units.mbpsToBps(alpha), gamma, seg, Units.mbpsToBps(minRate), outstanding);
    }
}
