package org.cosim.cli.slurm;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A point's state as the files its task writes say: pending without files, running once a task starts it, done
 * or failed only once its state file is in place; what a killed task leaves half written never counts.
 */
class StudyDirTest {
    @TempDir
    Path tmp;

    @Test
    void aPointGoesFromPendingThroughRunningToDoneOrFailed() {
        StudyDir d = new StudyDir(tmp);
        assertEquals(PointState.PENDING, d.state("p1"));
        d.starting("p1", "7_0 on node1");
        assertEquals(PointState.RUNNING, d.state("p1"));
        d.ended("p1", null);
        assertEquals(PointState.DONE, d.state("p1"));
        assertNull(d.failure("p1"));

        d.starting("p2", "7_1 on node1");
        d.ended("p2", "IllegalStateException: broke\nat line 8");
        assertEquals(PointState.FAILED, d.state("p2"));
        assertEquals("IllegalStateException: broke at line 8", d.failure("p2"), "one line");
        assertEquals(List.of(PointState.DONE, PointState.FAILED), List.of(PointState.values()).subList(0, 2));
        assertTrue(PointState.DONE.ended() && PointState.FAILED.ended());
        assertFalse(PointState.RUNNING.ended() || PointState.PENDING.ended());
    }

    @Test
    void aRetriedPointForgetsItsEarlierOutcomeAsItStarts() {
        StudyDir d = new StudyDir(tmp);
        d.starting("p1", "7_0");
        d.ended("p1", "failed once");
        d.starting("p1", "8_0");
        assertEquals(PointState.RUNNING, d.state("p1"), "a task killed now leaves no stale 'failed' behind");
        d.abandoned("p1");
        assertEquals(PointState.PENDING, d.state("p1"), "a task stopped by a signal leaves the point pending");
    }

    @Test
    void aStateFileHalfWrittenUnderItsTemporaryNameDoesNotCount() throws IOException {
        StudyDir d = new StudyDir(tmp);
        Files.createDirectories(d.points());
        // A task killed while writing: the bytes went to NAME.state.tmp, never renamed.
        Files.writeString(d.points().resolve("p1.state.tmp"), "do");
        assertEquals(PointState.PENDING, d.state("p1"));
        StudyDir.writeAtomically(d.points().resolve("p1.state"), "done\n");
        assertEquals(PointState.DONE, d.state("p1"));
        assertFalse(Files.exists(d.points().resolve("p1.state.tmp")), "the rename consumed the temporary file");
    }

    @Test
    void aPointsResultsReplaceWhatAnEarlierAttemptLeftInOneRename() throws IOException {
        StudyDir d = new StudyDir(tmp);
        Path old = tmp.resolve("3_x=1");
        Files.createDirectories(old);
        Files.writeString(old.resolve("flows.csv"), "partial");
        Files.writeString(old.resolve("stale.csv"), "from the earlier attempt");
        Path scratch = d.scratch("3_x=1");
        Files.createDirectories(scratch);
        Files.writeString(scratch.resolve("flows.csv"), "complete");
        StudyDir.replaceDirectory(scratch, old);
        assertEquals("complete", Files.readString(old.resolve("flows.csv")));
        assertFalse(Files.exists(old.resolve("stale.csv")));
        assertFalse(Files.exists(scratch));
        d.clearScratch("3_x=1");
        assertFalse(Files.exists(tmp.resolve(".slurm-tmp")), "an empty scratch directory goes too");
    }

    @Test
    void tasksAndJobsAreReadBackAsWritten() {
        StudyDir d = new StudyDir(tmp);
        assertEquals(1, d.nextSubmission());
        d.writeTasks(1, List.of(List.of("1_a", "2_b"), List.of("3_c")));
        StudyDir.writeAtomically(d.script(1), "#!/bin/bash\n");
        assertEquals(2, d.nextSubmission());
        assertEquals(List.of("1_a", "2_b"), d.taskPoints(1, 0));
        assertEquals(List.of("3_c"), d.taskPoints(1, 1));
        d.addJob("41");
        d.addJob("42");
        assertEquals(List.of("41", "42"), d.jobs());
        assertFalse(Slurm.alive(List.of()), "no jobs: none alive, without asking squeue");
        assertEquals(List.of("--partition=long", "--time=2:00:00"),
                Slurm.options(" --partition=long  --time=2:00:00 "));
    }
}
