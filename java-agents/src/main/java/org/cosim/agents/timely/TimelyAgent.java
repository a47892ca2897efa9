package org.cosim.agents.timely;

import org.cosim.agents.api.AgentContext;
import org.cosim.agents.api.HostInfo;
import org.cosim.agents.sender.NicPacing;
import org.cosim.agents.sender.SegmentSender;

/**
 * TIMELY on one host: a rate-paced segment sender whose per-flow rate control is
 * {@link TimelyRateEngine}. A new flow starts at C/(N+1) with N flows already
 * active at the sender (the start rule of timely-algorithm-box.txt; the paper is
 * silent). TIMELY has no receiver-side logic: the receiving NIC ACKs in hardware.
 */
public final class TimelyAgent extends SegmentSender {
    public TimelyAgent(HostInfo host, AgentContext ctx, TimelyConfig cfg) {
        super(host, ctx, cfg.segmentBytes(), cfg.maxOutstandingSegments(),
                active -> new TimelyRateEngine(cfg, host.nicRateBps(),
                        host.nicRateBps() / (double) (active + 1)), TimelyRateEngine.SIGNALS, NicPacing.of(cfg.nicPacingBps(), ctx.mtuBytes()));
    }
}
