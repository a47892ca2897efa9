package org.cosim.agents.pfconly;

import org.cosim.agents.api.AgentContext;
import org.cosim.agents.api.HostInfo;
import org.cosim.agents.sender.RateControl;
import org.cosim.agents.sender.SegmentSender;

/**
 * The PFC-only baseline (TIMELY paper, Table 1): RDMA with no congestion control.
 * Segments go at line rate, up to the outstanding cap per flow; PFC pauses keep
 * the fabric lossless.
 */
public final class PfcOnlyAgent extends SegmentSender {
    public PfcOnlyAgent(HostInfo host, AgentContext ctx, PfcOnlyConfig cfg) {
        super(host, ctx, cfg.segmentBytes(), cfg.maxOutstandingSegments(), active -> new LineRate(host.nicRateBps()),
                java.util.List.of());
    }

    private record LineRate(double rateBps) implements RateControl {
        @Override
        public void onRttSample(long rttPs) {}
    }
}
