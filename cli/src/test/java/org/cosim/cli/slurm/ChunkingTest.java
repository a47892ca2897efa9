package org.cosim.cli.slurm;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.Test;

/** Which points each array task runs: short points share a task until 1e9 host-us, big ones go alone. */
class ChunkingTest {
    private static List<String> names(int n) {
        List<String> p = new ArrayList<>();
        for (int i = 1; i <= n; i++) {
            p.add("p" + i);
        }
        return p;
    }

    @Test
    void shortPointsShareATaskUntilTheirCostsReachTheMinimum() {
        // 4e8 + 4e8 = 8e8 < 1e9, + 4e8 = 1.2e9: three to a task; the last two left over make a task of their own.
        double[] costs = new double[5];
        Arrays.fill(costs, 4e8);
        assertEquals(List.of(List.of("p1", "p2", "p3"), List.of("p4", "p5")),
                Chunking.tasks(names(5), costs, 0));
    }

    @Test
    void aPointAtTheMinimumOrAboveIsATaskOfItsOwn() {
        // 100 ms of a 10,000-host fabric is 1e5 us x 1e4 hosts = 1e9: alone; then 2e9 alone; then two small ones.
        assertEquals(List.of(List.of("p1"), List.of("p2"), List.of("p3", "p4")),
                Chunking.tasks(names(4), new double[] {1e9, 2e9, 1e6, 1e6}, 0));
    }

    @Test
    void slurmChunkFixesThePointsPerTask() {
        double[] costs = {5e9, 5e9, 5e9, 5e9, 5e9};
        assertEquals(List.of(List.of("p1", "p2"), List.of("p3", "p4"), List.of("p5")),
                Chunking.tasks(names(5), costs, 2));
        assertEquals(5, Chunking.tasks(names(5), new double[5], 1).size(), "--slurm-chunk 1: one task per point");
    }

    @Test
    void moreBigPointsThanAnArrayHoldsShareTasksEvenly() {
        // 2500 points of 2e9 each would be 2500 tasks: at most 1000, so ceil(2500 / 1000) = 3 points a task.
        double[] costs = new double[2500];
        Arrays.fill(costs, 2e9);
        List<List<String>> tasks = Chunking.tasks(names(2500), costs, 0);
        assertEquals(834, tasks.size());  // ceil(2500 / 3)
        assertTrue(tasks.size() <= Chunking.MAX_TASKS);
        assertEquals(List.of("p2500"), tasks.get(833));
        assertEquals(2500, tasks.stream().mapToInt(List::size).sum(), "every point in exactly one task");
    }
}
