package org.cosim.agents.hpcc;

import static org.cosim.scenario.ScenarioException.require;

import org.cosim.agents.window.WindowConfig;
import org.cosim.proto.Hpcc;
import org.cosim.scenario.Defaults;
import org.cosim.scenario.ScenarioException;
import org.cosim.scenario.Units;

/**
 * HPCC's parameters, resolved from the scenario with the defaults scenario.proto
 * declares (docs/scenario-reference.md, protocol.hpcc). From the HPCC paper (Li
 * et al., SIGCOMM'19), as the Poseidon paper says it ran them ("the values from
 * the paper"): eta, maxStage, and W_AI from the paper's rule W_AI = W_init (1 -
 * eta) / N with W_init = B T (the NIC's line rate times the base RTT) and N the
 * expected number of concurrent flows on a link, chosen so that on the 200 Gb/s
 * fabric with T = 6.4 us (the cross-rack RTT, W_init = 160 KB) W_AI comes out at
 * 80 B, the value the paper lists. (The HPCC authors later wrote that their
 * simulations ran maxStage = 0; the default is the paper's text, which is what
 * the Poseidon authors cite.) T is one
 * network-wide base RTT, as in the paper (the Poseidon paper's critique: "HPCC
 * assumes all flows experience the same base RTT"): by default the network's
 * largest unloaded RTT from the handshake (Hello.base_rtt_ps). The window settings are
 * the shared sender's ({@link WindowConfig}); HPCC ignores pace_fraction (it
 * always paces).
 *
 * @param wAiBytes NaN: the rule above
 * @param tPs T, resolved
 */
public record HpccConfig(double eta, int maxStage, double wAiBytes, int expectedFlows, long tPs,
                         WindowConfig window) {
    private static final String P = "protocol.hpcc.";

    /** {@code networkBaseRttPs}: the network's largest unloaded RTT, T unless base_rtt_us is set. */
    public static HpccConfig from(Hpcc h, long networkBaseRttPs) {
        double eta = Defaults.doubleOf(h, "eta");
        int maxStage = Defaults.intOf(h, "max_stage");
        double wAi = h.hasWAiBytes() ? h.getWAiBytes() : Double.NaN;
        int n = Defaults.intOf(h, "expected_flows");
        double tUs = h.hasBaseRttUs() ? h.getBaseRttUs() : 0;

        require(eta > 0 && eta <= 1, P + "eta", eta, "must be in (0, 1]");
        require(maxStage >= 0 && maxStage <= 1000, P + "max_stage", Integer.toUnsignedString(maxStage),
                "must be in 0..1000");
        require(!h.hasWAiBytes() || (wAi > 0 && Double.isFinite(wAi)), P + "w_ai_bytes", wAi, "must be > 0");
        require(n >= 1, P + "expected_flows", Integer.toUnsignedString(n), "must be >= 1");
        require(!h.hasBaseRttUs() || (tUs > 0 && Double.isFinite(tUs) && Units.usToPs(tUs) > 0), P + "base_rtt_us",
                tUs, "must be > 0 (leave it out to use the network's largest unloaded RTT)");
        WindowConfig w = WindowConfig.from(h.getWindow(), P + "window");
        if (w.plb() != null) {
            throw new ScenarioException(P + "window.plb", "HPCC has no per-ACK congestion signal for PLB to count "
                    + "(its reaction is to the window's INT utilization); leave plb out");
        }
        return new HpccConfig(eta, maxStage, wAi, n, h.hasBaseRttUs() ? Units.usToPs(tUs)
                : Math.max(1, networkBaseRttPs), w);
    }

    /** W_init = B T in bytes for a NIC of {@code nicRateBps}: the line-rate window. */
    public double wInitBytes(long nicRateBps) {
        return nicRateBps * (double) tPs / (8.0 * Units.PS_PER_S);
    }

    /**
     * The window settings a host with this NIC runs: as configured, but a flow
     * starts at W_init (HPCC starts at line rate) unless initial_cwnd_packets is set.
     */
    public WindowConfig windowFor(long nicRateBps) {
        WindowConfig w = window;
        if (!Double.isNaN(w.initialCwndPackets())) {
            return w;
        }
        return new WindowConfig(w.segmentBytes(), w.clamp(wInitBytes(nicRateBps) / w.segmentBytes()),
                w.minCwndPackets(), w.maxCwndPackets(), w.retxResetThreshold(), w.minRtoPs(), w.paceFraction(),
                w.connectionPerDestination(), w.plb(), w.synHandshake());
    }

    /** W_AI in bytes for a window whose W_init is {@code wInitBytes}. */
    public double wAiBytes(double wInitBytes) {
        return Double.isNaN(wAiBytes) ? wInitBytes * (1 - eta) / expectedFlows : wAiBytes;
    }
}
