package org.cosim.validation.plots;

import java.awt.BasicStroke;
import java.awt.Color;
import java.io.File;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.cosim.agents.host.FlowStates;
import org.cosim.scenario.Units;
import org.cosim.validation.results.JsonWriter;
import org.cosim.validation.results.RunResults;
import org.cosim.validation.results.Stats;
import org.cosim.validation.results.TimeSeries;
import org.jfree.chart.ChartFactory;
import org.jfree.chart.ChartUtils;
import org.jfree.chart.JFreeChart;
import org.jfree.chart.plot.PlotOrientation;
import org.jfree.chart.plot.XYPlot;
import org.jfree.chart.renderer.xy.XYLineAndShapeRenderer;
import org.jfree.data.xy.XYSeries;
import org.jfree.data.xy.XYSeriesCollection;

/** The standard plots of a run, as PNG files, drawn with JFreeChart. */
public final class Plots {
    private static final int WIDTH = 900;
    private static final int HEIGHT = 540;
    private static final int MAX_CDF_POINTS = 2000;
    private static final int SAMPLE_FLOWS = 4;

    private Plots() {}

    /** Writes rates.png, rtt_cdf.png, queue.png and agent_state.png; returns the files written. */
    public static List<Path> write(Path dir, RunResults r) {
        System.setProperty("java.awt.headless", "true");
        List<Path> out = new ArrayList<>();
        out.add(save(dir.resolve("rates.png"), rates(r)));
        if (r.rtts().size() > 0) {
            out.add(save(dir.resolve("rtt_cdf.png"), rttCdf(r)));
        }
        if (!r.series().queueNames().isEmpty()) {
            out.add(save(dir.resolve("queue.png"), queue(r)));
        }
        if (r.flowStates() != null && r.flowStates().samples() > 0) {
            out.add(save(dir.resolve("agent_state.png"), agentState(r)));
        }
        return out;
    }

    /**
     * Each flow's window or rate at its sender, as sampled (no smoothing: it is a
     * state, not a count); with many flows, the same sample connections as rates.png.
     * A flow is drawn where it had a state (gaps before its start and after its end).
     */
    static JFreeChart agentState(RunResults r) {
        FlowStates st = r.flowStates();
        XYSeriesCollection data = new XYSeriesCollection();
        int[] shown = st.flows() <= SAMPLE_FLOWS ? range(st.flows()) : spread(st.flows(), SAMPLE_FLOWS);
        for (int f : shown) {
            XYSeries s = new XYSeries("flow " + f, false, true);
            for (int i = 0; i < st.samples(); i++) {
                double v = st.value(i, f);
                s.add(st.timePs(i) / (double) Units.PS_PER_MS, Double.isNaN(v) ? null : v);
            }
            data.addSeries(s);
        }
        String which = shown.length < st.flows() ? shown.length + " of " + st.flows() + " flows" : "per flow";
        String what = st.name().equals("cwnd_packets") ? "congestion window (packets)"
                : st.name().equals("rate_gbps") ? "sending rate (Gb/s)"
                : st.name().equals("pulls_queued") ? "pulls queued at the receiver" : st.name();
        return style(ChartFactory.createXYLineChart(
                (st.name().equals("pulls_queued") ? "Receiver state, " : "Sender state, ") + which + " (" + r.scenarioName() + ", " + r.protocol() + ")",
                "time (ms)", what + ", sampled every "
                        + JsonWriter.number(st.intervalPs() / (double) Units.PS_PER_US) + " us", data,
                PlotOrientation.VERTICAL, true, false, false));
    }

    /**
     * Per-connection rate over time, smoothed over a moving window (5 ms, or a
     * fiftieth of the run if shorter) so that segment-sized bursts do not hide
     * the trend. With many flows, as in the paper's Fig 13, a few sample
     * connections are drawn, with the mean over all flows.
     */
    static JFreeChart rates(RunResults r) {
        TimeSeries ts = r.series();
        XYSeriesCollection data = new XYSeriesCollection();
        int flows = ts.samples() == 0 ? 0 : ts.flowBytes()[0].length;
        long windowPs = Math.max(ts.intervalPs(), Math.min(5 * Units.PS_PER_MS, r.durationPs() / 50));
        int k = (int) Math.max(1, windowPs / ts.intervalPs());
        double seconds = k * ts.intervalPs() / (double) Units.PS_PER_S;
        int[] shown = flows <= SAMPLE_FLOWS ? range(flows) : spread(flows, SAMPLE_FLOWS);
        for (int f : shown) {
            XYSeries s = new XYSeries("flow " + f, false, true);
            long sum = 0;
            for (int i = 0; i < ts.samples(); i++) {
                sum += ts.flowBytes()[i][f] - (i >= k ? ts.flowBytes()[i - k][f] : 0);
                if (i >= k - 1) {
                    s.add(ts.times()[i] / (double) Units.PS_PER_MS, sum * 8 / seconds / 1e9);
                }
            }
            data.addSeries(s);
        }
        if (shown.length < flows) {
            XYSeries mean = new XYSeries("mean of all " + flows, false, true);
            long sum = 0;
            for (int i = 0; i < ts.samples(); i++) {
                for (int f = 0; f < flows; f++) {
                    sum += ts.flowBytes()[i][f] - (i >= k ? ts.flowBytes()[i - k][f] : 0);
                }
                if (i >= k - 1) {
                    mean.add(ts.times()[i] / (double) Units.PS_PER_MS, sum * 8 / seconds / 1e9 / flows);
                }
            }
            data.addSeries(mean);
        }
        String which = shown.length < flows ? shown.length + " of " + flows + " connections" : "per connection";
        return style(ChartFactory.createXYLineChart(
                "Rate, " + which + " (" + r.scenarioName() + ", " + r.protocol() + ")",
                "time (ms)", "rate (Gb/s), " + JsonWriter.number(windowPs / (double) Units.PS_PER_US)
                        + " us moving average", data,
                PlotOrientation.VERTICAL, true, false, false));
    }

    private static int[] range(int n) {
        int[] r = new int[n];
        for (int i = 0; i < n; i++) {
            r[i] = i;
        }
        return r;
    }

    /** n flow ids spread evenly over 0..flows-1. */
    private static int[] spread(int flows, int n) {
        int[] r = new int[n];
        for (int i = 0; i < n; i++) {
            r[i] = (int) ((long) i * flows / n);
        }
        return r;
    }

    static JFreeChart rttCdf(RunResults r) {
        long[] sorted = Stats.sorted(r.rtts().rttPs());
        XYSeries s = new XYSeries("RTT", true, true);
        int n = sorted.length;
        int step = Math.max(1, n / MAX_CDF_POINTS);
        for (int i = 0; i < n; i += step) {
            s.add(sorted[i] / (double) Units.PS_PER_US, (i + 1) / (double) n);
        }
        s.add(sorted[n - 1] / (double) Units.PS_PER_US, 1.0);
        return style(ChartFactory.createXYLineChart(
                "RTT CDF, " + n + " segment completions (" + r.scenarioName() + ")",
                "RTT (us)", "fraction of samples", new XYSeriesCollection(s),
                PlotOrientation.VERTICAL, false, false, false));
    }

    static JFreeChart queue(RunResults r) {
        TimeSeries ts = r.series();
        XYSeriesCollection data = new XYSeriesCollection();
        for (int q = 0; q < ts.queueNames().size(); q++) {
            XYSeries s = new XYSeries(ts.queueNames().get(q), false, true);
            for (int i = 0; i < ts.samples(); i++) {
                s.add(ts.times()[i] / (double) Units.PS_PER_MS, ts.queueBytes()[i][q] / 1000.0);
            }
            data.addSeries(s);
        }
        return style(ChartFactory.createXYLineChart("Bottleneck queue (" + r.scenarioName() + ")",
                "time (ms)", "queue (KB), sampled", data, PlotOrientation.VERTICAL, true, false, false));
    }

    /**
     * Draws a paper-shaped figure ({@link FigureData}) to {@code file} as PNG:
     * lines for time series and CDFs, lines with markers for sweeps, grouped bars.
     * A log axis drops non-positive values (they have no place on it).
     */
    public static Path figure(Path file, FigureData f) {
        System.setProperty("java.awt.headless", "true");
        if (f.kind() == FigureData.Kind.BARS) {
            org.jfree.data.category.DefaultCategoryDataset data = new org.jfree.data.category.DefaultCategoryDataset();
            for (FigureData.Series s : f.series()) {
                for (int i = 0; i < f.categories().size() && i < s.y().length; i++) {
                    if (!Double.isNaN(s.y()[i])) {
                        data.addValue(s.y()[i], s.name(), f.categories().get(i));
                    }
                }
            }
            JFreeChart chart = ChartFactory.createBarChart(f.title(), f.xLabel(), f.yLabel(), data,
                    PlotOrientation.VERTICAL, true, false, false);
            org.jfree.chart.plot.CategoryPlot plot = chart.getCategoryPlot();
            plot.setBackgroundPaint(Color.WHITE);
            plot.setRangeGridlinePaint(Color.LIGHT_GRAY);
            if (f.logY()) {
                plot.setRangeAxis(logAxis(f.yLabel()));
            }
            org.jfree.chart.renderer.category.BarRenderer bars =
                    (org.jfree.chart.renderer.category.BarRenderer) plot.getRenderer();
            bars.setBarPainter(new org.jfree.chart.renderer.category.StandardBarPainter());
            for (int i = 0; i < f.series().size(); i++) {
                bars.setSeriesPaint(i, PALETTE[i % PALETTE.length]);
            }
            return save(file, chart);
        }
        XYSeriesCollection data = new XYSeriesCollection();
        for (FigureData.Series s : f.series()) {
            XYSeries xy = new XYSeries(s.name(), false, true);
            for (int i = 0; i < s.x().length; i++) {
                boolean fits = !(f.logX() && s.x()[i] <= 0) && !(f.logY() && s.y()[i] <= 0);
                if (fits && Double.isFinite(s.x()[i]) && Double.isFinite(s.y()[i])) {
                    xy.add(s.x()[i], s.y()[i]);
                }
            }
            data.addSeries(xy);
        }
        JFreeChart chart = style(ChartFactory.createXYLineChart(f.title(), f.xLabel(), f.yLabel(), data,
                PlotOrientation.VERTICAL, true, false, false));
        XYPlot plot = chart.getXYPlot();
        XYLineAndShapeRenderer lines = (XYLineAndShapeRenderer) plot.getRenderer();
        for (int i = 0; i < f.series().size(); i++) {
            lines.setSeriesPaint(i, PALETTE[i % PALETTE.length]);
        }
        if (f.kind() == FigureData.Kind.SWEEP) {
            lines.setDefaultShapesVisible(true);
        }
        if (f.logX()) {
            plot.setDomainAxis(logAxis(f.xLabel()));
        }
        if (f.logY()) {
            plot.setRangeAxis(logAxis(f.yLabel()));
        }
        return save(file, chart);
    }

    /** A log axis with ticks at powers of two (readable values: 16, 32, 64, ...). */
    private static org.jfree.chart.axis.LogAxis logAxis(String label) {
        org.jfree.chart.axis.LogAxis a = new org.jfree.chart.axis.LogAxis(label);
        a.setBase(2);
        a.setSmallestValue(1e-9);
        a.setStandardTickUnits(org.jfree.chart.axis.NumberAxis.createIntegerTickUnits());
        a.setNumberFormatOverride(new java.text.DecimalFormat("0.###"));
        return a;
    }

    /** Distinct colours that read on white (JFreeChart's defaults include yellow). */
    private static final Color[] PALETTE = {new Color(0xd62728), new Color(0x1f77b4), new Color(0x2ca02c),
        new Color(0x9467bd), new Color(0xff7f0e), new Color(0x17becf), new Color(0x8c564b), new Color(0x7f7f7f),
        new Color(0xe377c2), new Color(0xbcbd22)};

    private static JFreeChart style(JFreeChart chart) {
        XYPlot plot = chart.getXYPlot();
        plot.setBackgroundPaint(Color.WHITE);
        plot.setDomainGridlinePaint(Color.LIGHT_GRAY);
        plot.setRangeGridlinePaint(Color.LIGHT_GRAY);
        XYLineAndShapeRenderer renderer = new XYLineAndShapeRenderer(true, false);
        for (int i = 0; i < plot.getDataset().getSeriesCount(); i++) {
            renderer.setSeriesStroke(i, new BasicStroke(1.2f));
        }
        plot.setRenderer(renderer);
        return chart;
    }

    private static Path save(Path file, JFreeChart chart) {
        try {
            ChartUtils.saveChartAsPNG(new File(file.toString()), chart, WIDTH, HEIGHT);
            return file;
        } catch (IOException e) {
            throw new UncheckedIOException("cannot write plot " + file + ": " + e.getMessage(), e);
        }
    }
}
