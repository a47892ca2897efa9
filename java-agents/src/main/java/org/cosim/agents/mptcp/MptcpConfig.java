package org.cosim.agents.mptcp;

import static org.cosim.scenario.ScenarioException.require;

import org.cosim.proto.Mptcp;
import org.cosim.scenario.Defaults;
import org.cosim.scenario.ScenarioException;
import org.cosim.scenario.Units;

/**
 * MPTCP's parameters, resolved from the scenario with the defaults scenario.proto
 * declares (docs/scenario-reference.md, protocol.mptcp). The NDP paper gives none
 * beyond "MPTCP" and, for its scaling comparison, the number of subflows; the
 * rest are the settings of the simulator that produced its figures (htsim's
 * permutation run: subflows on distinct random paths, its initial window,
 * slow-start threshold and RTO floor).
 * Ours: linked increases (RFC 6356) by default, since that is what "MPTCP"
 * means; the segment is one MTU so that every packet has its ACK. No SYN
 * round trip unless syn_handshake asks for one (htsim's TCP has it).
 * {@code segmentBytes} 0 stands for the MTU, which the config does not know.
 */
public record MptcpConfig(int subflows, boolean coupled, double initialCwndPackets, double ssthreshPackets,
                          long minRtoPs, int segmentBytes, double maxCwndPackets, boolean synHandshake) {
    /** Timer ids carry the subflow in their low bits. */
    public static final int MAX_SUBFLOWS = 32;
    private static final String P = "protocol.mptcp.";

    public static MptcpConfig from(Mptcp m) {
        int subflows = Defaults.intOf(m, "subflows");
        double iw = Defaults.doubleOf(m, "initial_cwnd_packets");
        double ssthresh = Defaults.doubleOf(m, "ssthresh_packets");
        double minRtoUs = Defaults.doubleOf(m, "min_rto_us");
        int seg = m.hasSegmentBytes() ? m.getSegmentBytes() : 0;
        double maxCwnd = Defaults.doubleOf(m, "max_cwnd_packets");

        require(subflows >= 1 && subflows <= MAX_SUBFLOWS, P + "subflows", subflows,
                "must be in [1, " + MAX_SUBFLOWS + "]");
        require(maxCwnd >= 1 && Double.isFinite(maxCwnd), P + "max_cwnd_packets", maxCwnd, "must be >= 1");
        require(iw >= 1 && iw <= maxCwnd, P + "initial_cwnd_packets", iw,
                "must be in [1, max_cwnd_packets (" + maxCwnd + ")]");
        require(ssthresh >= 2 && Double.isFinite(ssthresh), P + "ssthresh_packets", ssthresh, "must be >= 2");
        require(minRtoUs > 0 && Double.isFinite(minRtoUs), P + "min_rto_us", minRtoUs, "must be > 0");
        require(!m.hasSegmentBytes() || seg > 0, P + "segment_bytes", seg, "must be > 0");
        return new MptcpConfig(subflows, !Defaults.boolOf(m, "uncoupled"), iw, ssthresh,
                Math.round(minRtoUs * Units.PS_PER_US), seg, maxCwnd, Defaults.boolOf(m, "syn_handshake"));
    }

    /** The segment size on a fabric with this MTU: one packet unless the scenario says otherwise. */
    public int segmentBytes(int mtuBytes) {
        if (segmentBytes > 0) {
            return segmentBytes;
        }
        if (mtuBytes <= 0) {
            throw new ScenarioException(P + "segment_bytes", "MPTCP cuts flows into MTU segments unless this is "
                    + "set, but the MTU is unknown (the fabric must send Hello.mtu_bytes)");
        }
        return mtuBytes;
    }
}
