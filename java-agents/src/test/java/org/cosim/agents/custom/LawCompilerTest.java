package org.cosim.agents.custom;

import static org.junit.jupiter.api.Assertions.assertNotSame;
import static org.junit.jupiter.api.Assertions.assertSame;

import org.junit.jupiter.api.Test;

/** A source is compiled once while it is among the last ones used, and forgotten after. */
class LawCompilerTest {
    private static Class<?> compiled(int n) {
        return LawCompiler.classes("package lab; public class Law" + n + " {}", "test").get("lab.Law" + n);
    }

    @Test
    void keepsTheLastSourcesUsedAndForgetsOlderOnes() {
        Class<?> first = compiled(0);
        Class<?> second = compiled(1);
        assertSame(first, compiled(0), "asked again: the same class, not compiled again");
        for (int n = 2; n <= LawCompiler.KEPT_SOURCES; n++) {
            compiled(n);
        }
        // Law0 was used after Law1, so Law1 is the oldest and went when the last one came.
        assertSame(first, compiled(0));
        assertNotSame(second, compiled(1), "forgotten and compiled afresh");
    }
}
