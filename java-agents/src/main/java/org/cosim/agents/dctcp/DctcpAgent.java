package org.cosim.agents.dctcp;

import org.cosim.agents.api.AgentContext;
import org.cosim.agents.api.HostInfo;
import org.cosim.agents.window.WindowSender;

/**
 * DCTCP on one host: the shared window sender (ACK-clocked segments, loss
 * recovery, timeouts) with DCTCP's ECN law, one {@link DctcpLaw} per flow. The
 * receiving NIC's hardware ACK echoes CE marks, one ACK per segment (one MTU by
 * default: an ACK per packet, so every mark is seen).
 */
public final class DctcpAgent extends WindowSender {
    public DctcpAgent(HostInfo host, AgentContext ctx, DctcpConfig cfg) {
        super(host, ctx, cfg.window(), new DctcpLaw(cfg));
    }
}
