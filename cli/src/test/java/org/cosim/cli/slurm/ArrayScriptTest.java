package org.cosim.cli.slurm;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The batch script of a submission: the array's size and output for SLURM, and a command that bash runs with the
 * study's directory, the submission and the task's index as three words, whatever the paths hold.
 */
class ArrayScriptTest {
    @TempDir
    Path tmp;

    @Test
    void theScriptAsksForOneArrayTaskPerLineAndLogsUnderTheStudy() {
        StudyDir study = new StudyDir(tmp.resolve("sweep"));
        String text = new ArrayScript(study, 2, 7, "cosim-sweep-x", List.of("/usr/bin/java", "-jar", "/c.jar"),
                tmp, Map.of()).text();
        assertTrue(text.startsWith("#!/bin/bash\n"), text);
        assertTrue(text.contains("#SBATCH --array=0-6\n"), "7 tasks: indices 0 to 6\n" + text);
        assertTrue(text.contains("#SBATCH --output=" + study.logs().resolve("%A_%a.log") + "\n"), text);
        assertTrue(text.contains("submit-2.tasks"), "submission 2's tasks file is named: " + text);
        assertTrue(text.contains("slurm-task " + study.dir() + " 2 \"$SLURM_ARRAY_TASK_ID\""), text);
    }

    @Test
    void bashRunsTheTaskCommandWithPathsOfSpacesAndQuotesAsOneWordEach() throws Exception {
        Path dir = tmp.resolve("it's a study");
        Path work = tmp.resolve("work dir");
        Files.createDirectories(work);
        StudyDir study = new StudyDir(dir);
        // "printf '%s\n'" stands for the JVM: each word it receives on a line of its own.
        Path script = new ArrayScript(study, 1, 3, "name with spaces", List.of("printf", "%s\\n"), work,
                Map.of("COSIM_HOME", "/opt/co sim")).write();
        ProcessBuilder pb = new ProcessBuilder("bash", script.toString()).redirectErrorStream(true);
        pb.environment().put("SLURM_ARRAY_TASK_ID", "2");
        Process p = pb.start();
        String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertEquals(0, p.waitFor(), out);
        assertEquals(List.of("slurm-task", dir.toAbsolutePath().toString(), "1", "2"), out.lines().toList());
        String text = Files.readString(script);
        assertTrue(text.contains("#SBATCH --job-name=name_with_spaces\n"), text);
        assertTrue(text.contains("export COSIM_HOME='/opt/co sim'\n"), text);
    }

    @Test
    void pathsOfSafeCharactersAreNotQuoted() {
        assertEquals("/a/b-c_d.e/%A_1.log", ArrayScript.quote("/a/b-c_d.e/%A_1.log"));
        assertEquals("'a b'", ArrayScript.quote("a b"));
        assertEquals("'it'\\''s'", ArrayScript.quote("it's"));
    }
}
