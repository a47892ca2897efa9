package org.cosim.agents.custom;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.RandomAccessFile;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.cosim.proto.CustomWindowLaw;
import org.cosim.proto.Scenario;
import org.cosim.scenario.ScenarioException;
import org.cosim.scenario.ScenarioFiles;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A custom law's source file is read into the scenario where the scenario names
 * it (so the scenario as run carries the code), and its parameters can be set
 * from the command line.
 */
class LawSourcesTest {
    @TempDir
    Path tmp;

    private Path scenario(Path dir, String body) throws IOException {
        Files.createDirectories(dir);
        Path f = dir.resolve("s.textproto");
        Files.writeString(f, "duration_us: 100\nprotocol { custom_window_law { " + body + " } }\n");
        return f;
    }

    @Test
    void theFileIsReadRelativeToTheScenarioThatNamesIt() throws IOException {
        Files.writeString(tmp.resolve("Law.java"), "// the law\n");
        Path s = scenario(tmp.resolve("sub"), "source_file: \"../Law.java\"");
        CustomWindowLaw law = ScenarioFiles.read(s).getProtocol().getCustomWindowLaw();
        assertEquals(CustomWindowLaw.CodeCase.SOURCE, law.getCodeCase(), "the name was replaced by the text");
        assertEquals("// the law\n", law.getSource());
        // A scenario based on it keeps the base's file, resolved where the base is.
        Path child = tmp.resolve("other/child.textproto");
        Files.createDirectories(child.getParent());
        Files.writeString(child, "base: \"../sub/s.textproto\"\nprotocol { custom_window_law { params { key: \"ai\" "
                + "value: 2 } } }\n");
        CustomWindowLaw merged = ScenarioFiles.read(child).getProtocol().getCustomWindowLaw();
        assertEquals("// the law\n", merged.getSource());
        assertEquals(2.0, merged.getParamsOrThrow("ai"));
        // The scenario as run reads back with the code in it, no file needed.
        Scenario again = ScenarioFiles.read(ScenarioFiles.canonicalText(ScenarioFiles.read(child)), null);
        assertEquals("// the law\n", again.getProtocol().getCustomWindowLaw().getSource());
    }

    @Test
    void aRateLawsFileIsReadToo() throws IOException {
        Files.writeString(tmp.resolve("Rate.java"), "// the rate law\n");
        Path s = tmp.resolve("r.textproto");
        Files.writeString(s, "protocol { custom_rate_law { source_file: \"Rate.java\" } }\n");
        assertEquals("// the rate law\n", ScenarioFiles.read(s).getProtocol().getCustomRateLaw().getSource());
        Files.writeString(s, "protocol { custom_rate_law { source_file: \"Nope.java\" } }\n");
        ScenarioException e = assertThrows(ScenarioException.class, () -> ScenarioFiles.read(s));
        assertEquals("protocol.custom_rate_law.source_file", e.field());
    }

    @Test
    void anNdpPullOrdersFileIsReadToo() throws IOException {
        Files.writeString(tmp.resolve("Order.java"), "// the pull order\n");
        Path s = tmp.resolve("n.textproto");
        Files.writeString(s, "protocol { ndp { pull_order { source_file: \"Order.java\" } } }\n");
        org.cosim.proto.PullOrder order = ScenarioFiles.read(s).getProtocol().getNdp().getPullOrder();
        assertEquals("// the pull order\n", order.getSource());
        assertEquals("protocol.ndp.pull_order.source", org.cosim.scenario.LawSources.sourceField(
                ScenarioFiles.read(s).getProtocol()));
        Files.writeString(s, "protocol { ndp { pull_order { source_file: \"Nope.java\" } } }\n");
        assertEquals("protocol.ndp.pull_order.source_file",
                assertThrows(ScenarioException.class, () -> ScenarioFiles.read(s)).field());
    }

    @Test
    void aMissingFileOrAScenarioWithoutAPathIsReported() throws IOException {
        ScenarioException e = assertThrows(ScenarioException.class,
                () -> ScenarioFiles.read(scenario(tmp, "source_file: \"Nope.java\"")));
        assertEquals("protocol.custom_window_law.source_file", e.field());
        assertTrue(e.getMessage().contains("no such file"), e.getMessage());
        ScenarioException text = assertThrows(ScenarioException.class, () -> ScenarioFiles.read(
                "protocol { custom_window_law { source_file: \"Law.java\" } }", null));
        assertTrue(text.getMessage().contains("without its file path"), text.getMessage());
    }

    @Test
    void aSourceFileThatIsNotRegularOrIsHugeIsRefused() throws IOException {
        Files.createDirectories(tmp.resolve("Dir.java"));
        ScenarioException e = assertThrows(ScenarioException.class,
                () -> ScenarioFiles.read(scenario(tmp, "source_file: \"Dir.java\"")));
        assertEquals("protocol.custom_window_law.source_file", e.field());
        assertTrue(e.getMessage().contains("Dir.java: not a regular file"), e.getMessage());
        try (RandomAccessFile huge = new RandomAccessFile(tmp.resolve("Huge.java").toFile(), "rw")) {
            huge.setLength((64L << 20) + 1);
        }
        e = assertThrows(ScenarioException.class,
                () -> ScenarioFiles.read(scenario(tmp, "source_file: \"Huge.java\"")));
        assertEquals("protocol.custom_window_law.source_file", e.field());
        assertTrue(e.getMessage().contains("Huge.java: larger than 64 MiB"), e.getMessage());
    }

    /** A key given twice in one file is refused like any field given twice; --set still replaces the file's. */
    @Test
    void aParameterGivenTwiceInOneFileIsRefused() throws IOException {
        Path s = tmp.resolve("twice.textproto");
        Files.writeString(s, "protocol { custom_rate_law { source: \"x\"\n params { key: \"target_us\" value: 10 }\n"
                + " params { key: \"other\" value: 1 }\n params { key: \"target_us\" value: 500 } } }\n");
        ScenarioException e = assertThrows(ScenarioException.class, () -> ScenarioFiles.read(s));
        assertTrue(e.getMessage().contains("twice.textproto: protocol.custom_rate_law.params[target_us]: given twice"),
                e.getMessage());
        ScenarioException inSet = assertThrows(ScenarioException.class, () -> ScenarioFiles.read(
                scenario(tmp, "source: \"x\""), List.of("protocol.custom_window_law={source: \"x\" "
                        + "params { key: \"ai\" value: 1 } params { key: \"ai\" value: 2 }}")));
        assertEquals("protocol.custom_window_law", inSet.field());
        assertTrue(inSet.getMessage().contains("bad value: params[ai]: given twice"), inSet.getMessage());
        Files.writeString(s, "protocol { custom_rate_law { source: \"x\" params { key: \"target_us\" value: 10 } } }\n");
        assertEquals(500.0, ScenarioFiles.read(s, List.of("protocol.custom_rate_law.params[target_us]=500"))
                .getProtocol().getCustomRateLaw().getParamsOrThrow("target_us"), "--set replaces the file's entry");
    }

    @Test
    void parametersAreMapEntriesOnTheCommandLine() throws IOException {
        Path s = scenario(tmp, "source: \"x\" params { key: \"ai\" value: 1 }");
        CustomWindowLaw law = ScenarioFiles.read(s, List.of("protocol.custom_window_law.params[ai]=3",
                "protocol.custom_window_law.params[beta]=0.5")).getProtocol().getCustomWindowLaw();
        assertEquals(3.0, law.getParamsOrThrow("ai"), "replaced, not added twice");
        assertEquals(0.5, law.getParamsOrThrow("beta"));
        assertEquals(2, law.getParamsCount());
        ScenarioException notANumber = assertThrows(ScenarioException.class,
                () -> ScenarioFiles.read(s, List.of("protocol.custom_window_law.params[ai]=fast")));
        assertTrue(notANumber.getMessage().contains("'fast' is not a valid double"), notANumber.getMessage());
        ScenarioException noKey = assertThrows(ScenarioException.class,
                () -> ScenarioFiles.read(s, List.of("protocol.custom_window_law.params=3")));
        assertTrue(noKey.getMessage().contains("is a map"), noKey.getMessage());
        ScenarioException notAMap = assertThrows(ScenarioException.class,
                () -> ScenarioFiles.read(s, List.of("protocol.custom_window_law.class_name[ai]=3")));
        assertTrue(notAMap.getMessage().contains("is not a map"), notAMap.getMessage());
        // A file named in an override is relative to the working directory.
        Path here = Path.of("").toAbsolutePath();
        Path rel = here.relativize(tmp.resolve("L.java"));
        Files.writeString(tmp.resolve("L.java"), "// L\n");
        assertEquals("// L\n", ScenarioFiles.read(s, List.of("protocol.custom_window_law.source_file=" + rel))
                .getProtocol().getCustomWindowLaw().getSource());
    }
}
