package org.cosim.cli;

import static org.cosim.cli.CliOutcome.cosim;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.cosim.cli.slurm.PointState;
import org.cosim.cli.slurm.SlurmStudy;
import org.cosim.cli.slurm.StudyDir;
import org.cosim.cli.sweep.SweepPlan;
import org.cosim.cli.sweep.SweepTable;
import org.cosim.proto.Scenario;
import org.cosim.runner.ShippedScenarios;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A sweep's points as SLURM tasks run them, without SLURM: the study's files written as --slurm writes them, its
 * tasks run in-process as `cosim slurm-task` (what each array task runs), then --collect. A point whose task has
 * not run is pending, a failed run is failed, and once every point has run, sweep.csv and the points' files are
 * those of the local sweep, byte for byte (run.json aside).
 */
class SweepOnSlurmTest {
    @TempDir
    Path tmp;

    private List<String> base() throws IOException {
        Path law = tmp.resolve("Breaks.java");
        Files.writeString(law, SweepCommandTest.BREAKS);
        return List.of("duration_us=300", "output.warmup_us=100",
                "protocol.custom_window_law.source_file=" + law.toAbsolutePath());
    }

    /** break_at 0 and 1e9 never break (1e9 ACKs are far beyond 300 us); 500 breaks the second point's run. */
    private static final String VARY = "protocol.custom_window_law.params[break_at]=0,500,1000000000";

    private static Path scenario() {
        return ShippedScenarios.path("poseidon/fig14-m2-n2.textproto");
    }

    @Test
    void collectMarksFailedAndPendingPointsAndResumeRunsOnlyThoseWithoutCompleteResults() throws IOException {
        List<String> base = base();
        Path local = tmp.resolve("local");
        String[] args = {"sweep", scenario().toString(), "--set", base.get(0), "--set", base.get(1), "--set",
            base.get(2), "--vary", VARY, "--out", local.toString()};
        assertEquals(1, cosim(args).status(), "one of three runs fails");

        Path out = tmp.resolve("slurm");
        SweepPlan plan = SweepPlan.of(List.of(VARY));
        List<Scenario> scenarios = SweepCommand.checkedScenarios(scenario(), base, plan, false,
                new PrintStream(new ByteArrayOutputStream()));
        SweepOnSlurm.Study study = new SweepOnSlurm.Study(out, plan, BackendChoice.JAVA, false, List.of());
        List<SlurmStudy.Point> points = SweepOnSlurm.prepare(study, scenarios);
        assertEquals(List.of("1_params_break_at_=0", "2_params_break_at_=500", "3_params_break_at_=1000000000"),
                points.stream().map(SlurmStudy.Point::name).toList());
        StudyDir dir = new StudyDir(out);
        // Task 0 runs the first two points; task 1 (the third point) has not run, as if still queued or cancelled.
        dir.writeTasks(1, List.of(points.subList(0, 2).stream().map(SlurmStudy.Point::name).toList(),
                List.of(points.get(2).name())));
        CliOutcome task = cosim("slurm-task", out.toString(), "1", "0");
        assertEquals(0, task.status(), task.err());
        assertTrue(task.err().contains("2_params_break_at_=500: FAILED (IllegalStateException: broke as asked"),
                task.err());

        CliOutcome collect = cosim("sweep", "--collect", out.toString());
        assertEquals(1, collect.status(), collect.err());
        assertTrue(collect.err().contains("SLURM points: 1 done, 1 failed, 0 running, 1 pending; `cosim sweep "
                + "--resume " + out + "` runs again those without complete results"), collect.err());
        List<String> localRows = Files.readString(local.resolve("sweep.csv")).lines().toList();
        List<String> rows = Files.readString(out.resolve("sweep.csv")).lines().toList();
        assertEquals(localRows.subList(0, 3), rows.subList(0, 3), "the heading, the complete and the failed row");
        assertTrue(rows.get(3).startsWith("3,3_params_break_at_=1000000000,1000000000,pending,,"), rows.get(3));
        assertFalse(Files.exists(out.resolve("3_params_break_at_=1000000000")), "no results for a pending point");

        assertEquals(List.of("2_params_break_at_=500", "3_params_break_at_=1000000000"),
                SweepOnSlurm.missing(SweepOnSlurm.Study.read(out)).stream().map(SlurmStudy.Point::name).toList(),
                "--resume submits the failed and the pending point, not the complete one");
        assertEquals(0, cosim("slurm-task", out.toString(), "1", "1").status());
        assertEquals(PointState.DONE, dir.state("3_params_break_at_=1000000000"));
        assertEquals(1, cosim("sweep", "--collect", out.toString()).status(), "the failed run still fails it");
        assertEquals(Files.readString(local.resolve("sweep.csv")), Files.readString(out.resolve("sweep.csv")));
        for (SlurmStudy.Point p : points) {
            for (String f : new String[] {"flows.csv", "summary.json", "timeseries.csv", "rtt_samples.csv",
                "scenario.textproto"}) {
                assertEquals(Files.readString(local.resolve(p.name()).resolve(f)),
                        Files.readString(out.resolve(p.name()).resolve(f)), p.name() + "/" + f);
            }
        }
        assertFalse(Files.exists(out.resolve(".slurm-tmp")), "no scratch left behind");
    }

    @Test
    void aRowHandedOverAsTextIsTheSameRowOfSweepCsv() {
        SweepPlan plan = SweepPlan.of(List.of("seed=1,2"));
        SweepTable.Row failed = SweepTable.Row.failedToStart(plan.points().get(0), "1_seed=1",
                "bad \\ thing\non two lines");
        SweepTable.Row pending = SweepTable.Row.pending(plan.points().get(1), "2_seed=2");
        for (SweepTable.Row r : List.of(failed, pending)) {
            SweepTable.Row back = SweepTable.Row.parse(r.point(), r.text());
            assertEquals(new SweepTable(plan.axes(), List.of(r)).csv(),
                    new SweepTable(plan.axes(), List.of(back)).csv());
            assertEquals(r.failure(), back.failure());
        }
    }

    @Test
    void slurmOptionsWithoutASubmissionAreRefused() {
        CliOutcome o = cosim("sweep", scenario().toString(), "--vary", "seed=1,2", "--detach");
        assertEquals(2, o.status());
        assertTrue(o.err().contains("--detach goes with --slurm or --resume"), o.err());
        CliOutcome chunk = cosim("sweep", scenario().toString(), "--vary", "seed=1,2", "--slurm", "--slurm-chunk",
                "0");
        assertEquals(2, chunk.status());
        assertTrue(chunk.err().contains("--slurm-chunk takes a whole number"), chunk.err());
        CliOutcome none = cosim("sweep", "--collect", tmp.toString());
        assertEquals(2, none.status());
        assertTrue(none.err().contains("holds no study submitted to SLURM"), none.err());
    }
}
