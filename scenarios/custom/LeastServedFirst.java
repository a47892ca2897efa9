package org.example.pulls;

import java.util.List;
import org.cosim.agents.custom.LawParameters;
import org.cosim.agents.ndp.PullOrder;
import org.cosim.agents.ndp.PullingFlow;

/**
 * An NDP receiver that sends its next pull to the flow it has served least so
 * far, instead of the paper's round robin. Round robin gives every sender the
 * same pull rate, so a flow whose first window got further (a sender in the
 * receiver's own rack, whose packets meet the last hop first) finishes early;
 * serving the least-served flow first evens out the progress, and an incast's
 * flows finish together.
 *
 * <p>Service = packets delivered + pull_weight x pulls sent. Delivered packets
 * alone (pull_weight 0) would keep pulling the flows whose remaining packets are
 * all on their way, which have nothing left to send: near the end of an incast
 * those pulls find nothing and the receiver's link idles. Counting part of
 * each pull already sent as service spreads the pulls over flows that can use
 * them. Among equals the flow waiting longest goes first (the list's order).
 */
public class LeastServedFirst implements PullOrder {
    private final double pullWeight;

    public LeastServedFirst(LawParameters p) {
        pullWeight = p.get("pull_weight", 0.25);
        if (!(pullWeight >= 0 && pullWeight <= 1000)) {
            throw new IllegalArgumentException("pull_weight must be in [0, 1000], got " + pullWeight);
        }
    }

    @Override
    public int next(List<? extends PullingFlow> waiting, long nowPs) {
        int best = 0;
        double least = Double.MAX_VALUE;
        for (int i = 0; i < waiting.size(); i++) {
            PullingFlow f = waiting.get(i);
            double served = f.packetsReceived() + pullWeight * f.pullsSent();
            if (served < least) {
                best = i;
                least = served;
            }
        }
        return best;
    }
}
