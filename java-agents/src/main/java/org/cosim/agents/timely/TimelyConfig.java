package org.cosim.agents.timely;

import org.cosim.proto.Timely;
import org.cosim.scenario.Defaults;
import org.cosim.scenario.ScenarioException;
import org.cosim.scenario.Units;

/**
 * TIMELY's parameters, resolved from the scenario with the defaults scenario.proto
 * declares (values: docs/scenario-reference.md, protocol.timely). The paper's
 * (SIGCOMM'15 §6): the segment size, delta, beta, T_low, T_high and HAI's
 * threshold and N. Our choices where the paper is silent (docs/timely.md, "Where the paper is silent"): minRTT
 * = the network's unloaded propagation RTT; a rate floor; a floor on each
 * multiplicative factor; a cap on the segments outstanding per flow; alpha. No NIC
 * pacing unless nic_pacing_mbps (Fig 16) is given (nicPacingBps 0: off).
 * Updates are scaled when a flow's samples come closer than minRTT (the
 * paper's "Rate update frequency"; scale_updates).
 *
 * <p>alpha (the EWMA weight of RTT differences) is not in the paper. With 16 KB
 * segments, four flows per NIC and NIC queueing inside the RTT (as the paper
 * wants), successive RTT samples of a flow differ by tens of microseconds of
 * noise; a weight near 1 (0.875, the ns-3 HPCC code base's value) turns that noise
 * into rate cuts and leaves the 20 Gb/s incast at 15.5 Gb/s. Measured on
 * scenarios/timely-incast.textproto (docs/timely.md):
 * 0.05 -> 19.9 Gb/s, 51 us mean RTT; 0.1 -> 19.5 Gb/s, 42 us; 0.2 -> 17.4 Gb/s,
 * 34 us; 0.875 -> 15.5 Gb/s, 29 us. 0.1 reproduces Table 1 best.
 */
public record TimelyConfig(int segmentBytes, double deltaBps, double beta, double alpha,
                           long tLowPs, long tHighPs, long minRttPs, boolean hai, int haiThreshold,
                           int haiMultiplier, double minRateBps, double minDecreaseFactor,
                           int maxOutstandingSegments, double nicPacingBps, boolean scaleUpdates) {

    private static final String P = "protocol.timely.";

    public static TimelyConfig from(Timely t, long baseRttPs) {
        int seg = Defaults.intOf(t, "segment_bytes");
        double delta = Defaults.doubleOf(t, "delta_mbps");
        double beta = Defaults.doubleOf(t, "beta");
        double alpha = Defaults.doubleOf(t, "alpha");
        double tLow = Defaults.doubleOf(t, "t_low_us");
        double tHigh = Defaults.doubleOf(t, "t_high_us");
        long minRtt = t.hasMinRttUs() ? Units.usToPs(t.getMinRttUs()) : baseRttPs;
        int haiThreshold = Defaults.intOf(t, "hai_threshold");
        int haiMultiplier = Defaults.intOf(t, "hai_multiplier");
        double minRate = Defaults.doubleOf(t, "min_rate_mbps");
        double minFactor = Defaults.doubleOf(t, "min_decrease_factor");
        int outstanding = Defaults.intOf(t, "max_outstanding_segments");
        double nicPacing = t.hasNicPacingMbps() ? t.getNicPacingMbps() : 0;

        require(seg > 0 && seg <= (1 << 20), "segment_bytes", Integer.toUnsignedString(seg), "must be in 1..1048576");
        require(Units.isRateMbps(delta), "delta_mbps", delta, "must be at least 1 b/s (1e-6 Mb/s)");
        require(beta > 0 && beta <= 1, "beta", beta, "must be in (0, 1]");
        require(alpha > 0 && alpha <= 1, "alpha", alpha, "must be in (0, 1]");
        require(tLow >= 0, "t_low_us", tLow, "must be >= 0");
        require(tHigh > 0, "t_high_us", tHigh, "must be > 0");
        if (tLow > tHigh) {
            throw new ScenarioException(P + "t_low_us", "T_low (" + tLow + " us) is above T_high ("
                    + tHigh + " us)");
        }
        require(minRtt > 0, "min_rtt_us", Units.psToUs(minRtt), t.hasMinRttUs() ? "must be > 0"
                : "the default, the topology's propagation RTT, is 0 here (zero link delays): set min_rtt_us");
        require(haiThreshold >= 1, "hai_threshold", haiThreshold, "must be >= 1");
        require(haiMultiplier >= 1, "hai_multiplier", haiMultiplier, "must be >= 1");
        require(Units.isRateMbps(minRate), "min_rate_mbps", minRate, "must be at least 1 b/s (1e-6 Mb/s)");
        require(minFactor > 0 && minFactor < 1, "min_decrease_factor", minFactor, "must be in (0, 1)");
        require(outstanding >= 1 && outstanding <= 1 << 20, "max_outstanding_segments", Integer.toUnsignedString(outstanding),
                "must be in 1..1048576");
        // nicPacingBps 0 means no pacing, so a positive rate that rounds to 0 b/s would silently turn it off
        require(!t.hasNicPacingMbps() || Units.isRateMbps(nicPacing),
                "nic_pacing_mbps", nicPacing, "must be at least 1 b/s (1e-6 Mb/s; leave it out for no NIC pacing)");

        return new TimelyConfig(seg, Units.mbpsToBps(delta), beta, alpha, Units.usToPs(tLow),
                Units.usToPs(tHigh), minRtt, Defaults.boolOf(t, "hai"), haiThreshold, haiMultiplier,
                Units.mbpsToBps(minRate), minFactor, outstanding, Units.mbpsToBps(nicPacing),
                Defaults.boolOf(t, "scale_updates"));
    }

    private static void require(boolean ok, String field, Object value, String rule) {
        ScenarioException.require(ok, P + field, value, rule);
    }
}
