package org.cosim.agents.hpcc;

import org.cosim.agents.api.AgentContext;
import org.cosim.agents.api.HostInfo;
import org.cosim.agents.window.WindowSender;

/**
 * HPCC (SIGCOMM'19), the Poseidon paper's INT baseline, on one host: the shared
 * window sender (segments, loss inference, retransmission) with HPCC's law,
 * always paced at W / T. The fabric stamps the per-hop INT records and the
 * receiving NIC reflects them in its hardware ACK; no receiver-side logic.
 */
public final class HpccAgent extends WindowSender {
    public HpccAgent(HostInfo host, AgentContext ctx, HpccConfig cfg) {
        super(host, ctx, cfg.windowFor(host.nicRateBps()), new HpccLaw(cfg, host.nicRateBps()));
    }
}
