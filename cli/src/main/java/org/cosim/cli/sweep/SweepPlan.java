package org.cosim.cli.sweep;

import java.util.ArrayList;
import java.util.List;
import org.cosim.scenario.ScenarioException;

/**
 * The runs of a sweep: every combination of the axes' values, the first axis
 * outermost (so the last one varies fastest, as nested loops would run them).
 */
public record SweepPlan(List<SweepAxis> axes, List<Point> points) {
    /** Beyond this many runs a sweep is more likely a typo than a plan. */
    public static final int MAX_POINTS = 10_000;

    /** One run: its position and one value per axis. */
    public record Point(int index, List<String> values) {
        /** The --set overrides that make this point's scenario. */
        public List<String> overrides(List<SweepAxis> axes) {
            List<String> o = new ArrayList<>();
            for (int a = 0; a < axes.size(); a++) {
                o.add(axes.get(a).path() + "=" + values.get(a));
            }
            return o;
        }

        /** A directory name: the index (zero-padded to sort) and the values, e.g. 03_senders=64. */
        public String dirName(List<SweepAxis> axes, int count) {
            StringBuilder b = new StringBuilder(String.format("%0" + Integer.toString(count).length() + "d", index));
            for (int a = 0; a < axes.size(); a++) {
                b.append('_').append(axes.get(a).label()).append('=').append(values.get(a));
            }
            String name = b.toString().replaceAll("[^A-Za-z0-9._=+-]", "_");
            return name.length() > 120 ? name.substring(0, 120) : name;
        }
    }

    public static SweepPlan of(List<String> specs) {
        if (specs.isEmpty()) {
            throw new ScenarioException("--vary", "nothing to sweep: give at least one --vary field.path=v1,v2,...");
        }
        List<SweepAxis> axes = new ArrayList<>();
        long count = 1;
        for (String s : specs) {
            SweepAxis axis = SweepAxis.parse(s);
            if (axes.stream().anyMatch(a -> a.path().equals(axis.path()))) {
                throw new ScenarioException(axis.path(), "varied twice: give all its values in one --vary");
            }
            axes.add(axis);
            count *= axis.values().size();
            if (count > MAX_POINTS) {
                throw new ScenarioException("--vary", "more than " + MAX_POINTS + " runs: sweep fewer values");
            }
        }
        List<Point> points = new ArrayList<>();
        combine(axes, 0, new ArrayList<>(), points);
        return new SweepPlan(List.copyOf(axes), List.copyOf(points));
    }

    private static void combine(List<SweepAxis> axes, int a, List<String> chosen, List<Point> out) {
        if (a == axes.size()) {
            out.add(new Point(out.size() + 1, List.copyOf(chosen)));
            return;
        }
        for (String v : axes.get(a).values()) {
            chosen.add(v);
            combine(axes, a + 1, chosen, out);
            chosen.remove(chosen.size() - 1);
        }
    }
}
