package org.cosim.agents.swift;

import org.cosim.agents.api.AgentContext;
import org.cosim.agents.api.HostInfo;
import org.cosim.agents.window.WindowSender;

/**
 * Swift, Poseidon's main baseline, on one host: the shared window sender with
 * Swift's fabric-delay law. Swift's endpoint (host) window is not modelled: the
 * fabric has no host-side congestion, so it would never bind.
 */
public final class SwiftAgent extends WindowSender {
    public SwiftAgent(HostInfo host, AgentContext ctx, SwiftConfig cfg) {
        super(host, ctx, cfg.window(), new SwiftLaw(cfg));
    }
}
