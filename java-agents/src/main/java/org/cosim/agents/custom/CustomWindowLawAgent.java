package org.cosim.agents.custom;

import org.cosim.agents.api.AgentContext;
import org.cosim.agents.api.HostInfo;
import org.cosim.agents.window.WindowSender;

/**
 * A researcher's window law on one host: the window sender Poseidon, Swift and
 * DCTCP share, driven by the law the scenario names ({@link CustomWindowLawConfig}).
 */
public final class CustomWindowLawAgent extends WindowSender {
    public CustomWindowLawAgent(HostInfo host, AgentContext ctx, CustomWindowLawConfig cfg) {
        super(host, ctx, cfg.window(), cfg.newLaw());
    }
}
