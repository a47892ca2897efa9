package org.cosim.agents.window;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.cosim.proto.Plb;
import org.cosim.scenario.ScenarioException;
import org.junit.jupiter.api.Test;

/** PLB's rounds, thresholds and moves, one connection at a time (rounds of one RTT = 10 us). */
class PathBalancerTest {
    private static final long RTT = 10_000_000L;
    private static final PlbConfig DEFAULTS = PlbConfig.from(Plb.getDefaultInstance(), "plb");

    private static PathBalancer balancer(int pathCount) {
        return new PathBalancer(DEFAULTS, 1L, 3, 7, pathCount, 0);
    }

    /** Round r: {@code acks} ACKs of segments sent in round r - 1, {@code congested} of them congested. */
    private static void round(PathBalancer b, int r, int acks, int congested) {
        for (int i = 0; i < acks; i++) {
            b.onAck((r - 1) * RTT + i, r * RTT + i, i < congested);
        }
    }

    @Test
    void linuxDefaults() {
        assertEquals(new PlbConfig(3, 12, 0.5, 60_000_000_000_000L), DEFAULTS);
    }

    @Test
    void threeCongestedRoundsMoveAnIdleConnection() {
        PathBalancer b = balancer(8);
        for (int r = 1; r <= 3; r++) {
            round(b, r, 4, 2);  // half the ACKs: congested (the threshold is inclusive)
            assertFalse(b.maybeMove(r * RTT + 5, true), "round " + r + " is still open");
        }
        round(b, 4, 1, 0);  // its first ACK closes round 3
        assertEquals(3, b.congestedRounds());
        assertTrue(b.maybeMove(4 * RTT, true));
        assertEquals(1, b.moves());
        assertTrue(b.path() >= 1 && b.path() <= 8, "a source route of the flow: " + b.path());
        assertEquals(0, b.congestedRounds(), "a move starts counting afresh");
    }

    @Test
    void withDataInFlightItTakesTwelveRounds() {
        PathBalancer b = balancer(8);
        for (int r = 1; r <= 12; r++) {
            round(b, r, 2, 2);
            assertFalse(b.maybeMove(r * RTT + 5, false), "round " + r);
        }
        round(b, 13, 1, 1);
        assertTrue(b.maybeMove(13 * RTT, false));
    }

    @Test
    void anUncongestedRoundStartsTheCountAgain() {
        PathBalancer b = balancer(8);
        round(b, 1, 4, 4);
        round(b, 2, 4, 4);
        round(b, 3, 4, 1);  // a quarter: not congested
        round(b, 4, 4, 4);
        round(b, 5, 1, 1);
        assertEquals(1, b.congestedRounds());
        assertFalse(b.maybeMove(5 * RTT, true));
    }

    @Test
    void movesAreKeyedOnIdentityAndSpreadOverThePaths() {
        PathBalancer a = balancer(8);
        PathBalancer b = balancer(8);
        PathBalancer other = new PathBalancer(DEFAULTS, 1L, 3, 8, 8, 0);
        boolean[] seen = new boolean[9];
        boolean differs = false;
        for (int k = 0; k < 40; k++) {
            a.onTimeout(0);
            b.onTimeout(0);
            other.onTimeout(0);
            assertEquals(a.path(), b.path(), "same seed, host, connection and move: same path");
            differs |= a.path() != other.path();
            seen[a.path()] = true;
        }
        assertTrue(differs, "another connection draws other paths");
        for (int p = 1; p <= 8; p++) {
            assertTrue(seen[p], "path " + p + " drawn in 40 moves");
        }
        assertFalse(seen[0], "a move never goes back to ECMP");
    }

    @Test
    void oneOrNoPathsNeverMove() {
        PathBalancer b = balancer(1);
        b.onTimeout(0);
        assertEquals(0, b.path());
        assertEquals(1, b.moves());
    }

    @Test
    void aTimeoutMovesAtOnceAndSuspendsCongestionMoves() {
        PlbConfig cfg = PlbConfig.from(Plb.newBuilder().setSuspendAfterRtoMs(1).build(), "plb");
        PathBalancer b = new PathBalancer(cfg, 1L, 3, 7, 8, 0);
        b.onTimeout(0);
        assertEquals(1, b.moves());
        for (int r = 1; r <= 4; r++) {
            round(b, r, 2, 2);
        }
        assertFalse(b.maybeMove(50 * RTT, true), "within the first suspension period (1 ms)");
        assertTrue(b.maybeMove(201 * RTT, true), "after twice the period, whatever the draw");
        assertEquals(2, b.moves());
    }

    @Test
    void badSettingsNameTheField() {
        ScenarioException e = assertThrows(ScenarioException.class,
                () -> PlbConfig.from(Plb.newBuilder().setIdleRehashRounds(5).setRehashRounds(4).build(), "w.plb"));
        assertTrue(e.getMessage().contains("w.plb.rehash_rounds"), e.getMessage());
        e = assertThrows(ScenarioException.class,
                () -> PlbConfig.from(Plb.newBuilder().setCongestedFraction(0).build(), "w.plb"));
        assertTrue(e.getMessage().contains("w.plb.congested_fraction"), e.getMessage());
        assertNotEquals(DEFAULTS, PlbConfig.from(Plb.newBuilder().setRehashRounds(20).build(), "w.plb"));
    }
}
