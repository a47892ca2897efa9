package org.cosim.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Same seeds, same report: two validations of the same experiments give the same
 * numbers (every line of report.json but wall times, the command and the date,
 * which changes when the two runs straddle midnight), for
 * experiments with keyed randomness (NDP's trimming coins and spraying,
 * Poseidon's Poisson messages and rotating incast), one run at a time or three.
 */
class DeterministicReportTest {
    @TempDir
    Path tmp;

    private List<String> numbers(Path dir, int jobs) throws IOException {
        PrintStream sink = new PrintStream(new ByteArrayOutputStream());
        assertEquals(0, Main.run(new String[] {"validate", "--quick", "--only", "ndp-fig16,poseidon-fig19", "--out",
                dir.toString(), "--jobs", Integer.toString(jobs)}, sink, sink));
        return Files.readAllLines(dir.resolve("report.json")).stream()
                .filter(l -> !l.contains("wall_time_s") && !l.contains("\"command\"") && !l.contains("\"dir\"")
                        && !l.contains("\"date\""))
                .toList();
    }

    @Test
    void twoValidationsGiveTheSameNumbers() throws IOException {
        assertEquals(numbers(tmp.resolve("a"), 1), numbers(tmp.resolve("b"), 3));
    }
}
