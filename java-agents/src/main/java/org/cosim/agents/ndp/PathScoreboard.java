package org.cosim.agents.ndp;

/**
 * A sender's per-path scoreboard for one flow (SIGCOMM'17 §3.2.3): ACKs, NACKs and
 * losses per path, and the outcome of the most recent feedback. The paper leaves
 * the outlier rule open; we use the public htsim code's criteria (docs/ndp.md, "Where the paper is silent"):
 *
 * <ul>
 * <li>A return-to-sender counts as {@code bounce_nack_weight} (3) NACKs.
 * <li>A path's counts are halved when its ACKs + NACKs reach twice
 *     {@code penalty_min_samples}, so they describe its recent ~100-200 packets.
 * <li>Path p is <i>bad</i> when ACKs+NACKs >= penalty_min_samples (100), its NACK
 *     ratio (NACKs/ACKs) exceeds penalty_nack_factor (1.25) times the flow's mean
 *     ratio (all NACKs / all ACKs) and exceeds penalty_min_nack_ratio (0.3); or when
 *     its losses are >= penalty_min_losses (3) and more than twice the mean per path.
 * <li>Judged at the start of each spraying pass ({@link #excluded}): a bad path sits
 *     out penalty_passes (16) passes, then rejoins for one probe pass unjudged, then
 *     is judged again on its counts.
 * </ul>
 */
final class PathScoreboard {
    static final byte ACK = 1;
    static final byte NACK = 2;
    static final byte BOUNCE = 3;

    private final NdpConfig cfg;
    private final int[] acks;
    private final int[] nacks;
    private final int[] losses;
    private final long[] sitsOutUntil;  // pass number at which the path probes again
    private long totalAcks;
    private long totalNacks;
    private long totalLosses;
    private final byte[] recent;
    private int recentNext;
    private int recentFilled;
    private int recentAcks;

    PathScoreboard(int paths, NdpConfig cfg) {
        this.cfg = cfg;
        acks = new int[paths + 1];
        nacks = new int[paths + 1];
        losses = new int[paths + 1];
        sitsOutUntil = new long[paths + 1];
        recent = new byte[cfg.feedbackHistory()];
    }

    void ack(int path) {
        acks[path]++;
        totalAcks++;
        decay(path);
        remember(ACK);
    }

    void nack(int path) {
        nacks[path]++;
        totalNacks++;
        decay(path);
        remember(NACK);
    }

    void bounce(int path) {
        nacks[path] += cfg.bounceNackWeight();
        totalNacks += cfg.bounceNackWeight();
        decay(path);
        remember(BOUNCE);
    }

    void loss(int path) {
        losses[path]++;
        totalLosses++;
    }

    private void decay(int path) {
        if (acks[path] + nacks[path] >= 2 * cfg.penaltyMinSamples()) {
            totalAcks -= acks[path] - acks[path] / 2;
            totalNacks -= nacks[path] - nacks[path] / 2;
            acks[path] /= 2;
            nacks[path] /= 2;
        }
    }

    private void remember(byte outcome) {
        if (recentFilled == recent.length) {
            if (recent[recentNext] == ACK) {
                recentAcks--;
            }
        } else {
            recentFilled++;
        }
        recent[recentNext] = outcome;
        recentNext = (recentNext + 1) % recent.length;
        if (outcome == ACK) {
            recentAcks++;
        }
    }

    /**
     * The return-to-sender test of §3.2.4: "most packets recently were ACKed rather
     * than NACKed" suggests an asymmetric network, not an incast. True when at least
     * bad_path_ack_share (25%) of the recent outcomes were ACKs (htsim's test).
     */
    boolean recentFeedbackLooksLikeBadPath() {
        return recentAcks > 0 && recentAcks >= cfg.badPathAckShare() * recentFilled;
    }

    /** Whether path p sits out the spraying pass {@code pass} (passes count from 1). */
    boolean excluded(int p, long pass) {
        if (pass < sitsOutUntil[p]) {
            return true;
        }
        if (pass == sitsOutUntil[p]) {
            return false;  // the probe pass after a penalty
        }
        if (bad(p)) {
            sitsOutUntil[p] = pass + cfg.penaltyPasses();
            return true;
        }
        return false;
    }

    boolean bad(int p) {
        return nackOutlier(p) || lossOutlier(p);
    }

    private boolean nackOutlier(int p) {
        if (acks[p] + nacks[p] < cfg.penaltyMinSamples()) {
            return false;
        }
        double ratio = acks[p] == 0 ? Double.POSITIVE_INFINITY : nacks[p] / (double) acks[p];
        double mean = totalAcks == 0 ? Double.POSITIVE_INFINITY : totalNacks / (double) totalAcks;
        return ratio > cfg.penaltyNackFactor() * mean && ratio > cfg.penaltyMinNackRatio();
    }

    private boolean lossOutlier(int p) {
        int paths = losses.length - 1;
        return losses[p] >= cfg.penaltyMinLosses() && losses[p] * (long) paths > 2 * totalLosses;
    }

    int acks(int p) {
        return acks[p];
    }

    int nacks(int p) {
        return nacks[p];
    }

    int losses(int p) {
        return losses[p];
    }
}
