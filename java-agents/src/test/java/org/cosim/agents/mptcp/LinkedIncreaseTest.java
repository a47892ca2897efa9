package org.cosim.agents.mptcp;

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.junit.jupiter.api.Test;

/** RFC 6356's linked increase against hand-computed values. */
class LinkedIncreaseTest {
    private static final long US = 1_000_000L;

    @Test
    void twoEqualSubflowsTogetherGrowLikeOneTcp() {
        double[] cwnd = {10, 10};
        long[] rtt = {100 * US, 100 * US};
        // alpha = 20 * (10 / 100^2) / (10/100 + 10/100)^2 = 20 * 0.001 / 0.04 = 0.5
        assertEquals(0.5, LinkedIncrease.alpha(cwnd, rtt, 2), 1e-12);
        // min(0.5 / 20, 1 / 10): each ACK adds 1/40 of a packet, half of an uncoupled TCP's 1/20 per subflow
        assertEquals(0.025, LinkedIncrease.perAck(true, cwnd, rtt, 2, 0), 1e-12);
        assertEquals(0.1, LinkedIncrease.perAck(false, cwnd, rtt, 2, 0), 1e-12);
    }

    @Test
    void theBestPathSetsAlphaAndTheCapIsOneTcpsIncrease() {
        double[] cwnd = {10, 20};
        long[] rtt = {100 * US, 200 * US};
        // max(10/100^2, 20/200^2) = 0.001; sum 10/100 + 20/200 = 0.2; alpha = 30 * 0.001 / 0.04 = 0.75
        assertEquals(0.75, LinkedIncrease.alpha(cwnd, rtt, 2), 1e-12);
        assertEquals(0.025, LinkedIncrease.perAck(true, cwnd, rtt, 2, 1), 1e-12);   // min(0.75/30, 1/20)
        double[] small = {1, 40};
        long[] same = {100 * US, 100 * US};
        // alpha = 41 * 0.004 / 0.41^2 = 0.97561; 0.97561 / 41 = 0.023795 < 1/1
        assertEquals(41 * 0.004 / (0.41 * 0.41) / 41, LinkedIncrease.perAck(true, small, same, 2, 0), 1e-12);
    }

    @Test
    void oneSubflowIsPlainTcp() {
        double[] cwnd = {17, 99};
        long[] rtt = {60 * US, 1};
        assertEquals(1.0, LinkedIncrease.alpha(cwnd, rtt, 1), 1e-12);
        assertEquals(1.0 / 17, LinkedIncrease.perAck(true, cwnd, rtt, 1, 0), 1e-12);
    }
}
