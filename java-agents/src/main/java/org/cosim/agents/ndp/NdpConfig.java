package org.cosim.agents.ndp;

import java.util.Arrays;
import org.cosim.proto.Ndp;
import org.cosim.scenario.Defaults;
import org.cosim.scenario.ScenarioException;
import org.cosim.scenario.Units;

/**
 * NDP's parameters, resolved from the scenario with the defaults scenario.proto
 * declares (docs/scenario-reference.md, protocol.ndp) and checked. The paper's:
 * the initial window (§6.2; Fig 20 uses 23), the RTO floor ("as low as 1ms",
 * §3.2.4), pulls paced at one data packet's time at the receiver's rate (§3.2,
 * Fig 12). Ours where it is silent (docs/ndp.md, "Where the paper is silent"):
 * a pull rides on an ACK/NACK only when the pacer is idle; after the last
 * packet, queued pulls are capped at the packets still missing; RTO =
 * max(rto_min, srtt + 4 rttvar); htsim's bad-path thresholds; a
 * receiver-side stall pull after rto_min of silence (ours, see {@link NdpReceiver}).
 *
 * @param packetBytes           one packet's payload: the NIC MTU
 * @param pullSpacingBytes      pull pacing interval, in bytes at the receiver's line rate
 * @param prioritizedFlows      sorted flow ids whose pulls go strictly first
 * @param pullOrder             the receivers' pull order of the researcher's, or null: the paper's fair one
 */
public record NdpConfig(int packetBytes, int initialWindow, long rtoMinPs, boolean rtoEstimate,
                        int[] prioritizedFlows, boolean pullOnAck, int pullSpacingBytes, boolean capPullsAfterLast,
                        boolean pathPenalty, int penaltyMinSamples, double penaltyNackFactor,
                        double penaltyMinNackRatio, int penaltyMinLosses, int penaltyPasses, int bounceNackWeight,
                        int feedbackHistory, double badPathAckShare, boolean stallPull, PullOrderConfig pullOrder) {

    private static final String P = "protocol.ndp.";

    public static NdpConfig from(Ndp n, int mtuBytes) {
        if (mtuBytes <= 0) {
            throw new ScenarioException("protocol.ndp", "NDP cuts flows into MTU packets but the MTU is unknown "
                    + "(the fabric must send Hello.mtu_bytes)");
        }
        int iw = Defaults.intOf(n, "initial_window_packets");
        require(iw >= 1 && iw <= 100_000, "initial_window_packets", Integer.toUnsignedString(iw), "must be in 1..100000");
        double rtoUs = Defaults.doubleOf(n, "rto_min_us");
        require(rtoUs > 0 && rtoUs <= 1e9, "rto_min_us", rtoUs, "must be in (0, 1e9]");
        int spacing = n.hasPullSpacingBytes() ? n.getPullSpacingBytes() : mtuBytes;
        require(spacing >= 1 && spacing <= (1 << 24), "pull_spacing_bytes", Integer.toUnsignedString(spacing),
                "must be in 1..16777216");
        int minSamples = Defaults.intOf(n, "penalty_min_samples");
        require(minSamples >= 1 && minSamples <= 1_000_000, "penalty_min_samples", Integer.toUnsignedString(minSamples),
                "must be in 1..1000000");
        double factor = Defaults.doubleOf(n, "penalty_nack_factor");
        require(factor >= 1 && factor <= 1e6, "penalty_nack_factor", factor, "must be in [1, 1e6]");
        double minRatio = Defaults.doubleOf(n, "penalty_min_nack_ratio");
        require(minRatio >= 0 && minRatio <= 1e6, "penalty_min_nack_ratio", minRatio, "must be in [0, 1e6]");
        int minLosses = Defaults.intOf(n, "penalty_min_losses");
        require(minLosses >= 1 && minLosses <= 1_000_000, "penalty_min_losses", Integer.toUnsignedString(minLosses),
                "must be in 1..1000000");
        int passes = Defaults.intOf(n, "penalty_passes");
        require(passes >= 1 && passes <= 1_000_000, "penalty_passes", Integer.toUnsignedString(passes),
                "must be in 1..1000000");
        int bounce = Defaults.intOf(n, "bounce_nack_weight");
        require(bounce >= 0 && bounce <= 1000, "bounce_nack_weight", Integer.toUnsignedString(bounce), "must be in 0..1000");
        int history = Defaults.intOf(n, "feedback_history");
        require(history >= 1 && history <= 4096, "feedback_history", Integer.toUnsignedString(history),
                "must be in 1..4096");
        double share = Defaults.doubleOf(n, "bad_path_ack_share");
        require(share > 0 && share <= 1, "bad_path_ack_share", share, "must be in (0, 1]");
        int[] prio = n.getPrioritizedFlowsList().stream().mapToInt(Integer::intValue).sorted().distinct().toArray();
        for (int i = 0; i < n.getPrioritizedFlowsCount(); i++) {
            require(n.getPrioritizedFlows(i) >= 0, "prioritized_flows[" + i + "]",
                    Integer.toUnsignedString(n.getPrioritizedFlows(i)), "is not a flow id");
        }
        return new NdpConfig(mtuBytes, iw, Units.usToPs(rtoUs), Defaults.boolOf(n, "rto_estimate"), prio,
                Defaults.boolOf(n, "pull_on_ack"), spacing, Defaults.boolOf(n, "cap_pulls_after_last"),
                Defaults.boolOf(n, "path_penalty"), minSamples, factor, minRatio, minLosses, passes, bounce, history,
                share, Defaults.boolOf(n, "stall_pull"), PullOrderConfig.from(n));
    }

    public boolean prioritized(int flow) {
        return Arrays.binarySearch(prioritizedFlows, flow) >= 0;
    }

    private static void require(boolean ok, String field, Object value, String rule) {
        ScenarioException.require(ok, P + field, value, rule);
    }
}
