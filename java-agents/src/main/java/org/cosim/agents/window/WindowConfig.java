package org.cosim.agents.window;

import static org.cosim.scenario.ScenarioException.require;

import org.cosim.proto.Window;
import org.cosim.scenario.Defaults;
import org.cosim.scenario.Units;

/**
 * The settings of the window-based sender that Poseidon and Swift share, with
 * the defaults scenario.proto declares (values: docs/scenario-reference.md,
 * Window; neither paper gives values, docs/poseidon-swift.md says why each):
 * segments of the paper's MTU, so one hardware ACK per packet; an initial window
 * of one BDP of the flow's unloaded RTT at NIC line rate (the same for both
 * protocols; docs/poseidon-swift.md, "Where the paper is silent"); a min_cwnd far below one packet (Swift-like, so
 * pacing reaches very low rates); a max_cwnd of about four BDPs of the 200 Gb/s
 * fabric's 6.4 us Clos RTT, enough for line rate behind tens of us of
 * reverse-path queueing; cwnd reset after a few timeouts in a row; an RTO floor
 * far above any RTT of the shipped cases, so timeouts mean loss; the
 * fractional part of a window above one packet paced (pace_fraction), so that
 * the sending rate is cwnd * MTU / RTT at every window size, as Poseidon's target
 * assumes; the paper paces below one packet and leaves larger fractional windows
 * open. Measured both ways in docs/poseidon-swift.md (Fig 17(b)). Every flow is its own
 * connection unless connection_per_destination makes a host's flows to one
 * destination messages of one connection ({@link Connection}). PLB is off
 * unless the scenario asks for it ({@link PathBalancer}). Flows send their
 * first data at once unless syn_handshake asks for a SYN round trip first
 * ({@link SynHandshake}).
 *
 * @param initialCwndPackets NaN: one BDP of the flow's unloaded RTT
 * @param plb null: no Protective Load Balancing
 */
public record WindowConfig(int segmentBytes, double initialCwndPackets, double minCwndPackets,
                           double maxCwndPackets, int retxResetThreshold, long minRtoPs, boolean paceFraction,
                           boolean connectionPerDestination, PlbConfig plb, boolean synHandshake) {

    /** Reads {@code w}; {@code at} names it in errors, e.g. "protocol.poseidon.window". */
    public static WindowConfig from(Window w, String at) {
        int seg = Defaults.intOf(w, "segment_bytes");
        double init = w.hasInitialCwndPackets() ? w.getInitialCwndPackets() : Double.NaN;
        double min = Defaults.doubleOf(w, "min_cwnd_packets");
        double max = Defaults.doubleOf(w, "max_cwnd_packets");
        int reset = Defaults.intOf(w, "retx_reset_threshold");
        double minRtoUs = Defaults.doubleOf(w, "min_rto_us");

        String p = at + ".";
        require(seg > 0 && seg <= (1 << 20), p + "segment_bytes", Integer.toUnsignedString(seg),
                "must be in 1..1048576");
        require(min > 0 && Double.isFinite(min), p + "min_cwnd_packets", min, "must be > 0");
        require(max >= min && Double.isFinite(max), p + "max_cwnd_packets", max,
                "must be finite and at least min_cwnd_packets (" + min + ")");
        require(!w.hasInitialCwndPackets() || (init >= min && init <= max), p + "initial_cwnd_packets", init,
                "must lie in [min_cwnd_packets, max_cwnd_packets] = [" + min + ", " + max + "]");
        require(reset >= 1, p + "retx_reset_threshold", Integer.toUnsignedString(reset), "must be >= 1");
        require(minRtoUs > 0 && Double.isFinite(minRtoUs), p + "min_rto_us", minRtoUs, "must be > 0");
        boolean paceFraction = Defaults.boolOf(w, "pace_fraction");
        PlbConfig plb = w.hasPlb() ? PlbConfig.from(w.getPlb(), p + "plb") : null;
        return new WindowConfig(seg, init, min, max, reset, Units.usToPs(minRtoUs), paceFraction,
                Defaults.boolOf(w, "connection_per_destination"), plb, Defaults.boolOf(w, "syn_handshake"));
    }

    /** The window a new flow starts with: the configured one, or one BDP of {@code rttPs} at {@code rateBps}. */
    public double initialCwnd(long rttPs, long rateBps) {
        double w = Double.isNaN(initialCwndPackets)
                ? rttPs * (double) rateBps / Units.PS_PER_S / (8.0 * segmentBytes)
                : initialCwndPackets;
        return clamp(w);
    }

    public double clamp(double cwnd) {
        return Math.min(maxCwndPackets, Math.max(minCwndPackets, cwnd));
    }
}
