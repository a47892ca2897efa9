package org.cosim.agents.window;

import static org.cosim.scenario.ScenarioException.require;

import org.cosim.proto.Plb;
import org.cosim.scenario.Defaults;
import org.cosim.scenario.Units;

/**
 * Protective Load Balancing's settings (scenario {@code Window.plb}); the defaults
 * scenario.proto declares are Linux's ({@code net.ipv4.tcp_plb_idle_rehash_rounds},
 * {@code tcp_plb_rehash_rounds}, {@code tcp_plb_cong_thresh} in 256ths,
 * {@code tcp_plb_suspend_rto_sec} in seconds), the implementation of the PLB
 * paper's authors.
 */
public record PlbConfig(int idleRehashRounds, int rehashRounds, double congestedFraction, long suspendAfterRtoPs) {

    /** Reads {@code p}; {@code at} names it in errors, e.g. "protocol.swift.window.plb". */
    public static PlbConfig from(Plb p, String at) {
        int idle = Defaults.intOf(p, "idle_rehash_rounds");
        int busy = Defaults.intOf(p, "rehash_rounds");
        double fraction = Defaults.doubleOf(p, "congested_fraction");
        double suspendMs = Defaults.doubleOf(p, "suspend_after_rto_ms");
        String f = at + ".";
        require(idle >= 1, f + "idle_rehash_rounds", Integer.toUnsignedString(idle), "must be >= 1");
        require(busy >= idle, f + "rehash_rounds", Integer.toUnsignedString(busy),
                "must be >= idle_rehash_rounds (" + Integer.toUnsignedString(idle) + ")");
        require(fraction > 0 && fraction <= 1, f + "congested_fraction", fraction, "must be in (0, 1]");
        require(suspendMs >= 0 && suspendMs <= 1e9, f + "suspend_after_rto_ms", suspendMs, "must be in [0, 1e9]");
        return new PlbConfig(idle, busy, fraction, Units.usToPs(suspendMs * 1000));
    }
}
