package org.cosim.agents.custom;

import org.cosim.agents.api.AgentContext;
import org.cosim.agents.api.HostInfo;
import org.cosim.agents.sender.SegmentSender;

/**
 * A researcher's rate law on one host: the rate-paced segment sender TIMELY,
 * DCQCN, FAST* and PFC-only share, with one instance of the scenario's law per
 * flow ({@link CustomRateLawConfig}).
 */
public final class CustomRateLawAgent extends SegmentSender {
    public CustomRateLawAgent(HostInfo host, AgentContext ctx, CustomRateLawConfig cfg) {
        super(host, ctx, cfg.segmentBytes(), cfg.maxOutstandingSegments(),
                active -> cfg.newFlow(new RateFlow(host.nicRateBps(), active, ctx.baseRttPs())), cfg.signalNames());
    }
}
