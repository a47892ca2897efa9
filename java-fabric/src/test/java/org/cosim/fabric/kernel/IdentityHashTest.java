package org.cosim.fabric.kernel;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

class IdentityHashTest {
    private static final int FLOWS = 10_000;

    private static int[] choices(long seed, int n) {
        int[] c = new int[FLOWS];
        for (int f = 0; f < FLOWS; f++) {
            c[f] = IdentityHash.ecmp(seed, 3, 17, 42, f, n);
        }
        return c;
    }

    @Test
    void mixIsSplitMix64Finalizer() {
        // First output of SplitMix64 seeded with 0: mix(0 + golden gamma) = 0xe220a8397b1dcdaf
        // (the reference vector of Steele, Lea, Flood; the C++ back end must produce the same bits).
        assertEquals(0xe220a8397b1dcdafL, IdentityHash.mix(0x9e3779b97f4a7c15L));
        assertEquals(0L, IdentityHash.mix(0L));
    }

    @Test
    void ecmpIsAPureFunctionOfItsArguments() {
        int[] forward = choices(99, 4);
        int[] again = new int[FLOWS];
        // Evaluated in reverse order, interleaved with other calls: same answers.
        for (int f = FLOWS - 1; f >= 0; f--) {
            IdentityHash.ecmp(1234, 5, 6, 7, f, 8);
            again[f] = IdentityHash.ecmp(99, 3, 17, 42, f, 4);
        }
        assertArrayEquals(forward, again);
    }

    @Test
    void ecmpSpreadsFlowsRoughlyUniformly() {
        int[] counts = new int[4];
        for (int c : choices(99, 4)) {
            assertTrue(c >= 0 && c < 4, "choice out of range: " + c);
            counts[c]++;
        }
        // 10,000 flows over 4 ports: 2500 each expected; allow 20% (2000..3000).
        for (int p = 0; p < 4; p++) {
            assertTrue(counts[p] >= 2000 && counts[p] <= 3000, "port " + p + " got " + counts[p] + " flows");
        }
    }

    @Test
    void ecmpDependsOnTheSeed() {
        int[] a = choices(1, 4);
        int[] b = choices(2, 4);
        int differ = 0;
        for (int f = 0; f < FLOWS; f++) {
            if (a[f] != b[f]) {
                differ++;
            }
        }
        // Independent choices among 4 differ 3/4 of the time (~7500 of 10,000).
        assertTrue(differ > 6500 && differ < 8500, "choices differing between seeds: " + differ);
    }

    @Test
    void ecmpDependsOnEveryPartOfTheKey() {
        int[] base = choices(99, 4);
        int[] otherSwitch = new int[FLOWS];
        int[] otherSrc = new int[FLOWS];
        int[] otherDst = new int[FLOWS];
        for (int f = 0; f < FLOWS; f++) {
            otherSwitch[f] = IdentityHash.ecmp(99, 4, 17, 42, f, 4);
            otherSrc[f] = IdentityHash.ecmp(99, 3, 18, 42, f, 4);
            otherDst[f] = IdentityHash.ecmp(99, 3, 17, 43, f, 4);
        }
        assertNotEquals(java.util.Arrays.toString(base), java.util.Arrays.toString(otherSwitch));
        assertNotEquals(java.util.Arrays.toString(base), java.util.Arrays.toString(otherSrc));
        assertNotEquals(java.util.Arrays.toString(base), java.util.Arrays.toString(otherDst));
    }

    @Test
    void ecmpWithOneChoiceIsZeroAndHandlesNegativeHashes() {
        for (int f = 0; f < 1000; f++) {
            assertEquals(0, IdentityHash.ecmp(f * 31L, 0, 1, 2, f, 1));
            int c = IdentityHash.ecmp(-f, 1, 2, 3, f, 3);  // unsigned remainder: never negative
            assertTrue(c >= 0 && c < 3);
        }
    }

    @Test
    void hashIsDeterministicAndOrderSensitive() {
        assertEquals(IdentityHash.hash(5, 1, 2, 3), IdentityHash.hash(5, 1, 2, 3));
        assertNotEquals(IdentityHash.hash(5, 1, 2, 3), IdentityHash.hash(5, 3, 2, 1));
        assertNotEquals(IdentityHash.hash(5, 1, 2, 3), IdentityHash.hash(6, 1, 2, 3));
        assertEquals(IdentityHash.mix(5), IdentityHash.hash(5));
    }
}
