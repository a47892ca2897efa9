package org.cosim.agents.poseidon;

import org.cosim.agents.window.AckSample;

/**
 * The delay Poseidon compares with its target, in microseconds. With INT on every
 * switch: the forward path's max per-hop delay (MPD) from the ACK. In brownfield
 * (§4.1): max(MPD, remainder), where the remainder is the part of the fabric
 * delay the INT switches did not report: RTT - the flow's unloaded RTT - MPD -
 * the reverse path's MPD (docs/poseidon-swift.md, "Where the paper is silent"; the paper's "end-to-end delay minus
 * max-hop delay (both forward and backward)" with the base delay taken out, since
 * base delay is not congestion), floored at 0.
 */
public final class PoseidonSignal {
    private final boolean brownfield;

    public PoseidonSignal(boolean brownfield) {
        this.brownfield = brownfield;
    }

    public double delayUs(AckSample a) {
        if (!brownfield) {
            return us(a.mpdPs());
        }
        long remainder = a.rttPs() - a.baseRttPs() - a.mpdPs() - a.reverseMpdPs();
        return us(Math.max(a.mpdPs(), remainder));
    }

    private static double us(long ps) {
        return ps / 1e6;
    }
}
