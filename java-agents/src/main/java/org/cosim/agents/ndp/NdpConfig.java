package org.cosim.agents.ndp;

import java.util.Arrays;
import org.cosim.proto.Ndp;
import org.cosim.scenario.ScenarioException;
import org.cosim.scenario.Units;

/**
 * NDP's parameters, resolved from the scenario with their defaults and checked.
 * The paper's: IW 30 packets (§6.2; Fig 20 uses 23), RTO "as low as 1ms" (§3.2.4),
 * pulls paced at one data packet's time at the receiver's rate (§3.2, Fig 12).
 * Ours where it is silent (DIGEST.md 2.D; docs/ndp.md):
 * a pull rides on an ACK/NACK only when the pacer is idle (2.D.1); after the last
 * packet, queued pulls are capped at the packets still missing (2.D.2); RTO =
 * max(1 ms, srtt + 4 rttvar) (2.D.5); htsim's bad-path thresholds (2.D.6); a
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
        int iw = n.hasInitialWindowPackets() ? n.getInitialWindowPackets() : 30;
        require(iw >= 1 && iw <= 100_000, "initial_window_packets", Integer.toUnsignedString(iw), "must be in 1..100000");
        double rtoUs = n.hasRtoMinUs() ? n.getRtoMinUs() : 1000;
        require(rtoUs > 0 && rtoUs <= 1e9, "rto_min_us", rtoUs, "must be in (0, 1e9]");
        int spacing = n.hasPullSpacingBytes() ? n.getPullSpacingBytes() : mtuBytes;
        require(spacing >= 1 && spacing <= (1 << 24), "pull_spacing_bytes", Integer.toUnsignedString(spacing),
                "must be in 1..16777216");
        int minSamples = n.hasPenaltyMinSamples() ? n.getPenaltyMinSamples() : 100;
        require(minSamples >= 1 && minSamples <= 1_000_000, "penalty_min_samples", Integer.toUnsignedString(minSamples),
                "must be in 1..1000000");
        double factor = n.hasPenaltyNackFactor() ? n.getPenaltyNackFactor() : 1.25;
        require(factor >= 1 && factor <= 1e6, "penalty_nack_factor", factor, "must be in [1, 1e6]");
        double minRatio = n.hasPenaltyMinNackRatio() ? n.getPenaltyMinNackRatio() : 0.3;
        require(minRatio >= 0 && minRatio <= 1e6, "penalty_min_nack_ratio", minRatio, "must be in [0, 1e6]");
        int minLosses = n.hasPenaltyMinLosses() ? n.getPenaltyMinLosses() : 3;
        require(minLosses >= 1 && minLosses <= 1_000_000, "penalty_min_losses", Integer.toUnsignedString(minLosses),
                "must be in 1..1000000");
        int passes = n.hasPenaltyPasses() ? n.getPenaltyPasses() : 16;
        require(passes >= 1 && passes <= 1_000_000, "penalty_passes", Integer.toUnsignedString(passes),
                "must be in 1..1000000");
        int bounce = n.hasBounceNackWeight() ? n.getBounceNackWeight() : 3;
        require(bounce >= 0 && bounce <= 1000, "bounce_nack_weight", Integer.toUnsignedString(bounce), "must be in 0..1000");
        int history = n.hasFeedbackHistory() ? n.getFeedbackHistory() : 16;
        require(history >= 1 && history <= 4096, "feedback_history", Integer.toUnsignedString(history),
                "must be in 1..4096");
        double share = n.hasBadPathAckShare() ? n.getBadPathAckShare() : 0.25;
        require(share > 0 && share <= 1, "bad_path_ack_share", share, "must be in (0, 1]");
        int[] prio = n.getPrioritizedFlowsList().stream().mapToInt(Integer::intValue).sorted().distinct().toArray();
        for (int i = 0; i < n.getPrioritizedFlowsCount(); i++) {
            require(n.getPrioritizedFlows(i) >= 0, "prioritized_flows[" + i + "]",
                    Integer.toUnsignedString(n.getPrioritizedFlows(i)), "is not a flow id");
        }
        return new NdpConfig(mtuBytes, iw, Units.usToPs(rtoUs), !n.hasRtoEstimate() || n.getRtoEstimate(), prio,
                !n.hasPullOnAck() || n.getPullOnAck(), spacing,
                !n.hasCapPullsAfterLast() || n.getCapPullsAfterLast(), !n.hasPathPenalty() || n.getPathPenalty(),
                minSamples, factor, minRatio, minLosses, passes, bounce, history, share,
                !n.hasStallPull() || n.getStallPull(), PullOrderConfig.from(n));
    }

    public boolean prioritized(int flow) {
        return Arrays.binarySearch(prioritizedFlows, flow) >= 0;
    }

    private static void require(boolean ok, String field, Object value, String rule) {
        ScenarioException.require(ok, P + field, value, rule);
    }
}
