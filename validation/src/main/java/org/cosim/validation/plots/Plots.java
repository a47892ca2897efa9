package org.cosim.validation.plots;

import java.awt.BasicStroke;
import java.awt.Color;
import java.io.File;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
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
    private static final int LEGEND_MAX = 12;

    private Plots() {}

    /** Writes rates.png, rtt_cdf.png and queue.png; returns the files written. */
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
        return out;
    }

    static JFreeChart rates(RunResults r) {
        TimeSeries ts = r.series();
        XYSeriesCollection data = new XYSeriesCollection();
        int flows = ts.samples() == 0 ? 0 : ts.flowBytes()[0].length;
        double seconds = ts.intervalPs() / (double) Units.PS_PER_S;
        for (int f = 0; f < flows; f++) {
            XYSeries s = new XYSeries("flow " + f, false, true);
            for (int i = 0; i < ts.samples(); i++) {
                s.add(ts.times()[i] / (double) Units.PS_PER_MS, ts.flowBytes()[i][f] * 8 / seconds / 1e9);
            }
            data.addSeries(s);
        }
        return style(ChartFactory.createXYLineChart(
                "Per-connection rate (" + r.scenarioName() + ", " + r.protocol() + ")",
                "time (ms)", "rate (Gb/s), per " + JsonWriter.number(ts.intervalPs() / (double) Units.PS_PER_US) + " us interval", data,
                PlotOrientation.VERTICAL, flows <= LEGEND_MAX, false, false));
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
