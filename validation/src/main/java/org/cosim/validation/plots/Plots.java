package org.cosim.validation.plots;

import java.awt.BasicStroke;
import java.awt.Color;
import java.io.File;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import javax.imageio.ImageIO;
import org.cosim.agents.host.FlowStates;
import org.cosim.scenario.Units;
import org.cosim.validation.results.JsonWriter;
import org.cosim.validation.results.ResultsWriter;
import org.cosim.validation.results.RunResults;
import org.cosim.validation.results.Stats;
import org.cosim.validation.results.TimeSeries;
import org.cosim.validation.results.TracedOneWay;
import org.jfree.chart.ChartFactory;
import org.jfree.chart.ChartUtils;
import org.jfree.chart.JFreeChart;
import org.jfree.chart.axis.NumberAxis;
import org.jfree.chart.plot.CombinedDomainXYPlot;
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

    static {
        // PNGs are encoded in memory. ImageIO's default file cache registers a JVM shutdown hook on first
        // use, which throws once shutdown has begun: the plots of a run stopped by Ctrl-C were lost.
        ImageIO.setUseCache(false);
    }

    private Plots() {}

    /** Writes rates.png, rtt_cdf.png, queue.png, packet_trace.png and agent_state.png; returns the files written. */
    public static List<Path> write(Path dir, RunResults r) {
        System.setProperty("java.awt.headless", "true");
        List<Path> out = new ArrayList<>();
        out.add(save(dir.resolve(ResultsWriter.RATES_PNG), rates(r)));
        if (r.rtts().size() > 0) {
            out.add(save(dir.resolve(ResultsWriter.RTT_CDF_PNG), rttCdf(r)));
        }
        if (!r.series().queueNames().isEmpty()) {
            out.add(save(dir.resolve(ResultsWriter.QUEUE_PNG), queue(r)));
        }
        List<TracedOneWay.Trip> trips = r.packetTrace() == null ? List.of() : TracedOneWay.trips(r.packetTrace());
        if (!trips.isEmpty()) {
            out.add(save(dir.resolve(ResultsWriter.PACKET_TRACE_PNG), packetTrips(r, trips)));
        }
        if (r.flowStates() != null && r.flowStates().samples() > 0) {
            out.add(save(dir.resolve(ResultsWriter.AGENT_STATE_PNG), agentState(r), agentStateHeight(r.flowStates())));
        }
        return out;
    }

    /**
     * Each flow's window or rate at its sender (NDP: queued pulls at its receiver),
     * as sampled (no smoothing: it is a state, not a count), and below it a panel
     * per signal of the law; with many flows, the same sample connections as
     * rates.png. A flow is drawn where it had a state (gaps before its start and
     * after its end).
     */
    static JFreeChart agentState(RunResults r) {
        FlowStates st = r.flowStates();
        int[] shown = st.flows() <= SAMPLE_FLOWS ? range(st.flows()) : spread(st.flows(), SAMPLE_FLOWS);
        CombinedDomainXYPlot plot = new CombinedDomainXYPlot(new NumberAxis("time (ms), sampled every "
                + JsonWriter.number(st.intervalPs() / (double) Units.PS_PER_US) + " us"));
        plot.setGap(8);
        for (int v = 0; v < st.variables(); v++) {
            XYSeriesCollection data = new XYSeriesCollection();
            for (int f : shown) {
                XYSeries s = new XYSeries("flow " + f, false, true);
                for (int i = 0; i < st.samples(); i++) {
                    double x = st.value(i, f, v);
                    s.add(st.timePs(i) / (double) Units.PS_PER_MS, Double.isNaN(x) ? null : x);
                }
                data.addSeries(s);
            }
            NumberAxis axis = new NumberAxis(axisLabel(st.names().get(v)));
            axis.setAutoRangeIncludesZero(false);
            XYLineAndShapeRenderer renderer = lines(data.getSeriesCount());
            for (int i = 0; i < data.getSeriesCount(); i++) {
                renderer.setSeriesPaint(i, PALETTE[i % PALETTE.length]);  // a flow's colour in every panel
            }
            XYPlot panel = new XYPlot(data, null, axis, renderer);
            panel.setBackgroundPaint(Color.WHITE);
            panel.setDomainGridlinePaint(Color.LIGHT_GRAY);
            panel.setRangeGridlinePaint(Color.LIGHT_GRAY);
            plot.add(panel, v == 0 ? 2 : 1);
            if (v == 0) {
                plot.setFixedLegendItems(panel.getLegendItems());  // once, not once per panel
            }
        }
        String which = shown.length < st.flows() ? shown.length + " of " + st.flows() + " flows" : "per flow";
        String side = st.names().get(0).equals("pulls_queued") ? "Receiver state, " : "Sender state, ";
        JFreeChart chart = new JFreeChart(side + which + " (" + r.scenarioName() + ", " + r.protocol() + ")",
                JFreeChart.DEFAULT_TITLE_FONT, plot, true);
        chart.setBackgroundPaint(Color.WHITE);
        return chart;
    }

    /** agent_state.png's height: the main panel and a shorter one per signal. */
    static int agentStateHeight(FlowStates st) {
        return HEIGHT + 180 * (st.variables() - 1);
    }

    /** "target_us" -> "target (us)": the unit the name carries, as a label. */
    static String axisLabel(String name) {
        return switch (name) {
            case "cwnd_packets" -> "window (packets)";
            case "rate_gbps" -> "sending rate (Gb/s)";
            case "pulls_queued" -> "pulls queued at receiver";
            case "rtt_us" -> "RTT (us)";
            default -> name.endsWith("_us") ? name.substring(0, name.length() - 3).replace('_', ' ') + " (us)"
                    : name.endsWith("_gbps") ? name.substring(0, name.length() - 5).replace('_', ' ') + " (Gb/s)"
                    : name.endsWith("_packets") ? name.substring(0, name.length() - 8).replace('_', ' ') + " (packets)"
                    : name.replace('_', ' ');
        };
    }

    private static XYLineAndShapeRenderer lines(int series) {
        XYLineAndShapeRenderer renderer = new XYLineAndShapeRenderer(true, false);
        for (int i = 0; i < series; i++) {
            renderer.setSeriesStroke(i, new BasicStroke(1.2f));
        }
        return renderer;
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

    /** The CDFs of the samples' network and host RTTs (RttSamples), with a legend. */
    static JFreeChart rttCdf(RunResults r) {
        XYSeriesCollection both = new XYSeriesCollection();
        both.addSeries(cdfSeries("network RTT (from the wire)", r.rtts().networkRttPs()));
        both.addSeries(cdfSeries("host RTT (from the hand-over to the NIC)", r.rtts().hostRttPs()));
        return style(ChartFactory.createXYLineChart(
                "RTT CDF, " + r.rtts().size() + " samples (" + r.scenarioName() + ")",
                "RTT (us)", "fraction of samples", both, PlotOrientation.VERTICAL, true, false, false));
    }

    private static XYSeries cdfSeries(String name, long[] ps) {
        long[] sorted = Stats.sorted(ps);
        XYSeries s = new XYSeries(name, true, true);
        int n = sorted.length;
        int step = Math.max(1, n / MAX_CDF_POINTS);
        for (int i = 0; i < n; i += step) {
            s.add(sorted[i] / (double) Units.PS_PER_US, (i + 1) / (double) n);
        }
        s.add(sorted[n - 1] / (double) Units.PS_PER_US, 1.0);
        return s;
    }

    /**
     * Each traced data packet's NIC-to-NIC time against when it was sent, a series per
     * traced flow (the four lowest ids) and the packets that arrived trimmed marked apart:
     * where in the run the flow's packets queued, and which were cut.
     */
    static JFreeChart packetTrips(RunResults r, List<TracedOneWay.Trip> trips) {
        XYSeriesCollection data = new XYSeriesCollection();
        java.util.Map<Integer, XYSeries> byFlow = new java.util.TreeMap<>();
        XYSeries trimmed = new XYSeries("arrived trimmed (any flow)", false, true);
        for (TracedOneWay.Trip t : trips) {
            XYSeries s = t.trimmed() ? trimmed : byFlow.computeIfAbsent(t.flow(), f -> new XYSeries("flow " + f,
                    false, true));
            s.add(t.sentPs() / (double) Units.PS_PER_MS, t.oneWayPs() / (double) Units.PS_PER_US);
        }
        byFlow.values().stream().limit(SAMPLE_FLOWS).forEach(data::addSeries);  // the lowest flow ids
        if (!trimmed.isEmpty()) {
            data.addSeries(trimmed);
        }
        JFreeChart chart = ChartFactory.createScatterPlot("Traced data packets, NIC to NIC (" + r.scenarioName()
                + ", " + r.protocol() + ")", "sent (ms)", "one-way time (us)", data, PlotOrientation.VERTICAL, true,
                false, false);
        XYPlot plot = chart.getXYPlot();
        plot.setBackgroundPaint(Color.WHITE);
        plot.setDomainGridlinePaint(Color.LIGHT_GRAY);
        plot.setRangeGridlinePaint(Color.LIGHT_GRAY);
        XYLineAndShapeRenderer dots = new XYLineAndShapeRenderer(false, true);
        for (int i = 0; i < data.getSeriesCount(); i++) {
            dots.setSeriesPaint(i, PALETTE[i % PALETTE.length]);
            dots.setSeriesShape(i, new java.awt.geom.Ellipse2D.Double(-2, -2, 4, 4));
        }
        plot.setRenderer(dots);
        return chart;
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
        int[] slots = f.colourSlots();
        for (int i = 0; i < f.series().size(); i++) {
            lines.setSeriesPaint(i, PALETTE[slots[i] % PALETTE.length]);
            if (f.series().get(i).dashed()) {
                lines.setSeriesStroke(i, DASHED);
            }
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

    /** A companion curve's line (FigureData.Series#dashed). */
    private static final BasicStroke DASHED = new BasicStroke(1.5f, BasicStroke.CAP_BUTT, BasicStroke.JOIN_MITER,
            10f, new float[] {6f, 4f}, 0f);

    /** Distinct colours that read on white (JFreeChart's defaults include yellow). */
    private static final Color[] PALETTE = {new Color(0xd62728), new Color(0x1f77b4), new Color(0x2ca02c),
        new Color(0x9467bd), new Color(0xff7f0e), new Color(0x17becf), new Color(0x8c564b), new Color(0x7f7f7f),
        new Color(0xe377c2), new Color(0xbcbd22)};

    private static JFreeChart style(JFreeChart chart) {
        XYPlot plot = chart.getXYPlot();
        plot.setBackgroundPaint(Color.WHITE);
        plot.setDomainGridlinePaint(Color.LIGHT_GRAY);
        plot.setRangeGridlinePaint(Color.LIGHT_GRAY);
        plot.setRenderer(lines(plot.getDataset().getSeriesCount()));
        return chart;
    }

    private static Path save(Path file, JFreeChart chart) {
        return save(file, chart, HEIGHT);
    }

    private static Path save(Path file, JFreeChart chart, int height) {
        try {
            ChartUtils.saveChartAsPNG(new File(file.toString()), chart, WIDTH, height);
            return file;
        } catch (IOException e) {
            throw new UncheckedIOException("cannot write plot " + file + ": " + e.getMessage(), e);
        }
    }
}
