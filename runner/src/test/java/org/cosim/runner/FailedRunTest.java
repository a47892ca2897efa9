package org.cosim.runner;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.cosim.agents.api.ActionBatch;
import org.cosim.agents.api.EventBatch;
import org.cosim.fabric.agent.AgentTransport;
import org.cosim.fabric.agent.DirectTransport;
import org.cosim.runner.results.ResultsWriter;
import org.cosim.runner.results.RunResults;
import org.cosim.runner.results.Summary;
import org.cosim.scenario.ScenarioFiles;
import org.cosim.setup.RunSetup;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** A run whose agent side breaks midway keeps what it measured and says plainly that it failed. */
class FailedRunTest {
    @TempDir
    Path tmp;

    /** Delivers windows to the real agents, then breaks like a lost connection would. */
    private static final class BreakingTransport implements AgentTransport {
        private final DirectTransport inner;
        private int windows;

        BreakingTransport(DirectTransport inner) {
            this.inner = inner;
        }

        @Override
        public void exchange(EventBatch events, ActionBatch actions) {
            if (++windows == 2000) {
                throw new IllegalStateException("agent connection lost");
            }
            inner.exchange(events, actions);
        }
    }

    @Test
    void partialResultsAreKeptAndMarkedFailed() throws IOException {
        RunSetup sim = RunSetup.of(ShippedScenarios.read("timely-incast.textproto",
                "output.warmup_us=0"));
        RunResults r = JavaBackend.run(sim, new BreakingTransport(new DirectTransport(sim.session())), t -> { });

        assertFalse(r.complete());
        assertTrue(r.failure().contains("agent connection lost"), r.failure());
        assertTrue(r.reachedPs() > 0 && r.reachedPs() < sim.config().durationPs(), "stopped midway");
        long delivered = r.flows().stream().mapToLong(f -> f.bytes().delivered()).sum();
        assertTrue(delivered > 0, "what was measured before the failure is kept");

        ResultsWriter.write(tmp, r, Summary.of(r), ScenarioFiles.canonicalText(sim.scenario()), 1000);
        String summary = Files.readString(tmp.resolve("summary.json"));
        assertTrue(summary.contains("\"status\": \"failed\""), summary);
        assertTrue(summary.contains("agent connection lost"), summary);
        assertEquals(41, Files.readAllLines(tmp.resolve("flows.csv")).size(), "header + 40 flows");
    }
}
