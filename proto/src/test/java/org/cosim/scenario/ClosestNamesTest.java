package org.cosim.scenario;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.List;
import org.junit.jupiter.api.Test;

class ClosestNamesTest {
    private static final List<String> COMMANDS = List.of("run", "compare", "agents", "bench", "omnetpp-ini",
            "validate", "sweep");

    @Test
    void aSwapOfTwoNeighbouringLettersIsOneEdit() {
        assertEquals(1, ClosestNames.distance("rnu", "run"));
        assertEquals(2, ClosestNames.distance("rnu", "urn"));  // two swaps, or two replacements
        assertEquals(3, ClosestNames.distance("", "run"));
        assertEquals(0, ClosestNames.distance("sweep", "sweep"));
    }

    @Test
    void theLimitIsAThirdOfTheTypedNameBetweenOneAndThreeEdits() {
        assertEquals(List.of("run"), ClosestNames.of("rnu", COMMANDS));        // 1 edit, limit max(1, 3/3) = 1
        assertEquals(List.of(), ClosestNames.of("rxx", COMMANDS));             // 2 edits from run, limit 1
        assertEquals(List.of("validate"), ClosestNames.of("valdiat", COMMANDS));  // 2 edits, limit 7/3 = 2
        assertEquals(List.of("fat_tree"), ClosestNames.of("fat_tre", List.of("incast_star", "fat_tree", "clos")));
        assertEquals(List.of(), ClosestNames.of("frobnicate", COMMANDS));
    }

    @Test
    void equallyCloseNamesAreAllOfferedInTheirOrder() {
        assertEquals("; did you mean '--ab' or '--ac'?",
                ClosestNames.didYouMean("aa", List.of("ab", "ac", "zz"), "--"));
        assertEquals("", ClosestNames.didYouMean("zzzz", List.of("ab"), ""));
    }
}
