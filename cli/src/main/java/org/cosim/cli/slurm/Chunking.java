package org.cosim.cli.slurm;

import java.util.ArrayList;
import java.util.List;

/**
 * Which points each task of a job array runs. A task costs a JVM start and a turn in the queue, so a point far
 * shorter than that is not a task of its own: consecutive points go into one task until their estimated cost
 * (simulated microseconds x hosts, ValidationRunner#cost) reaches {@link #MIN_TASK_COST}, about half a minute of
 * a run on one core. A job array has at most {@link #MAX_TASKS} tasks (SLURM's default MaxArraySize is 1001); more
 * points share tasks evenly.
 */
public final class Chunking {
    /** The least estimated cost of a task's points: 1e9 host-us, e.g. 100 ms simulated of a 10,000-host fabric. */
    public static final double MIN_TASK_COST = 1e9;
    public static final int MAX_TASKS = 1000;

    private Chunking() {}

    /**
     * The points (in order) grouped into tasks: {@code perTask} points each when it is positive (--slurm-chunk),
     * else by {@link #MIN_TASK_COST} over {@code costs} (one per point, in the same order).
     */
    public static List<List<String>> tasks(List<String> points, double[] costs, int perTask) {
        if (points.size() != costs.length) {
            throw new IllegalArgumentException(points.size() + " points but " + costs.length + " costs");
        }
        List<List<String>> tasks = perTask > 0 ? even(points, perTask) : byCost(points, costs);
        return tasks.size() <= MAX_TASKS ? tasks : even(points, (points.size() + MAX_TASKS - 1) / MAX_TASKS);
    }

    private static List<List<String>> byCost(List<String> points, double[] costs) {
        List<List<String>> tasks = new ArrayList<>();
        List<String> current = new ArrayList<>();
        double sum = 0;
        for (int i = 0; i < points.size(); i++) {
            current.add(points.get(i));
            sum += costs[i];
            if (sum >= MIN_TASK_COST) {
                tasks.add(List.copyOf(current));
                current.clear();
                sum = 0;
            }
        }
        if (!current.isEmpty()) {
            tasks.add(List.copyOf(current));
        }
        return tasks;
    }

    private static List<List<String>> even(List<String> points, int perTask) {
        List<List<String>> tasks = new ArrayList<>();
        for (int i = 0; i < points.size(); i += perTask) {
            tasks.add(List.copyOf(points.subList(i, Math.min(points.size(), i + perTask))));
        }
        return tasks;
    }
}
