package org.cosim.fabric.kernel;

/**
 * Randomness keyed by identity, not by call order (ARCHITECTURE.md, Determinism):
 * every random choice in the fabric is a hash of the seed and the identities
 * involved, so both back ends compute the same bits whatever order they process
 * events in. The mixer is SplitMix64's finalizer; the C++ bridge implements the
 * same function.
 */
public final class IdentityHash {
    private IdentityHash() {}

    /** SplitMix64 finalizer (Steele, Lea, Flood 2014). */
    public static long mix(long z) {
        z = (z ^ (z >>> 30)) * 0xbf58476d1ce4e5b9L;
        z = (z ^ (z >>> 27)) * 0x94d049bb133111ebL;
        return z ^ (z >>> 31);
    }

    /** Folds the values into one hash: h = mix(h + golden + v) for each v, starting from the seed. */
    public static long hash(long seed, long... values) {
        long h = mix(seed);
        for (long v : values) {
            h = mix(h + 0x9e3779b97f4a7c15L + v);
        }
        return h;
    }

    /**
     * The ECMP choice of a switch among n equal-cost ports for a flow: the flow key
     * (src, dst, flow id) and the switch id, keyed by the seed.
     */
    public static int ecmp(long seed, int switchId, int src, int dst, int flow, int n) {
        long h = mix(mix(mix(mix(seed) + switchId) + ((long) src << 32 | (dst & 0xffffffffL))) + flow);
        return (int) Long.remainderUnsigned(h, n);
    }
}
