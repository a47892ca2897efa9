package org.cosim.cli;

import static org.cosim.cli.CliOutcome.cosim;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import org.cosim.runner.ShippedScenarios;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The offered-load check before a run: docs/validation.md's WebSearch example at load 0.5 on fig19-ur's 3:1 Clos
 * offers 24 x 100 x 144 / 167 = 2069 Gb/s per rack to 1600 Gb/s of uplinks, 129%.
 */
class LoadCheckCommandTest {
    @TempDir
    Path tmp;

    private static final String WEBSEARCH = "workload={poisson {sizes {cdf: \"websearch\"} load: 0.5}}";

    private String[] docsExample(String command, String... more) {
        String[] head = {command, ShippedScenarios.path("poseidon/fig19-ur.textproto").toString(), "--set",
                "duration_us=100", "--set", "output.warmup_us=0", "--set", "output.sample_interval_us=50", "--set",
                WEBSEARCH, "--out", tmp.resolve(command).toString()};
        String[] all = new String[head.length + more.length];
        System.arraycopy(head, 0, all, 0, head.length);
        System.arraycopy(more, 0, all, head.length, more.length);
        return all;
    }

    @Test
    void runWarnsNamingTheOverloadedLinkClassAndItsWorstLinkThenRuns() {
        CliOutcome r = cosim(docsExample("run", "--no-plots"));
        assertEquals(0, r.status(), r.err());
        assertTrue(r.err().contains("cosim run: warning: offered load 129% of the ToR -> spine links (worst: "
                + "tor[0] -> spine[0]); the run will overload them"), r.err());
        assertTrue(r.err().contains("offered load 129% of the spine -> ToR links"), r.err());
        assertTrue(Files.exists(tmp.resolve("run").resolve("summary.json")), "it ran");
    }

    @Test
    void strictLoadRefusesTheScenarioWithStatusTwoAndRunsNothing() {
        CliOutcome r = cosim(docsExample("run", "--strict-load"));
        assertEquals(2, r.status(), r.err());
        assertTrue(r.err().contains("cosim run: bad scenario: workload: offered load 129% of the ToR -> spine links"),
                r.err());
        assertTrue(r.err().contains("workload.overload_intended"), "says how to mark it: " + r.err());
        assertFalse(Files.exists(tmp.resolve("run").resolve("summary.json")), "nothing ran");
    }

    @Test
    void aWorkloadThatSaysItOverloadsOnPurposeIsNotChecked() {
        CliOutcome r = cosim(docsExample("run", "--strict-load", "--set", "workload.overload_intended=true"));
        assertEquals(0, r.status(), r.err());
        assertFalse(r.err().contains("offered load"), r.err());
    }

    @Test
    void sweepChecksEveryPointBeforeAnyRunAndSaysAWarningOnce() {
        // Loads 0.5 and 0.6: 129% and 0.6 / 0.5 x 129.3 = 155% of the uplinks, two different warnings, each
        // once for its two seeds; 0.3: 78%, none.
        CliOutcome r = cosim(docsExample("sweep", "--vary", "workload.poisson.load=0.3,0.5,0.6", "--vary", "seed=1,2",
                "--jobs", "1"));
        assertEquals(0, r.status(), r.err());
        assertEquals(1, r.err().split("offered load 129% of the ToR -> spine", -1).length - 1, r.err());
        assertTrue(r.err().contains("offered load 155% of the ToR -> spine links (worst: tor[0] -> spine[0]); the run "
                + "will overload them (workload.overload_intended: true says it is meant to) (first at sweep run 5)"),
                r.err());
        CliOutcome strict = cosim(docsExample("sweep", "--vary", "workload.poisson.load=0.3,0.5", "--strict-load"));
        assertEquals(2, strict.status(), strict.err());
        assertTrue(strict.err().contains("(sweep run 2: workload.poisson.load=0.5)"), strict.err());
    }
}
