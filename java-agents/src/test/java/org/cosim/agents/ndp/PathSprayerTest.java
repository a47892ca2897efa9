package org.cosim.agents.ndp;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import org.cosim.proto.Ndp;
import org.junit.jupiter.api.Test;

/** Path spraying: one packet per path in a keyed random order, a new order every pass. */
class PathSprayerTest {
    private static List<Integer> take(PathSprayer s, int n) {
        List<Integer> out = new ArrayList<>();
        for (int i = 0; i < n; i++) {
            out.add(s.next());
        }
        return out;
    }

    @Test
    void everyPassIsAPermutationOfAllPaths() {
        PathSprayer s = new PathSprayer(16, 1, 3, null);
        List<List<Integer>> passes = new ArrayList<>();
        for (int pass = 0; pass < 5; pass++) {
            List<Integer> p = take(s, 16);
            assertEquals(16, new TreeSet<>(p).size(), "pass " + pass + " uses each path once: " + p);
            assertTrue(p.stream().allMatch(x -> x >= 1 && x <= 16));
            passes.add(p);
        }
        assertEquals(5, Set.copyOf(passes).size(), "each pass has its own order");
    }

    @Test
    void theOrderIsKeyedBySeedAndFlowOnly() {
        assertEquals(take(new PathSprayer(36, 9, 4, null), 200), take(new PathSprayer(36, 9, 4, null), 200));
        assertNotEquals(take(new PathSprayer(36, 9, 4, null), 36), take(new PathSprayer(36, 9, 5, null), 36));
        assertNotEquals(take(new PathSprayer(36, 9, 4, null), 36), take(new PathSprayer(36, 10, 4, null), 36));
    }

    @Test
    void aResendAvoidsThePathItFailedOn() {
        PathSprayer s = new PathSprayer(4, 1, 1, null);
        for (int i = 0; i < 1000; i++) {
            int avoid = 1 + i % 4;
            assertNotEquals(avoid, s.nextOtherThan(avoid));
        }
        assertEquals(1, new PathSprayer(1, 1, 1, null).nextOtherThan(1), "a single path cannot be avoided");
    }

    @Test
    void aPenalisedPathSitsOutThenProbes() {
        NdpConfig cfg = NdpTesting.config(Ndp.newBuilder().setPenaltyMinSamples(10).setPenaltyPasses(3));
        PathScoreboard board = new PathScoreboard(4, cfg);
        for (int i = 0; i < 20; i++) {
            board.ack(1);
            board.ack(2);
            board.ack(3);
            board.nack(4);  // path 4 only NACKs
        }
        PathSprayer s = new PathSprayer(4, 1, 1, board);
        assertEquals(0, s.excludedThisPass(), "before the first pass");
        // Passes 1..3: path 4 sits out; pass 4: it probes; pass 5: judged bad again.
        for (int pass = 1; pass <= 3; pass++) {
            List<Integer> p = take(s, 3);
            assertFalse(p.contains(4), "pass " + pass + ": " + p);
            assertEquals(Set.of(1, 2, 3), Set.copyOf(p));
            assertEquals(1, s.excludedThisPass(), "agent_state's paths_excluded, pass " + pass);
        }
        assertEquals(Set.of(1, 2, 3, 4), Set.copyOf(take(s, 4)), "the probe pass");
        assertEquals(0, s.excludedThisPass());
        assertEquals(Set.of(1, 2, 3), Set.copyOf(take(s, 3)));
    }
}
