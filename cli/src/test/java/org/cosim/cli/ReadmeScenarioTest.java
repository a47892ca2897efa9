package org.cosim.cli;

import static org.cosim.cli.CliOutcome.cosim;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Collectors;
import org.cosim.runner.ShippedScenarios;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** docs/scenarios.md's scenario written from scratch runs as shown and prints what the page says it prints. */
class ReadmeScenarioTest {
    @TempDir
    Path tmp;

    @Test
    void theScenarioFromScratchRunsAsTheScenariosPageShowsIt() throws IOException {
        List<String> readme = Files.readAllLines(ShippedScenarios.dir().getParent().resolve("docs/scenarios.md"));
        int from = 0;
        while (!readme.get(from).startsWith("    # DCTCP on a small leaf-spine")) {
            from++;
        }
        int to = from;
        while (!readme.get(to).isBlank()) {
            to++;
        }
        String text = readme.subList(from, to).stream().map(l -> l.substring(4)).collect(Collectors.joining("\n"));
        Path file = Files.writeString(tmp.resolve("my-first.textproto"), text + "\n");
        CliOutcome o = cosim("run", file.toString(), "--no-plots", "--out", tmp.resolve("out").toString());
        assertEquals(0, o.status(), o.err());
        assertTrue(o.out().contains("goodput 157.54 Gb/s, wire 157.54 Gb/s; per flow (goodput) 9.846..9.846 Gb/s"), o.out());
    }
}
