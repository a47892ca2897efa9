package org.cosim.runner.plots;

import java.awt.BasicStroke;
import java.awt.Color;
import java.io.File;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import javax.imageio.ImageIO;
import org.cosim.agents.host.FlowStates;
import org.cosim.runner.results.FlowRecord;
import org.cosim.runner.results.JsonWriter;
import org.cosim.runner.results.ResultsWriter;
import org.cosim.runner.results.RunResults;
import org.cosim.runner.results.Slowdowns;
import org.cosim.runner.results.Stats;
import org.cosim.runner.results.TimeSeries;
import org.cosim.runner.results.TracedOneWay;
import org.cosim.scenario.Units;
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

    /**
     * Writes rates.png, slowdown.png, rtt_cdf.png, queue.png, packet_trace.png and agent_state.png; returns the
     * files written.
     */
    public static List<Path> write(Path dir, RunResults r) {
        System.setProperty("java.awt.headless", "true");
        List<Path> out = new ArrayList<>();
        out.add(aggregateRates(r) ? save(dir.resolve(ResultsWriter.RATES_PNG), activeFlows(r), activeFlowsHeight(r))
                : save(dir.resolve(ResultsWriter.RATES_PNG), rates(r)));
        List<Slowdowns.Bucket> buckets = Slowdowns.bySize(r.flows(), r.warmupPs());
        if (!buckets.isEmpty()) {
            out.add(figure(dir.resolve(ResultsWriter.SLOWDOWN_PNG), slowdown(r, buckets)));
        }
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
     * per signal of the law; the flows output.agent_state_flows names, else (with
     * many flows) four spread over the ids. A flow is drawn where it had a state (gaps before its start and
     * after its end).
     */
    static JFreeChart agentState(RunResults r) {
        FlowStates st = r.flowStates();
        int[] chosen = r.chosenStateFlows();
        int[] shown = chosen.length > 0 ? chosen
                : st.flows() <= SAMPLE_FLOWS ? range(st.flows()) : spread(st.flows(), SAMPLE_FLOWS);
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
            XYPlot panel = panel(data, axisLabel(st.names().get(v)));  // a flow's colour in every panel
            plot.add(panel, v == 0 ? 2 : 1);
            if (v == 0) {
                plot.setFixedLegendItems(panel.getLegendItems());  // once, not once per panel
            }
        }
        String which = shown.length < st.flows() ? shown.length + " of " + st.flows() + " flows" : "per flow";
        String side = st.names().get(0).equals("pulls_queued") ? "Receiver state, " : "Sender state, ";
        JFreeChart chart = new JFreeChart(side + which + " (" + runLabel(r) + ")",
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
            renderer.setSeriesPaint(i, colour(i));
        }
        return renderer;
    }

    /** What every plot's title names the run by: its own scenario name and the protocol it ran. */
    public static String runLabel(RunResults r) {
        return r.scenarioName() + ", " + r.protocol();
    }

    /**
     * rates.png shows the aggregate (activeFlows) rather than sample connections when the run has more than
     * this many flows and some of them have a size: short flows come and go, and four of them say little.
     */
    static final int AGGREGATE_ABOVE = 16;

    static boolean aggregateRates(RunResults r) {
        return r.flows().size() > AGGREGATE_ABOVE && r.flows().stream().anyMatch(f -> f.sizeBytes() > 0);
    }

    /** The moving window rates.png smooths over: 5 ms, or a fiftieth of the run if shorter, in samples. */
    private static int smoothingSamples(RunResults r) {
        TimeSeries ts = r.series();
        long windowPs = Math.max(ts.intervalPs(), Math.min(5 * Units.PS_PER_MS, r.durationPs() / 50));
        return (int) Math.max(1, windowPs / ts.intervalPs());
    }

    private static String smoothingLabel(RunResults r) {
        return JsonWriter.number(smoothingSamples(r) * r.series().intervalPs() / (double) Units.PS_PER_US)
                + " us moving average";
    }

    /** The rate {@code flows} delivered together over a moving window of k samples, over {@code divisor}. */
    private static XYSeries movingRate(String name, TimeSeries ts, int[] flows, int k, double divisor) {
        double seconds = k * ts.intervalPs() / (double) Units.PS_PER_S;
        XYSeries s = new XYSeries(name, false, true);
        long sum = 0;
        for (int i = 0; i < ts.samples(); i++) {
            for (int f : flows) {
                sum += ts.flowBytes()[i][f] - (i >= k ? ts.flowBytes()[i - k][f] : 0);
            }
            if (i >= k - 1) {
                s.add(ts.times()[i] / (double) Units.PS_PER_MS, sum * 8 / seconds / 1e9 / divisor);
            }
        }
        return s;
    }

    /** rates.png of a mixed workload draws a panel for each of its first this many parts. */
    static final int MAX_PART_PANELS = 6;

    /**
     * rates.png of a short-flow workload: the rate its flows delivered together (left axis) and how many
     * were active, started and not finished (right axis), at each sample; a mixed workload's parts in a
     * panel each, on scales of their own (a few short transfers beside a fabric full of long flows).
     */
    static JFreeChart activeFlows(RunResults r) {
        List<String> kinds = r.partKinds();
        List<int[]> groups = new ArrayList<>();
        List<String> names = new ArrayList<>();
        if (kinds.isEmpty()) {
            groups.add(range(r.flows().size()));
            names.add("all " + r.flows().size() + " flows");
        }
        for (int p = 0; p < Math.min(kinds.size(), MAX_PART_PANELS); p++) {
            int part = p;
            groups.add(r.flows().stream().filter(f -> f.part() == part).mapToInt(FlowRecord::id).toArray());
            names.add("part " + p + ": " + kinds.get(p) + ", " + groups.get(p).length + " flows");
        }
        CombinedDomainXYPlot plot = new CombinedDomainXYPlot(new NumberAxis("time (ms), rates a "
                + smoothingLabel(r)));
        plot.setGap(8);
        for (int g = 0; g < groups.size(); g++) {
            plot.add(rateAndActive(r, names.get(g), groups.get(g)));
        }
        plot.setFixedLegendItems(((XYPlot) plot.getSubplots().get(0)).getLegendItems());
        String which = kinds.size() > MAX_PART_PANELS ? ", the first " + MAX_PART_PANELS + " of " + kinds.size()
                + " parts" : "";
        JFreeChart chart = new JFreeChart("Delivered rate and active flows" + which + " (" + runLabel(r) + ")",
                JFreeChart.DEFAULT_TITLE_FONT, plot, true);
        chart.setBackgroundPaint(Color.WHITE);
        return chart;
    }

    /** activeFlows' height: a panel per group of flows. */
    static int activeFlowsHeight(RunResults r) {
        return HEIGHT + 200 * Math.max(0, Math.min(r.partKinds().size(), MAX_PART_PANELS) - 1);
    }

    /** One group's panel: its delivered rate (left axis, the palette's first colour), its active flows (right). */
    private static XYPlot rateAndActive(RunResults r, String name, int[] flows) {
        TimeSeries ts = r.series();
        XYSeries n = new XYSeries("active flows (right axis)", false, true);
        for (int i = 0; i < ts.samples(); i++) {
            n.add(ts.times()[i] / (double) Units.PS_PER_MS, activeAt(r, flows, ts.times()[i]));
        }
        XYPlot panel = panel(new XYSeriesCollection(movingRate("delivered rate (Gb/s, left axis)", ts, flows,
                smoothingSamples(r), 1)), name + " (Gb/s)");
        NumberAxis right = new NumberAxis("active flows");
        right.setAutoRangeIncludesZero(false);
        right.setStandardTickUnits(NumberAxis.createIntegerTickUnits());
        panel.setRangeAxis(1, right);
        panel.setDataset(1, new XYSeriesCollection(n));
        panel.mapDatasetToRangeAxis(1, 1);
        XYLineAndShapeRenderer second = lines(1);
        second.setSeriesPaint(0, colour(1));
        panel.setRenderer(1, second);
        return panel;
    }

    /** How many of {@code flows} had started at or before {@code t} and had not finished by then. */
    static int activeAt(RunResults r, int[] flows, long t) {
        int n = 0;
        for (int f : flows) {
            FlowRecord x = r.flows().get(f);
            n += x.startPs() <= t && (!x.finished() || x.endPs() > t) ? 1 : 0;
        }
        return n;
    }

    /** A panel of a combined plot: lines in the palette's order on white, the y axis fitted to the data. */
    private static XYPlot panel(XYSeriesCollection data, String yLabel) {
        NumberAxis axis = new NumberAxis(yLabel);
        axis.setAutoRangeIncludesZero(false);
        XYPlot panel = new XYPlot(data, null, axis, lines(data.getSeriesCount()));
        panel.setBackgroundPaint(Color.WHITE);
        panel.setDomainGridlinePaint(Color.LIGHT_GRAY);
        panel.setRangeGridlinePaint(Color.LIGHT_GRAY);
        return panel;
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
        int k = smoothingSamples(r);
        int[] shown = flows <= SAMPLE_FLOWS ? range(flows) : spread(flows, SAMPLE_FLOWS);
        for (int f : shown) {
            data.addSeries(movingRate("flow " + f, ts, new int[] {f}, k, 1));
        }
        if (shown.length < flows) {
            data.addSeries(movingRate("mean of all " + flows, ts, range(flows), k, flows));
        }
        String which = shown.length < flows ? shown.length + " of " + flows + " connections" : "per connection";
        return style(ChartFactory.createXYLineChart("Rate, " + which + " (" + runLabel(r) + ")",
                "time (ms)", "rate (Gb/s), " + smoothingLabel(r), data,
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
                "RTT CDF, " + r.rtts().size() + " samples (" + runLabel(r) + ")",
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
        JFreeChart chart = ChartFactory.createScatterPlot("Traced data packets, NIC to NIC (" + runLabel(r)
                + ")", "sent (ms)", "one-way time (us)", data, PlotOrientation.VERTICAL, true,
                false, false);
        XYPlot plot = chart.getXYPlot();
        plot.setBackgroundPaint(Color.WHITE);
        plot.setDomainGridlinePaint(Color.LIGHT_GRAY);
        plot.setRangeGridlinePaint(Color.LIGHT_GRAY);
        XYLineAndShapeRenderer dots = new XYLineAndShapeRenderer(false, true);
        for (int i = 0; i < data.getSeriesCount(); i++) {
            dots.setSeriesPaint(i, colour(i));
            dots.setSeriesShape(i, new java.awt.geom.Ellipse2D.Double(-2, -2, 4, 4));
        }
        plot.setRenderer(dots);
        return chart;
    }

    /** queue.png draws at most this many queues: the busiest of those monitored. */
    static final int BUSIEST_QUEUES = 6;

    /**
     * The monitored queues over time: the {@link #BUSIEST_QUEUES} busiest (by their mean over the samples,
     * the busiest first), each named with that mean; the title says how many of how many are drawn.
     */
    static JFreeChart queue(RunResults r) {
        TimeSeries ts = r.series();
        int n = ts.queueNames().size();
        XYSeriesCollection data = new XYSeriesCollection();
        for (int q : busiestQueues(ts, BUSIEST_QUEUES)) {
            XYSeries s = new XYSeries(String.format(Locale.ROOT, "%s (mean %.1f KB)", ts.queueNames().get(q),
                    meanQueueBytes(ts, q) / 1000), false, true);
            for (int i = 0; i < ts.samples(); i++) {
                s.add(ts.times()[i] / (double) Units.PS_PER_MS, ts.queueBytes()[i][q] / 1000.0);
            }
            data.addSeries(s);
        }
        String which = n <= BUSIEST_QUEUES ? (n == 1 ? "Queue" : "Queues")
                : "The " + BUSIEST_QUEUES + " busiest of " + n + " monitored queues, by mean";
        return style(ChartFactory.createXYLineChart(which + " (" + runLabel(r) + ")",
                "time (ms)", "queue (KB), sampled", data, PlotOrientation.VERTICAL, true, false, false));
    }

    /** The indices of the (at most) k queues with the largest mean over the samples, largest first. */
    static int[] busiestQueues(TimeSeries ts, int k) {
        int n = ts.queueNames().size();
        double[] mean = new double[n];
        for (int q = 0; q < n; q++) {
            mean[q] = meanQueueBytes(ts, q);
        }
        return java.util.stream.IntStream.range(0, n).boxed()
                .sorted((a, b) -> mean[a] != mean[b] ? Double.compare(mean[b], mean[a]) : Integer.compare(a, b))
                .limit(k).mapToInt(Integer::intValue).toArray();
    }

    private static double meanQueueBytes(TimeSeries ts, int q) {
        double sum = 0;
        for (int i = 0; i < ts.samples(); i++) {
            sum += ts.queueBytes()[i][q];
        }
        return ts.samples() == 0 ? 0 : sum / ts.samples();
    }

    /** One run's FCT slowdown by size ({@link Slowdowns}) as slowdown.png draws it. */
    static FigureData slowdown(RunResults r, List<Slowdowns.Bucket> buckets) {
        return slowdownFigure("FCT slowdown by flow size (" + runLabel(r) + ")",
                List.of(SlowdownCurve.of("", buckets)));
    }

    /**
     * One run's slowdowns by size bucket: each bucket at the median size of its flows (KB), with its p50 and
     * p99 slowdown. {@code label}: the run's name on an overlay, empty for a run alone.
     */
    public record SlowdownCurve(String label, double[] sizeKb, double[] p50, double[] p99) {
        public static SlowdownCurve of(String label, List<Slowdowns.Bucket> buckets) {
            return new SlowdownCurve(label, buckets.stream().mapToDouble(b -> b.medianBytes() / 1e3).toArray(),
                    buckets.stream().mapToDouble(Slowdowns.Bucket::p50).toArray(),
                    buckets.stream().mapToDouble(Slowdowns.Bucket::p99).toArray());
        }
    }

    /**
     * FCT slowdown against flow size, both axes log: per run its p99 per size bucket (solid) and p50
     * (dashed, in the same colour). `cosim run` draws one run, `cosim compare --dirs` several.
     */
    public static FigureData slowdownFigure(String title, List<SlowdownCurve> curves) {
        List<FigureData.Series> series = new ArrayList<>();
        for (SlowdownCurve c : curves) {
            String prefix = c.label().isEmpty() ? "" : c.label() + ": ";
            series.add(new FigureData.Series(prefix + "p99", c.sizeKb(), c.p99()));
            series.add(new FigureData.Series(prefix + "p50", c.sizeKb(), c.p50()).asDashed());
        }
        return FigureData.lines(FigureData.Kind.SWEEP, title, "flow size (KB; each decade's median), flows started "
                + "after the warm-up", "FCT slowdown (FCT / ideal FCT)", series).withLogX().withLogY();
    }

    /**
     * Draws a paper-shaped figure ({@link FigureData}) to {@code file} as PNG:
     * lines for time series and CDFs, lines with markers for sweeps, grouped bars.
     * A log axis drops non-positive values (they have no place on it).
     */
    public static Path figure(Path file, FigureData f) {
        System.setProperty("java.awt.headless", "true");
        return save(file, chart(f));
    }

    /** The chart {@link #figure} draws. */
    static JFreeChart chart(FigureData f) {
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
                bars.setSeriesPaint(i, colour(i));
            }
            return chart;
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
            lines.setSeriesPaint(i, colour(slots[i]));
            if (f.series().get(i).dashed()) {
                lines.setSeriesStroke(i, DASHED);
            }
        }
        if (f.kind() == FigureData.Kind.SWEEP) {
            lines.setDefaultShapesVisible(true);
            if (plot.getRangeAxis() instanceof NumberAxis y) {
                y.setAutoRangeIncludesZero(false);  // fitted to the data: a sweep's differences are what it shows
            }
        }
        if (f.logX()) {
            plot.setDomainAxis(logAxis(f.xLabel()));
            widenNarrowLogRange(plot.getDomainAxis(), data.getDomainLowerBound(false),
                    data.getDomainUpperBound(false));
        }
        if (f.logY()) {
            plot.setRangeAxis(logAxis(f.yLabel()));
            widenNarrowLogRange(plot.getRangeAxis(), data.getRangeLowerBound(false), data.getRangeUpperBound(false));
        }
        return chart;
    }

    /**
     * A log axis over data within a factor of two (one flow size) has no tick to show: it spans a factor
     * of two either side instead.
     */
    private static void widenNarrowLogRange(org.jfree.chart.axis.ValueAxis axis, double lo, double hi) {
        if (lo > 0 && hi / lo < 2) {
            axis.setRange(lo / 2, hi * 2);
        }
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

    /**
     * The one palette of every plot: Okabe and Ito's colour-blind-safe colours without their yellow, which
     * does not read on white (JFreeChart's defaults include yellow). The eighth series takes the first
     * colour again.
     */
    static final List<Color> PALETTE = List.of(new Color(0x0072B2), new Color(0xD55E00), new Color(0x009E73),
            new Color(0xCC79A7), new Color(0x56B4E9), new Color(0xE69F00), new Color(0x000000));

    /** Series {@code i}'s colour. */
    static Color colour(int i) {
        return PALETTE.get(i % PALETTE.size());
    }

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
