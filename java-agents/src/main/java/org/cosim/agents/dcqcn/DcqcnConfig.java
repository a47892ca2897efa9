package org.cosim.agents.dcqcn;

import org.cosim.proto.Dcqcn;
import org.cosim.scenario.Defaults;
import org.cosim.scenario.ScenarioException;
import org.cosim.scenario.Units;

/**
 * DCQCN's parameters, resolved from the scenario with the defaults scenario.proto
 * declares (docs/scenario-reference.md, protocol.dcqcn). From the paper
 * (SIGCOMM'15 §3-5) and its NIC's published defaults: g, the rate increase timer,
 * the byte counter, F, R_AI, the alpha period, the CNP interval, and flows
 * starting at line rate ({@code initialRateBps} 0 stands for the NIC's line rate,
 * which the config does not know). Ours: R_HAI (the paper's value is not in our
 * papers folder), the rate floor, alpha's start (the most cautious, as Linux's
 * DCTCP), TIMELY's segment size, and the cap on outstanding segments (DCQCN has
 * no window: the cap only bounds per-flow state, and covers a 100 Gb/s x 80 us
 * BDP of 16 KB segments).
 * The byte counter counts acknowledged bytes (the sender sees completions, not
 * the NIC's transmit counter): it lags the NIC's count by one RTT.
 */
public record DcqcnConfig(double g, long rateIncreaseTimerPs, long byteCounterBytes, int fastRecoveryStages,
                          double aiBps, double haiBps, long alphaUpdatePs, long cnpIntervalPs,
                          double initialRateBps, double minRateBps, double initialAlpha, int segmentBytes,
                          int maxOutstandingSegments) {

    private static final String P = "protocol.dcqcn.";

    public static DcqcnConfig from(Dcqcn d) {
        double g = Defaults.doubleOf(d, "g");
        double timerUs = Defaults.doubleOf(d, "rate_increase_timer_us");
        long byteCounter = Defaults.longOf(d, "byte_counter_bytes");
        int stages = Defaults.intOf(d, "fast_recovery_stages");
        double ai = Defaults.doubleOf(d, "ai_mbps");
        double hai = Defaults.doubleOf(d, "hai_mbps");
        double alphaUs = Defaults.doubleOf(d, "alpha_update_us");
        double cnpUs = Defaults.doubleOf(d, "cnp_interval_us");
        double initialGbps = d.hasInitialRateGbps() ? d.getInitialRateGbps() : 0;
        double minRate = Defaults.doubleOf(d, "min_rate_mbps");
        double initialAlpha = Defaults.doubleOf(d, "initial_alpha");
        int seg = Defaults.intOf(d, "segment_bytes");
        int outstanding = Defaults.intOf(d, "max_outstanding_segments");

        require(g > 0 && g <= 1, "g", g, "must be in (0, 1]");
        require(timerUs > 0 && Double.isFinite(timerUs) && Units.usToPs(timerUs) > 0, "rate_increase_timer_us",
                timerUs, "must be > 0");
        require(byteCounter > 0 && byteCounter <= Long.MAX_VALUE / 2, "byte_counter_bytes",
                Long.toUnsignedString(byteCounter), "must be >= 1");
        require(stages >= 1, "fast_recovery_stages", Integer.toUnsignedString(stages), "must be >= 1");
        require(Units.isRateMbps(ai), "ai_mbps", ai, "must be at least 1 b/s (1e-6 Mb/s)");
        require(Units.isRateMbps(hai), "hai_mbps", hai, "must be at least 1 b/s (1e-6 Mb/s)");
        require(alphaUs > 0 && Double.isFinite(alphaUs) && Units.usToPs(alphaUs) > 0, "alpha_update_us", alphaUs,
                "must be > 0");
        require(cnpUs >= 0 && Double.isFinite(cnpUs), "cnp_interval_us", cnpUs,
                "must be >= 0 (0: every marked ACK is a CNP)");
        require(!d.hasInitialRateGbps() || Units.isRateGbps(initialGbps), "initial_rate_gbps",
                initialGbps, "must be at least 1 b/s (leave it out to start at line rate)");
        require(Units.isRateMbps(minRate), "min_rate_mbps", minRate, "must be at least 1 b/s (1e-6 Mb/s)");
        if (d.hasInitialRateGbps() && Units.gbpsToBps(initialGbps) < Units.mbpsToBps(minRate)) {
            throw new ScenarioException(P + "initial_rate_gbps", "the initial rate (" + initialGbps
                    + " Gb/s) is below min_rate_mbps (" + minRate + " Mb/s)");
        }
        require(initialAlpha >= 0 && initialAlpha <= 1, "initial_alpha", initialAlpha, "must be in [0, 1]");
        require(seg > 0 && seg <= (1 << 20), "segment_bytes", Integer.toUnsignedString(seg), "must be in 1..1048576");
        require(outstanding >= 1, "max_outstanding_segments", Integer.toUnsignedString(outstanding), "must be >= 1");

        return new DcqcnConfig(g, Units.usToPs(timerUs), byteCounter, stages, Units.mbpsToBps(ai),
                Units.mbpsToBps(hai), Units.usToPs(alphaUs), Units.usToPs(cnpUs), Units.gbpsToBps(initialGbps),
                Units.mbpsToBps(minRate), initialAlpha, seg, outstanding);
    }

    /** The rate a new flow starts at on a NIC of {@code lineRateBps}. */
    public double startRateBps(double lineRateBps) {
        return initialRateBps > 0 ? Math.min(initialRateBps, lineRateBps) : lineRateBps;
    }

    private static void require(boolean ok, String field, Object value, String rule) {
        ScenarioException.require(ok, P + field, value, rule);
    }
}
