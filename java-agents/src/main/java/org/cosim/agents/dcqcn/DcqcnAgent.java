package org.cosim.agents.dcqcn;

import org.cosim.agents.api.AgentContext;
import org.cosim.agents.api.HostInfo;
import org.cosim.agents.sender.SegmentSender;

/**
 * DCQCN on one host: the rate-paced segment sender that TIMELY uses, with one
 * {@link DcqcnRateEngine} per flow starting at line rate (RoCE NICs do). The
 * receiving NIC ACKs each segment in hardware and echoes CE marks; the CNP
 * generator of the receiving NIC is modelled at the sender from those echoes
 * (see {@link DcqcnRateEngine}), so there is no receiver-side logic. PFC, not
 * this agent, keeps the fabric lossless: there is no retransmission.
 */
public final class DcqcnAgent extends SegmentSender {
    public DcqcnAgent(HostInfo host, AgentContext ctx, DcqcnConfig cfg) {
        super(host, ctx, cfg.segmentBytes(), cfg.maxOutstandingSegments(),
                active -> new DcqcnRateEngine(cfg, host.nicRateBps()), DcqcnRateEngine.SIGNALS);
    }
}
