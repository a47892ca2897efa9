package org.cosim.fabric;

import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import org.cosim.agents.api.ActionBatch;
import org.cosim.agents.api.EventBatch;
import org.cosim.fabric.agent.AgentTransport;
import org.cosim.fabric.agent.DirectTransport;
import org.junit.jupiter.api.Test;

/**
 * A run's progress steps, where a stop asked for (Ctrl-C) takes effect, come within about a quarter of a
 * second of wall time however much one millisecond of it simulates, so a large healthy run stops with its results.
 */
class ProgressStepsTest {
    /** Thrown from the progress listener, as a stop is. */
    private static final class Stop extends RuntimeException {
        private static final long serialVersionUID = 1L;
    }

    @Test
    void aRunWhoseMillisecondTakesSecondsReachesAStepWithinASecondOfWallTime() throws Exception {
        // One long-lived pfc_only flow whose agents take 10 ms of wall time a window (a slow but healthy law, or
        // a large run): its windows come about 150 a simulated millisecond, so a millisecond of it is 1.5 s of wall time.
        FabricSimulation sim = FabricSimulation.of(TestScenarios.oneClientStar(0, 10, 20, 5, 200_000));
        DirectTransport agents = new DirectTransport(sim.setup().session());
        AgentTransport slow = new AgentTransport() {
            @Override
            public void exchange(EventBatch events, ActionBatch actions) {
                try {
                    Thread.sleep(10);
                } catch (InterruptedException e) {
                    throw new IllegalStateException(e);
                }
                agents.exchange(events, actions);
            }
        };
        List<Long> gapsNs = new ArrayList<>();
        List<Long> times = new ArrayList<>();
        long[] last = {System.nanoTime()};
        FabricResult r = sim.run(slow, t -> {
            long now = System.nanoTime();
            gapsNs.add(now - last[0]);
            last[0] = now;
            times.add(t);
            if (times.size() == 8) {
                throw new Stop();
            }
        });
        assertTrue(r.failure() instanceof Stop, "stopped at the eighth step: " + r.failure());
        long longest = gapsNs.stream().mapToLong(Long::longValue).max().orElseThrow();
        // The target is 0.25 s (FabricSimulation.STEP_WALL_NS): a step that overshoots it halves the next.
        assertTrue(longest < 1_000_000_000L, "steps at " + times + " ps, apart by " + gapsNs + " ns");
        assertTrue(r.reachedPs() > 0, "the run simulated up to its stop: " + r.reachedPs());
    }
}
