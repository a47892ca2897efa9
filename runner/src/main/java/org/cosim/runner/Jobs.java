package org.cosim.runner;

import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import org.cosim.proto.Scenario;
import org.cosim.setup.topology.TopologyBuilders;

/** The threads that run `--jobs` runs at a time, for `cosim sweep` and `cosim validate` alike. */
public final class Jobs {
    private Jobs() {}

    /**
     * {@code jobs} threads named {@code name}; daemons, so that a run left behind when its caller leaves on an
     * exception does not keep the JVM alive.
     */
    public static ExecutorService pool(int jobs, String name) {
        return Executors.newFixedThreadPool(jobs, r -> {
            Thread t = new Thread(r, name);
            t.setDaemon(true);
            return t;
        });
    }

    /**
     * A rough cost of a run, for progress estimates and for grouping short runs into one SLURM task: simulated
     * microseconds x hosts.
     */
    public static double cost(Scenario s) {
        return s.getDurationUs() * TopologyBuilders.build(s.getTopology()).hostCount();
    }
}
