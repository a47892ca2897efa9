package org.cosim.agents.poseidon;

import org.cosim.agents.api.AgentContext;
import org.cosim.agents.api.HostInfo;
import org.cosim.agents.window.WindowSender;

/**
 * Poseidon (NSDI'23) on one host: the shared window sender with Poseidon's
 * ReceiveACK. Everything Poseidon decides is here; the fabric only stamps INT
 * and returns hardware ACKs. No receiver-side logic: the receiving NIC ACKs.
 */
public final class PoseidonAgent extends WindowSender {
    public PoseidonAgent(HostInfo host, AgentContext ctx, PoseidonConfig cfg) {
        super(host, ctx, cfg.window(), new PoseidonLaw(cfg));
    }
}
