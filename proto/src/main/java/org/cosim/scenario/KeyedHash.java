package org.cosim.scenario;

/**
 * Randomness keyed by identity, shared by the fabric and the agents
 * (ARCHITECTURE.md, Determinism): a random choice is a hash of the scenario seed
 * and the identities involved, never a draw from a generator whose state depends
 * on call order. The mixer is SplitMix64's finalizer; the C++ side implements the
 * same two functions, so both compute the same bits.
 */
public final class KeyedHash {
    private static final long GOLDEN = 0x9e3779b97f4a7c15L;

    private KeyedHash() {}

    /** SplitMix64 finalizer (Steele, Lea, Flood 2014). */
    public static long mix(long z) {
        z = (z ^ (z >>> 30)) * 0xbf58476d1ce4e5b9L;
        z = (z ^ (z >>> 27)) * 0x94d049bb133111ebL;
        return z ^ (z >>> 31);
    }

    /** Folds the values into one hash: h = mix(seed), then h = mix(h + golden + v) for each v in order. */
    public static long hash(long seed, long... values) {
        long h = mix(seed);
        for (long v : values) {
            h = mix(h + GOLDEN + v);
        }
        return h;
    }

    /** The same as {@code hash(seed, a, b, c, d)} without the varargs array (hot paths). */
    public static long hash4(long seed, long a, long b, long c, long d) {
        long h = mix(seed);
        h = mix(h + GOLDEN + a);
        h = mix(h + GOLDEN + b);
        h = mix(h + GOLDEN + c);
        return mix(h + GOLDEN + d);
    }

    /** A uniform index in 0..n-1 from a hash: the unsigned remainder (n > 0). */
    public static int below(long hash, int n) {
        return (int) Long.remainderUnsigned(hash, n);
    }
}
