package org.cosim.agents.window;

import java.util.List;

/**
 * A protocol's reaction to ACKs: the part of a window-based congestion control
 * that differs between Poseidon and Swift. The rest of Poseidon's Algorithm 1
 * (clamping, the decrease timestamp, pacing below one packet, Appendix A's
 * timeout and fast recovery) is {@link CongestionWindow}, shared.
 */
public interface WindowLaw {
    /**
     * ReceiveACK(): the window after this ACK, before clamping. A decrease must be
     * allowed by {@link CongestionWindow#canDecrease(long)} (at most once per RTT).
     */
    double onAck(CongestionWindow w, AckSample a);

    /**
     * Whether this ACK signals congestion, for Protective Load Balancing
     * ({@link PathBalancer}): the law's own decrease condition, judged on the
     * window before the ACK. Laws without such a signal (HPCC's is per window, not
     * per ACK) report none, and their configurations refuse PLB.
     */
    default boolean congested(CongestionWindow w, AckSample a) {
        return false;
    }

    /** The ratio a retransmit timeout or fast recovery multiplies the window by (Poseidon's min_md, Swift's 1 - max_mdf). */
    double lossDecrease();

    /**
     * The law for a new flow's window. Laws without state of their own (Poseidon,
     * Swift) serve every flow; a law that keeps per-flow state (DCTCP's alpha)
     * returns a fresh instance.
     */
    default WindowLaw forNewFlow() {
        return this;
    }

    /**
     * For a law that always paces (HPCC: rate = W / T), the spacing between
     * segments at window {@code w}; 0 (the default): the ACK clock sends whole
     * packets and pacing is only below one packet (or the fraction).
     */
    default long pacedSpacingPs(CongestionWindow w) {
        return 0;
    }

    /**
     * The names of the signals this law records in each flow's window ({@link
     * CongestionWindow#recordSignal}), sampled into agent_state.csv after the window
     * and the RTT: e.g. Poseidon's "target_us" and "delay_us". A unit in the name,
     * as everywhere ("_us", "_gbps"). Default: none.
     */
    default List<String> signalNames() {
        return List.of();
    }
}
