package org.cosim.scenario;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.cosim.proto.Scenario;
import org.cosim.proto.TopologyFormat;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class NetworkFilesTest {
    @TempDir
    Path tmp;

    @Test
    void aFileIsReadRelativeToTheScenarioFileThatNamesItAndCarriedAsText() throws IOException {
        Files.createDirectories(tmp.resolve("nets"));
        Files.createDirectories(tmp.resolve("runs"));
        Files.writeString(tmp.resolve("nets/a.topo"), "host h0\n");
        Files.writeString(tmp.resolve("runs/m.cm"), "Nodes 2\n");
        Files.writeString(tmp.resolve("nets/base.textproto"), "topology { file { path: \"a.topo\" } }\n");
        Files.writeString(tmp.resolve("runs/run.textproto"), """
                base: "../nets/base.textproto"
                workload { mix { parts { file { path: "m.cm" format: HTSIM_CM } } } }
                """);
        Scenario s = ScenarioFiles.read(tmp.resolve("runs/run.textproto"));
        assertEquals("host h0\n", s.getTopology().getFile().getText());  // nets/a.topo, beside the base
        assertEquals(TopologyFormat.COSIM, s.getTopology().getFile().getFormat());
        assertTrue(s.getTopology().getFile().getSource().endsWith("nets/a.topo"), s.getTopology().getFile().getSource());
        assertEquals("Nodes 2\n", s.getWorkload().getMix().getParts(0).getFile().getText());  // runs/m.cm
    }

    @Test
    void aMissingFileOrOneWithoutAScenarioPathIsAnErrorNamingTheField() throws IOException {
        Files.writeString(tmp.resolve("run.textproto"), "topology { file { path: \"nowhere.topo\" } }\n");
        ScenarioException e = assertThrows(ScenarioException.class, () -> ScenarioFiles.read(tmp.resolve("run.textproto")));
        assertEquals("topology.file.path", e.field());
        assertTrue(e.getMessage().contains("no such file"), e.getMessage());
        ScenarioException text = assertThrows(ScenarioException.class,
                () -> ScenarioFiles.read("workload { file { path: \"m.cm\" } }", null));
        assertEquals("workload.file.path", text.field());
    }

    @Test
    void aPathSetOnTheCommandLineIsRelativeToTheWorkingDirectory() {
        Scenario s = ScenarioFiles.withOverrides(Scenario.getDefaultInstance(),
                List.of("topology.file.path=pom.xml"));  // the module's own pom.xml, in the working directory
        assertTrue(s.getTopology().getFile().getText().contains("<artifactId>"));
        assertEquals("pom.xml", s.getTopology().getFile().getSource());
    }
}
