package org.cosim.validation.plots;

import java.util.List;

/**
 * A figure in the shape of a paper's, as data: its kind, axes and series. The
 * experiments build these from their runs; {@link Plots#figure} draws them.
 * For {@link Kind#BARS}, {@code categories} names the groups along the x axis
 * and each series holds one value per category (its x values are ignored).
 */
public record FigureData(Kind kind, String title, String xLabel, String yLabel, boolean logX, boolean logY,
                         List<String> categories, List<Series> series) {
    public enum Kind {
        /** Values over time, lines. */
        TIME_SERIES,
        /** Cumulative distributions: x = value, y = fraction of samples at or below. */
        CDF,
        /** Grouped bars: one group per category, one bar per series. */
        BARS,
        /** A parameter swept along x, lines with markers. */
        SWEEP
    }

    public record Series(String name, double[] x, double[] y) {}

    public FigureData {
        categories = List.copyOf(categories);
        series = List.copyOf(series);
    }

    public static FigureData lines(Kind kind, String title, String xLabel, String yLabel, List<Series> series) {
        return new FigureData(kind, title, xLabel, yLabel, false, false, List.of(), series);
    }

    public static FigureData bars(String title, String yLabel, List<String> categories, List<Series> series) {
        return new FigureData(Kind.BARS, title, "", yLabel, false, false, categories, series);
    }

    public FigureData withLogY() {
        return new FigureData(kind, title, xLabel, yLabel, logX, true, categories, series);
    }

    public FigureData withLogX() {
        return new FigureData(kind, title, xLabel, yLabel, true, logY, categories, series);
    }
}
