package org.cosim.cli;

import static org.cosim.cli.BadInputTest.refused;
import static org.cosim.cli.CliOutcome.cosim;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.channels.FileChannel;
import java.nio.channels.FileLock;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import org.cosim.runner.ShippedScenarios;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Inputs at the edges of what a scenario and the command line can say: a NUL byte in a file name, times past
 * what a run counts, an output file that cannot be written or a results directory in use, a malformed or huge
 * --set. Each is refused before the run with exit status 2 and a message naming the field or the path.
 */
class EdgeInputTest {
    @TempDir
    Path tmp;

    private static String incast() {
        return ShippedScenarios.path("timely-incast.textproto").toString();
    }

    private Path scenario(String name, String text) throws IOException {
        return Files.writeString(tmp.resolve(name), text);
    }

    private CliOutcome run(Path scenario, String... more) {
        String[] args = new String[4 + more.length];
        args[0] = "run";
        args[1] = scenario.toString();
        args[2] = "--out";
        args[3] = tmp.resolve("out").toString();
        System.arraycopy(more, 0, args, 4, more.length);
        return cosim(args);
    }

    @Test
    void aNulByteInAnyFileNameIsABadValueOfItsField() throws IOException {
        String base = "base: \"" + incast() + "\"\n";
        refused(run(scenario("b.textproto", "base: \"\\000\"\n")), "bad scenario: base: '\\0' is not a usable file name");
        refused(run(scenario("c.textproto", base + "workload { poisson { sizes { cdf: \"a\\000b\" } } }\n")),
                "workload.poisson.sizes.cdf: 'a\\0b' is not a usable file name");
        refused(run(scenario("l.textproto", base + "protocol { custom_window_law { source_file: \"L\\000.java\" } }\n")),
                "protocol.custom_window_law.source_file: 'L\\0.java' is not a usable file name");
        refused(run(scenario("t.textproto", base + "topology { file { path: \"t\\000.topo\" } }\n")),
                "topology.file.path: 't\\0.topo' is not a usable file name");
        refused(run(scenario("w.textproto", base + "workload { file { path: \"f\\000\" format: HTSIM_CM } }\n")),
                "workload.file.path: 'f\\0' is not a usable file name");
    }

    @Test
    void aFlowWhoseIdealCompletionIsPast2To63PicosecondsIsRefusedBeforeTheRun() throws IOException {
        // 10^17 bytes at 10 Gb/s (800 ps a byte): 8 x 10^19 ps, past 2^63 = 9.2 x 10^18.
        Path big = scenario("big.textproto", "base: \"" + incast() + "\"\n"
                + "workload { flow_list { flows { src: 1 dst: 0 size_bytes: 100000000000000000 } } }\n");
        refused(run(big, "--set", "duration_us=2000", "--set", "output.warmup_us=0", "--no-plots"),
                "workload.flow_list: flow 0 (100000000000000000 bytes from host 1 to 0", "2^63 ps");
    }

    @Test
    void incastStartsSpacedPast2To63PicosecondsAreRefusedNamingTheSpacing() {
        // 10^12 us = 10^18 ps apart: flow 10 would start at 10^19 ps, past 2^63 = 9.2 x 10^18.
        refused(cosim("run", incast(), "--set", "duration_us=2000", "--set", "output.warmup_us=0", "--set",
                "workload.incast.start_spacing_us=1e12", "--out", tmp.resolve("out").toString()),
                "workload.incast.start_spacing_us: 1.0E12: flow 10 would start past", "2^63 ps");
    }

    @Test
    void aDirectoryNamedLikeAResultsFileIsRefusedBeforeTheRun() throws IOException {
        Path out = tmp.resolve("out");
        Files.createDirectories(out.resolve("summary.json"));
        CliOutcome o = cosim("run", incast(), "--set", "duration_us=1000", "--set", "output.warmup_us=0",
                "--no-plots", "--out", out.toString());
        refused(o, "--out " + out + ": cannot write summary.json there (a directory of that name is in the way");
        assertFalse(Files.exists(out.resolve("flows.csv")), "nothing run");
        Path sweep = tmp.resolve("sweep");
        Files.createDirectories(sweep.resolve("2_seed=2").resolve("rates.png"));
        refused(cosim("sweep", incast(), "--set", "duration_us=1000", "--set", "output.warmup_us=0", "--vary",
                "seed=1,2", "--out", sweep.toString()), "cannot write rates.png there");
        assertFalse(Files.exists(sweep.resolve("1_seed=1")), "no run started");
    }

    @Test
    void aResultsDirectoryAnotherCommandIsWritingIsRefused() throws IOException {
        Path out = Files.createDirectories(tmp.resolve("out"));
        try (FileChannel ch = FileChannel.open(out.resolve(OutputLock.FILE), StandardOpenOption.CREATE,
                StandardOpenOption.WRITE); FileLock held = ch.lock()) {
            refused(cosim("run", incast(), "--set", "duration_us=1000", "--set", "output.warmup_us=0", "--no-plots",
                    "--out", out.toString()), "--out " + out + ": another cosim command is writing its results there");
        }
        // Released, the directory takes a run, and the run leaves it free for the next.
        for (int i = 0; i < 2; i++) {
            CliOutcome o = cosim("run", incast(), "--set", "duration_us=1000", "--set", "output.warmup_us=0",
                    "--no-plots", "--out", out.toString());
            assertEquals(0, o.status(), o.err());
        }
    }

    @Test
    void aMalformedSetPathIsNamedWithTheSyntax() {
        refused(cosim("run", incast(), "--set", ".=x"), ".: malformed field path: segment 1 of 2 ('') is not a "
                + "field name; an override looks like field.path=value", "workload.flow_list.flows[2].src=3");
    }

    @Test
    void aHugeBadValueIsCutInTheMessage() {
        String huge = "9".repeat(746_000) + "x";
        CliOutcome o = cosim("run", incast(), "--set", "seed=" + huge);
        refused(o, "seed: '" + "9".repeat(200) + "... (746001 chars)' is not a valid");
        assertTrue(o.err().length() < 1000, o.err().length() + " chars");
        CliOutcome path = cosim("run", incast(), "--set", "a".repeat(5000) + "=1");
        assertEquals(2, path.status(), path.err());
        assertTrue(path.err().length() < 2000 && path.err().contains("... (5000 chars)"), path.err().length() + " chars");
    }
}
