package org.cosim.runner.plots;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.awt.Color;
import java.util.List;
import org.cosim.runner.JavaBackend;
import org.cosim.runner.ShippedScenarios;
import org.cosim.runner.results.RunResults;
import org.cosim.runner.results.Slowdowns;
import org.cosim.runner.results.TimeSeries;
import org.jfree.chart.JFreeChart;
import org.jfree.chart.axis.NumberAxis;
import org.jfree.chart.plot.CombinedDomainXYPlot;
import org.jfree.chart.plot.XYPlot;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/** The plots of a run: one palette, titles that name the run, the figures a short-flow workload wants. */
class PlotsTest {
    private static RunResults swift;

    /** WebSearch under Swift, from the variant file whose base is the DCTCP one. */
    @BeforeAll
    static void run() {
        swift = JavaBackend.run(ShippedScenarios.read("websearch-leafspine-swift.textproto", "duration_us=8000",
                "output.warmup_us=3000"), t -> { });
    }

    @Test
    void thePaletteHasNoYellowAndEveryColourIsDarkEnoughToReadOnWhite() {
        for (Color c : Plots.PALETTE) {
            float[] hsb = Color.RGBtoHSB(c.getRed(), c.getGreen(), c.getBlue(), null);
            double hueDegrees = hsb[0] * 360;
            boolean yellow = hueDegrees > 45 && hueDegrees < 75 && hsb[1] > 0.3 && hsb[2] > 0.6;
            assertTrue(!yellow, "yellow in the palette: " + c);
            // Relative luminance (sRGB weights, no gamma: a bound, not a standard): white is 1.
            double luminance = (0.2126 * c.getRed() + 0.7152 * c.getGreen() + 0.0722 * c.getBlue()) / 255;
            assertTrue(luminance < 0.7, "too light on white: " + c + " (" + luminance + ")");
        }
        assertEquals(Plots.PALETTE.size(), Plots.PALETTE.stream().distinct().count(), "distinct colours");
    }

    @Test
    void everyTitleNamesTheRunsOwnScenarioAndTheProtocolItRan() {
        String label = "websearch-leafspine-swift, swift";
        assertEquals(label, Plots.runLabel(swift));
        for (JFreeChart c : List.of(Plots.activeFlows(swift), Plots.rttCdf(swift),
                Plots.chart(Plots.slowdown(swift, Slowdowns.bySize(swift.flows(), swift.warmupPs()))))) {
            assertTrue(c.getTitle().getText().endsWith("(" + label + ")"), c.getTitle().getText());
        }
    }

    @Test
    void theSlowdownFigureHasEachSizeBucketsP99AndP50AtItsMedianSizeOnLogAxes() {
        List<Slowdowns.Bucket> buckets = Slowdowns.bySize(swift.flows(), swift.warmupPs());
        assertTrue(buckets.size() >= 2, "WebSearch sizes span several decades: " + buckets);
        FigureData f = Plots.slowdown(swift, buckets);
        assertTrue(f.logX() && f.logY());
        assertEquals(List.of("p99", "p50"), f.series().stream().map(FigureData.Series::name).toList());
        assertArrayEquals(buckets.stream().mapToDouble(Slowdowns.Bucket::p99).toArray(), f.series().get(0).y());
        assertArrayEquals(buckets.stream().mapToDouble(Slowdowns.Bucket::p50).toArray(), f.series().get(1).y());
        assertArrayEquals(buckets.stream().mapToDouble(b -> b.medianBytes() / 1e3).toArray(), f.series().get(0).x());
    }

    @Test
    void aShortFlowWorkloadsRatesAreItsDeliveredRateAndActiveFlowsNotSampleConnections() {
        assertTrue(Plots.aggregateRates(swift), swift.flows().size() + " flows");
        XYPlot panel = (XYPlot) ((CombinedDomainXYPlot) Plots.activeFlows(swift).getPlot()).getSubplots().get(0);
        assertEquals("delivered rate (Gb/s, left axis)", panel.getDataset(0).getSeriesKey(0));
        assertEquals("active flows (right axis)", panel.getDataset(1).getSeriesKey(0));
        // At the end, the flows that started and had not finished: the measured ones unfinished and the warm-up's.
        long end = swift.series().times()[swift.series().samples() - 1];
        long unfinished = swift.flows().stream().filter(f -> f.startPs() <= end && (!f.finished() || f.endPs() > end))
                .count();
        assertEquals(unfinished, panel.getDataset(1).getYValue(0, swift.series().samples() - 1));
        assertTrue(unfinished > 0 && unfinished < swift.flows().size());
    }

    @Test
    void queuePngDrawsTheSixBusiestQueuesByTheirMeanBusiestFirst() {
        String[] names = {"q0", "q1", "q2", "q3", "q4", "q5", "q6", "q7"};
        long[] means = {5, 70, 10, 40, 0, 90, 20, 30};
        long[][] bytes = new long[2][names.length];
        for (int q = 0; q < names.length; q++) {
            bytes[0][q] = means[q] - 1;  // two samples around the mean
            bytes[1][q] = means[q] + 1;
        }
        TimeSeries ts = new TimeSeries(1, new long[] {1, 2}, new long[2][0], List.of(names), bytes);
        assertArrayEquals(new int[] {5, 1, 3, 7, 6, 2}, Plots.busiestQueues(ts, Plots.BUSIEST_QUEUES));
    }

    @Test
    void aSweepFigureFitsItsYAxisToTheData() {
        JFreeChart c = Plots.chart(FigureData.lines(FigureData.Kind.SWEEP, "t", "x", "goodput", List.of(
                new FigureData.Series("a", new double[] {1, 2, 3}, new double[] {100, 105, 110}))));
        NumberAxis y = (NumberAxis) c.getXYPlot().getRangeAxis();
        assertTrue(y.getLowerBound() > 90 && y.getUpperBound() < 120, y.getRange().toString());
    }
}
