package org.cosim.agents.ndp;

/**
 * The retransmission timeout of one flow. The paper gives only a bound ("the
 * maximum RTO could safely be as low as 1ms", §3.2.4); we use TCP's estimator
 * (RFC 6298 weights, integer picoseconds) floored at rto_min: RTO = max(rto_min,
 * srtt + 4 rttvar), from the RTT of every ACKed packet (send to ACK, echoed). With
 * estimation off, RTO = rto_min. In NDP's fabrics RTTs stay far below 1 ms, so the
 * floor is what applies; the RTO only fires for packets lost outright.
 */
final class RtoEstimator {
    private final long minPs;
    private final boolean estimate;
    private long srtt = -1;
    private long rttvar;

    RtoEstimator(long minPs, boolean estimate) {
        this.minPs = minPs;
        this.estimate = estimate;
    }

    void sample(long rttPs) {
        if (!estimate || rttPs <= 0) {
            return;
        }
        if (srtt < 0) {
            srtt = rttPs;
            rttvar = rttPs / 2;
        } else {
            rttvar = (3 * rttvar + Math.abs(srtt - rttPs)) / 4;
            srtt = (7 * srtt + rttPs) / 8;
        }
    }

    long rtoPs() {
        return srtt < 0 ? minPs : Math.max(minPs, srtt + 4 * rttvar);
    }

    long srttPs() {
        return srtt;
    }
}
