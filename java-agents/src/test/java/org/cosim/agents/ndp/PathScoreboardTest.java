package org.cosim.agents.ndp;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.cosim.proto.Ndp;
import org.junit.jupiter.api.Test;

/** The per-path scoreboard's outlier rules (htsim's criteria; docs/ndp.md, "Where the paper is silent"). */
class PathScoreboardTest {
    private static PathScoreboard board(int paths) {
        return new PathScoreboard(paths, NdpTesting.config(Ndp.newBuilder()));
    }

    private static void feed(PathScoreboard b, int path, int acks, int nacks) {
        for (int i = 0; i < acks; i++) {
            b.ack(path);
        }
        for (int i = 0; i < nacks; i++) {
            b.nack(path);
        }
    }

    @Test
    void aPathWithAnOutlyingNackRatioIsBadOnceItHasEnoughSamples() {
        PathScoreboard b = board(4);
        for (int p = 1; p <= 3; p++) {
            feed(b, p, 90, 9);                 // ratio 0.1
        }
        feed(b, 4, 40, 59);                     // 99 samples, ratio 1.5
        assertFalse(b.bad(4), "99 samples: too few to judge");
        b.nack(4);                              // 100
        assertTrue(b.bad(4));
        assertFalse(b.bad(1));
    }

    @Test
    void aHighRatioEverywhereIsCongestionNotABadPath() {
        PathScoreboard b = board(4);
        for (int p = 1; p <= 4; p++) {
            feed(b, p, 50, 50);                 // every path at ratio 1: none above 1.25 x the mean
        }
        for (int p = 1; p <= 4; p++) {
            assertFalse(b.bad(p));
        }
    }

    @Test
    void aSmallRatioIsNeverBadEvenIfItIsTheLargest() {
        PathScoreboard b = board(2);
        feed(b, 1, 190, 1);
        feed(b, 2, 80, 20);                     // ratio 0.25 > 1.25 x mean but below 0.3
        assertFalse(b.bad(2));
    }

    @Test
    void aBounceWeighsThreeNacks() {
        PathScoreboard b = board(2);
        b.bounce(1);
        assertEquals(3, b.nacks(1));
    }

    @Test
    void countsAreHalvedAtTwiceTheMinimumSamples() {
        PathScoreboard b = board(2);
        feed(b, 1, 150, 49);
        assertEquals(150, b.acks(1));
        b.nack(1);                              // 200 samples: halve
        assertEquals(75, b.acks(1));
        assertEquals(25, b.nacks(1));
    }

    @Test
    void aPathLosingPacketsFarMoreThanTheOthersIsBad() {
        PathScoreboard b = board(4);
        b.loss(1);
        b.loss(2);
        assertFalse(b.bad(1), "1 loss: below the minimum of 3");
        b.loss(3);
        b.loss(3);
        b.loss(3);
        assertTrue(b.bad(3), "3 losses, more than twice the mean (5/4)");
        b.loss(1);
        b.loss(1);
        assertFalse(b.bad(1) && b.bad(3), "8 losses over 4 paths: mean 2, 3 is not above 4");
    }

    @Test
    void recentFeedbackWithAQuarterAcksLooksLikeABadPath() {
        PathScoreboard b = board(2);
        for (int i = 0; i < 12; i++) {
            b.nack(1);
        }
        assertFalse(b.recentFeedbackLooksLikeBadPath(), "only NACKs: an incast");
        for (int i = 0; i < 4; i++) {
            b.ack(1);                           // 4 ACKs of the last 16 outcomes
        }
        assertTrue(b.recentFeedbackLooksLikeBadPath());
        for (int i = 0; i < 13; i++) {
            b.bounce(2);                        // the ACKs age out of the 16-entry history
        }
        assertFalse(b.recentFeedbackLooksLikeBadPath());
    }
}
