package org.cosim.setup.workload;

import org.cosim.scenario.KeyedHash;

/**
 * Random derangements keyed by the seed: permutations of 0..n-1 without fixed
 * points, uniform over all derangements. Attempt a = 0, 1, ... shuffles the
 * identity by Fisher-Yates (for i = n-1 down to 1, swap i with
 * j = hash(seed, TAG, a, i) mod (i+1), KeyedHash) and keeps the first result
 * without a fixed point (about e attempts on average).
 */
public final class Permutations {
    /** ASCII "perm". */
    static final long TAG = 0x7065726dL;

    private Permutations() {}

    /** A derangement of 0..n-1 (n >= 2): element i is host i's destination. */
    public static int[] derangement(long seed, int n) {
        if (n < 2) {
            throw new IllegalArgumentException("a derangement needs at least 2 elements, got " + n);
        }
        int[] p = new int[n];
        for (long attempt = 0; ; attempt++) {
            shuffle(seed, attempt, p);
            if (noFixedPoint(p)) {
                return p;
            }
        }
    }

    private static void shuffle(long seed, long attempt, int[] p) {
        for (int i = 0; i < p.length; i++) {
            p[i] = i;
        }
        for (int i = p.length - 1; i > 0; i--) {
            int j = KeyedHash.below(KeyedHash.hash(seed, TAG, attempt, i), i + 1);
            int t = p[i];
            p[i] = p[j];
            p[j] = t;
        }
    }

    private static boolean noFixedPoint(int[] p) {
        for (int i = 0; i < p.length; i++) {
            if (p[i] == i) {
                return false;
            }
        }
        return true;
    }

    /**
     * The first {@code k} of a keyed shuffle of {@code items} (a uniform sample
     * without replacement), in shuffle order: for i = 0..k-1 swap i with
     * i + hash(seed, tag, i) mod (n-i).
     */
    public static int[] sample(long seed, long tag, int[] items, int k) {
        int[] a = items.clone();
        for (int i = 0; i < k; i++) {
            int j = i + KeyedHash.below(KeyedHash.hash(seed, tag, i), a.length - i);
            int t = a[i];
            a[i] = a[j];
            a[j] = t;
        }
        return java.util.Arrays.copyOf(a, k);
    }
}
