package org.cosim.runner.plots;

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

    /**
     * One curve. A dashed series is a companion of the solid one before it (the
     * papers draw, say, Fig 2's worst 10% of flows dashed next to the mean) and is
     * drawn in that series' colour.
     */
    public record Series(String name, double[] x, double[] y, boolean dashed) {
        public Series(String name, double[] x, double[] y) {
            this(name, x, y, false);
        }

        /** This series as the dashed companion of the solid series before it. */
        public Series asDashed() {
            return new Series(name, x, y, true);
        }
    }

    public FigureData {
        categories = List.copyOf(categories);
        series = List.copyOf(series);
        if (!series.isEmpty() && series.get(0).dashed()) {
            throw new IllegalArgumentException("the first series of '" + title + "' is dashed: a dashed series "
                    + "takes the colour of the solid one before it");
        }
    }

    /**
     * Each series' colour slot: solid series take the next slot, a dashed one its
     * solid predecessor's, so a curve and its companion share a colour.
     */
    public int[] colourSlots() {
        int[] slots = new int[series.size()];
        int next = -1;
        for (int i = 0; i < slots.length; i++) {
            if (!series.get(i).dashed()) {
                next++;
            }
            slots[i] = next;
        }
        return slots;
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
