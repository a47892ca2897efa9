package org.cosim.fabric.kernel;

import org.cosim.scenario.KeyedHash;

/**
 * Randomness keyed by identity, not by call order (ARCHITECTURE.md, Determinism):
 * every random choice in the fabric is a hash of the seed and the identities
 * involved, so both back ends compute the same bits whatever order they process
 * events in. The mixer is SplitMix64's finalizer ({@link KeyedHash}, shared with
 * the agents); the C++ bridge implements the same functions.
 */
public final class IdentityHash {
    /** Tag folded into the trimming coin's key (ASCII "trim"). */
    public static final long TRIM_TAG = 0x7472696dL;
    /** Tag folded into a NIC's idle gap after a data packet (ASCII "ngap"). */
    public static final long TX_GAP_TAG = 0x6e676170L;

    private IdentityHash() {}

    /** SplitMix64 finalizer (Steele, Lea, Flood 2014). */
    public static long mix(long z) {
        return KeyedHash.mix(z);
    }

    /** Folds the values into one hash: h = mix(h + golden + v) for each v, starting from the seed. */
    public static long hash(long seed, long... values) {
        return KeyedHash.hash(seed, values);
    }

    /**
     * The ECMP choice of a switch among n equal-cost ports for a flow: the flow key
     * (src, dst, flow id) and the switch id, keyed by the seed.
     */
    public static int ecmp(long seed, int switchId, int src, int dst, int flow, int n) {
        long h = mix(mix(mix(mix(seed) + switchId) + ((long) src << 32 | (dst & 0xffffffffL))) + flow);
        return (int) Long.remainderUnsigned(h, n);
    }

    /**
     * NDP's trimming coin at a full data queue: true = trim the packet at the
     * queue's tail, false = trim the arriving packet. It is the top bit of
     * {@code hash(seed, TRIM_TAG, switchId, port, uid)} (KeyedHash.hash4), where uid
     * is the arriving packet's identity (PacketPool.uid).
     */
    public static boolean trimTail(long seed, int switchId, int port, long uid) {
        return KeyedHash.hash4(seed, TRIM_TAG, switchId, port, uid) < 0;
    }

    /**
     * How long host {@code host}'s NIC leaves its link idle after data packet
     * {@code uid}: the unsigned remainder of {@code hash(seed, TX_GAP_TAG, host,
     * uid, 0)} (KeyedHash.hash4) by {@code maxPs} (> 0), uniform in [0, maxPs).
     */
    public static long txGapPs(long seed, int host, long uid, long maxPs) {
        return Long.remainderUnsigned(KeyedHash.hash4(seed, TX_GAP_TAG, host, uid, 0), maxPs);
    }
}
