package org.cosim.cli.sweep;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.cosim.runner.results.Counters;
import org.cosim.runner.results.Summaries;
import org.cosim.runner.results.Summary;
import org.cosim.scenario.ScenarioException;
import org.junit.jupiter.api.Test;

/** Sweep axes and their combinations. */
class SweepPlanTest {
    @Test
    void valuesSplitAtCommasOutsideBracesAndQuotes() {
        SweepAxis a = SweepAxis.parse("protocol.swift={ai: 1, beta: 0.5}, {ai: 2, beta: 0.5}");
        assertEquals(List.of("{ai: 1, beta: 0.5}", "{ai: 2, beta: 0.5}"), a.values());
        assertEquals("swift", a.label());
        assertEquals(List.of("\"a,b\"", "c"), SweepAxis.parse("name=\"a,b\",c").values());
        assertEquals("params[ai]", SweepAxis.parse("protocol.custom_window_law.params[ai]=1,2").label());
        assertEquals("flows[0].src", SweepAxis.parse("workload.flow_list.flows[0].src=1,2").label());
    }

    @Test
    void rangesStandForTheirValues() {
        assertEquals(List.of("1", "2", "3", "4"), SweepAxis.parse("seed=1..4").values());
        assertEquals(List.of("0.1", "0.2", "0.3"), SweepAxis.parse("x.f=0.1..0.3:0.1").values(), "exact steps");
        assertEquals(List.of("8", "32", "40", "60", "80", "100"), SweepAxis.parse("n=8,32,40..100:20").values());
        assertEquals(List.of("../A.java", "../B.java"), SweepAxis.parse("s.source_file=../A.java,../B.java")
                .values(), "paths are not ranges");
        assertTrue(assertThrows(ScenarioException.class, () -> SweepAxis.parse("n=5..1")).getMessage()
                .contains("must run upwards"));
        assertTrue(assertThrows(ScenarioException.class, () -> SweepAxis.parse("n=1..5:0")).getMessage()
                .contains("step > 0"));
        assertTrue(assertThrows(ScenarioException.class, () -> SweepAxis.parse("n=0..10:-1")).getMessage()
                .contains("step > 0"), "a negative step is a range with a bad step, not an unparseable value");
        assertTrue(assertThrows(ScenarioException.class, () -> SweepAxis.parse("n=1..1000000")).getMessage()
                .contains("more than 10000 values"));
    }

    @Test
    void badAxesAreNamed() {
        assertTrue(assertThrows(ScenarioException.class, () -> SweepAxis.parse("senders"))
                .getMessage().contains("field.path=value1,value2"));
        assertTrue(assertThrows(ScenarioException.class, () -> SweepAxis.parse("a.b=1,,2"))
                .getMessage().contains("empty value"));
        assertTrue(assertThrows(ScenarioException.class, () -> SweepAxis.parse("a.b=1,1"))
                .getMessage().contains("listed twice"));
        assertTrue(assertThrows(ScenarioException.class, () -> SweepAxis.parse("a.b={x: 1"))
                .getMessage().contains("unbalanced"));
        assertTrue(assertThrows(ScenarioException.class, () -> SweepPlan.of(List.of("a=1,2", "a=3")))
                .getMessage().contains("varied twice"));
        assertTrue(assertThrows(ScenarioException.class, () -> SweepPlan.of(List.of()))
                .getMessage().contains("nothing to sweep"));
        assertTrue(assertThrows(ScenarioException.class, () -> SweepPlan.of(List.of(
                "a=" + String.join(",", range(200)), "b=" + String.join(",", range(51)))))
                .getMessage().contains("more than 10000 runs"));
    }

    private static List<String> range(int n) {
        return java.util.stream.IntStream.range(0, n).mapToObj(Integer::toString).toList();
    }

    @Test
    void everyCombinationTheFirstAxisOutermost() {
        SweepPlan p = SweepPlan.of(List.of("x.n=1,2,3", "y.on=false,true"));
        assertEquals(6, p.points().size());
        assertEquals(List.of("1", "false"), p.points().get(0).values());
        assertEquals(List.of("1", "true"), p.points().get(1).values());
        assertEquals(List.of("3", "true"), p.points().get(5).values());
        assertEquals(List.of("x.n=2", "y.on=false"), p.points().get(2).overrides(p.axes()));
        assertEquals(3, p.points().get(2).index());
        assertEquals("3_n=2_on=false", p.points().get(2).dirName(p.axes(), 6));
        assertEquals("03_n=2_on=false", p.points().get(2).dirName(p.axes(), 12), "padded to sort");
        SweepPlan odd = SweepPlan.of(List.of("protocol.swift={ai: 1},{ai: 2}"));
        assertEquals("1_swift=_ai__1_", odd.points().get(0).dirName(odd.axes(), 2), "a safe directory name");
    }

    @Test
    void aFigureHasOneLinePerCombinationOfTheOtherFields() {
        SweepPlan p = SweepPlan.of(List.of("workload.incast.senders=8,32,64", "x.strict=false,true"));
        List<SweepTable.Row> rows = p.points().stream()
                .map(pt -> SweepTable.Row.failedToStart(pt, "d", "no OMNeT++")).toList();
        org.cosim.runner.plots.FigureData f = new SweepTable(p.axes(), rows).figure("rtt_network_p99_us");
        assertEquals(org.cosim.runner.plots.FigureData.Kind.SWEEP, f.kind());
        assertEquals(List.of("strict=false", "strict=true"), f.series().stream().map(s -> s.name()).toList());
        assertEquals(64.0, f.series().get(1).x()[2]);
        assertTrue(Double.isNaN(f.series().get(1).y()[2]), "a run that did not start has no value");
        SweepPlan words = SweepPlan.of(List.of("protocol.swift={ai: 1},{ai: 2}"));
        org.cosim.runner.plots.FigureData bars = new SweepTable(words.axes(), words.points().stream()
                .map(pt -> SweepTable.Row.failedToStart(pt, "d", "-")).toList()).figure("jain");
        assertEquals(org.cosim.runner.plots.FigureData.Kind.BARS, bars.kind());
        assertEquals(List.of("{ai: 1}", "{ai: 2}"), bars.categories());
        assertEquals(List.of("jain"), bars.series().stream().map(s -> s.name()).toList());
        assertThrows(IllegalArgumentException.class, () -> new SweepTable(words.axes(), List.of()).figure("speed"));
    }

    @Test
    void aRunThatFailedMidwayIsAGapInItsFigureNotAPoint() {
        SweepPlan p = SweepPlan.of(List.of("seed=1,2"));
        Summary partial = Summaries.withRates(0.5);
        Summary whole = Summaries.withRates(0.9);
        Counters c = new Counters(new Counters.Pfc(0, 0, 0), new Counters.PortActions(0, 0, 0, 0, 0),
                new Counters.Work(0, 0, 0, 0), List.of());
        List<SweepTable.Row> rows = List.of(
                SweepTable.Row.measured(p.points().get(0), "d1", whole, c, List.of(), null, -1),
                SweepTable.Row.measured(p.points().get(1), "d2", partial, c, List.of(), "by SIGINT or SIGTERM", -1));
        double[] y = new SweepTable(p.axes(), rows).figure("jain").series().get(0).y();
        assertEquals(0.9, y[0]);
        assertTrue(Double.isNaN(y[1]), "the failed run's partial Jain index is not drawn");
    }

    @Test
    void seedsAfterTheFirstFieldAreAveragedIntoOneLine() {
        // Seeds are repetitions: the figure draws each configuration's mean over its complete runs.
        SweepPlan p = SweepPlan.of(List.of("workload.incast.senders=8,32", "seed=1..3"));
        double[] jain = {0.9, 0.8, 0.7, 0.5, 0.6, 0.99};
        List<SweepTable.Row> rows = new java.util.ArrayList<>();
        for (int i = 0; i < 6; i++) {
            Summary s = Summaries.withRates(jain[i]);
            Counters c = new Counters(new Counters.Pfc(0, 0, 0), new Counters.PortActions(0, 0, 0, 0, 0),
                    new Counters.Work(0, 0, 0, 0), List.of());
            rows.add(SweepTable.Row.measured(p.points().get(i), "d" + i, s, c, List.of(), i == 5 ? "stopped" : null,
                    -1));
        }
        org.cosim.runner.plots.FigureData f = new SweepTable(p.axes(), rows).figure("jain");
        assertEquals(1, f.series().size(), "one line, not one per seed");
        assertEquals(0.8, f.series().get(0).y()[0], 1e-12);   // (0.9 + 0.8 + 0.7) / 3
        assertEquals(0.55, f.series().get(0).y()[1], 1e-12);  // the stopped third run left out
        assertTrue(f.title().contains("mean over seeds"), f.title());
    }

    @Test
    void aPointStillToRunIsAPendingRowWithNoNumbers() {
        // sweep.csv is rewritten as runs end: the points not yet done say so.
        SweepPlan p = SweepPlan.of(List.of("seed=1,2"));
        String csv = new SweepTable(p.axes(), List.of(SweepTable.Row.failedToStart(p.points().get(0), "1_seed=1", "x"),
                SweepTable.Row.pending(p.points().get(1), "2_seed=2"))).csv();
        List<String> lines = csv.lines().toList();
        assertTrue(lines.get(1).startsWith("1,1_seed=1,1,failed,,"), lines.get(1));
        assertTrue(lines.get(2).startsWith("2,2_seed=2,2,pending,,"), lines.get(2));
        assertTrue(lines.get(2).matches("[^,]*,[^,]*,[^,]*,pending,*"), "no numbers yet: " + lines.get(2));
        assertFalse(SweepTable.Row.pending(p.points().get(1), "d").complete());
    }
}
