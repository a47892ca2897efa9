package org.cosim.runner.plots;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.cosim.runner.plots.FigureData.Series;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class FigureDataTest {
    private static final double[] X = {10, 20, 50};
    private static final double[] Y = {1, 2, 3};

    @Test
    void aDashedCompanionSharesTheColourOfTheSolidSeriesBeforeIt() {
        FigureData f = FigureData.lines(FigureData.Kind.SWEEP, "t", "x", "y", List.of(
                new Series("CP: mean", X, Y), new Series("CP: worst 10%", X, Y).asDashed(),
                new Series("NDP: mean", X, Y), new Series("NDP: worst 10%", X, Y).asDashed(),
                new Series("reference", X, Y)));
        assertArrayEquals(new int[] {0, 0, 1, 1, 2}, f.colourSlots());
    }

    @Test
    void withoutDashedSeriesEverySeriesHasItsOwnColour() {
        FigureData f = FigureData.lines(FigureData.Kind.TIME_SERIES, "t", "x", "y",
                List.of(new Series("a", X, Y), new Series("b", X, Y), new Series("c", X, Y)));
        assertArrayEquals(new int[] {0, 1, 2}, f.colourSlots());
    }

    @Test
    void aDashedFirstSeriesHasNoSolidSeriesToFollowAndIsRefused() {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> FigureData.lines(
                FigureData.Kind.SWEEP, "Fig 2", "x", "y", List.of(new Series("worst", X, Y).asDashed())));
        assertTrue(e.getMessage().contains("Fig 2"), e.getMessage());
    }

    @Test
    void aFigureWithDashedCompanionsIsDrawn(@TempDir Path dir) throws Exception {
        Path png = Plots.figure(dir.resolve("fig2.png"), FigureData.lines(FigureData.Kind.SWEEP, "t", "x", "y",
                List.of(new Series("mean", X, Y), new Series("worst 10%", X, new double[] {0.5, 1, 1.5}).asDashed()))
                .withLogX());
        assertTrue(Files.size(png) > 1000, "a PNG was written");
    }
}
