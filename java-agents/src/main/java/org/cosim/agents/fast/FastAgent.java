package org.cosim.agents.fast;

import org.cosim.agents.api.AgentContext;
import org.cosim.agents.api.HostInfo;
import org.cosim.agents.sender.SegmentSender;

/**
 * FAST* on one host (TIMELY's Table 1): TIMELY's rate-paced segment sender with
 * {@link FastRateEngine} in place of Algorithm 1, each flow starting at C/(N+1)
 * with N flows already active at the sender, as TIMELY's do. No receiver-side
 * logic: the receiving NIC ACKs in hardware.
 */
public final class FastAgent extends SegmentSender {
    public FastAgent(HostInfo host, AgentContext ctx, FastConfig cfg) {
        super(host, ctx, cfg.segmentBytes(), cfg.maxOutstandingSegments(),
                active -> new FastRateEngine(cfg, host.nicRateBps(), host.nicRateBps() / (double) (active + 1)),
                FastRateEngine.SIGNALS);
    }
}
