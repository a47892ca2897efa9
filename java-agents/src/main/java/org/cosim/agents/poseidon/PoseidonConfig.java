package org.cosim.agents.poseidon;

import org.cosim.agents.window.WindowConfig;
import org.cosim.proto.Poseidon;
import org.cosim.scenario.Defaults;
import org.cosim.scenario.ScenarioException;

/**
 * Poseidon's parameters, resolved from the scenario with the defaults
 * scenario.proto declares (docs/scenario-reference.md, protocol.poseidon). The
 * paper's (§5, Fig 7(b)): p, k, m and the rate range. Ours where it gives none
 * (docs/poseidon-swift.md): min_md (Swift's 1 - max_mdf) and
 * max_mi, calibrated against Fig 7(a); the window settings of {@link WindowConfig}.
 */
public record PoseidonConfig(double pUs, double kUs, double m, double minRateBps, double maxRateBps, double maxMi,
                             double minMd, boolean brownfield, WindowConfig window) {
    private static final String P = "protocol.poseidon.";

    public static PoseidonConfig from(Poseidon c) {
        double p = Defaults.doubleOf(c, "p");
        double k = Defaults.doubleOf(c, "k_us");
        double m = Defaults.doubleOf(c, "m");
        double minRate = Defaults.doubleOf(c, "min_rate_gbps");
        double maxRate = Defaults.doubleOf(c, "max_rate_gbps");
        double maxMi = Defaults.doubleOf(c, "max_mi");
        double minMd = Defaults.doubleOf(c, "min_md");

        require(p > 0 && Double.isFinite(p), "p", p, "must be > 0 (us)");
        require(k > 0 && Double.isFinite(k), "k_us", k, "must be > 0");
        // Appendix B: the fairness condition (Eq. 2) holds for m < 2.
        require(m > 0 && m < 2, "m", m, "must be in (0, 2): Eq. 2 (fairness) needs m < 2");
        require(minRate > 0 && Double.isFinite(minRate), "min_rate_gbps", minRate, "must be > 0");
        if (!(maxRate > minRate) || !Double.isFinite(maxRate)) {
            throw new ScenarioException(P + "max_rate_gbps", maxRate + " must be finite and above min_rate_gbps ("
                    + minRate + ")");
        }
        require(maxMi >= 1 && Double.isFinite(maxMi), "max_mi", maxMi, "must be >= 1 (an increase ratio)");
        require(minMd > 0 && minMd < 1, "min_md", minMd, "must be in (0, 1) (a decrease ratio)");
        WindowConfig w = WindowConfig.from(c.getWindow(), P + "window");
        return new PoseidonConfig(p, k, m, minRate * 1e9, maxRate * 1e9, maxMi, minMd,
                Defaults.boolOf(c, "brownfield"), w);
    }

    public PoseidonTarget target() {
        return new PoseidonTarget(pUs, kUs, minRateBps, maxRateBps);
    }

    public PoseidonUpdate update() {
        return new PoseidonUpdate(pUs, target().alpha(), m, minMd, maxMi);
    }

    private static void require(boolean ok, String field, double value, String rule) {
        ScenarioException.require(ok, P + field, value, rule);
    }
}
