package org.cosim.cli.slurm;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.OutputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.jar.Attributes;
import java.util.jar.JarOutputStream;
import java.util.jar.Manifest;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A study's tasks run the build that submitted it: the jar and the libraries its manifest names are copied into
 * the study once, and a later build (or the launcher clearing its copies) does not reach them.
 */
class TaskCommandTest {
    @TempDir
    Path tmp;

    @Test
    void theJarAndItsLibrariesAreCopiedOnceIntoTheStudy() throws IOException {
        Path build = tmp.resolve("run/123");
        Files.createDirectories(build.resolve("lib"));
        Files.writeString(build.resolve("lib/a.jar"), "library a, build 1");
        Files.writeString(build.resolve("lib/b.jar"), "library b, build 1");
        Manifest m = new Manifest();
        m.getMainAttributes().put(Attributes.Name.MANIFEST_VERSION, "1.0");
        m.getMainAttributes().put(Attributes.Name.CLASS_PATH, "lib/a.jar lib/b.jar");
        Path jar = build.resolve("cosim.jar");
        try (OutputStream out = Files.newOutputStream(jar); JarOutputStream j = new JarOutputStream(out, m)) {
            j.flush();
        }
        StudyDir study = new StudyDir(tmp.resolve("sweep"));
        Path copy = TaskCommand.copied(jar, study.build());
        assertEquals(study.build().resolve("cosim.jar"), copy);
        assertEquals("library a, build 1", Files.readString(study.build().resolve("lib/a.jar")));
        assertEquals("library b, build 1", Files.readString(study.build().resolve("lib/b.jar")));

        Files.writeString(build.resolve("lib/a.jar"), "library a, build 2");  // a later build
        assertEquals(copy, TaskCommand.copied(jar, study.build()));
        assertEquals("library a, build 1", Files.readString(study.build().resolve("lib/a.jar")),
                "a resumed study keeps the build its first points ran");
        assertTrue(Files.notExists(study.build().resolveSibling("build.tmp")));
    }

    @Test
    void theTaskRunsTheMainClassOnAnAbsoluteClassPath() {
        List<String> cmd = TaskCommand.forStudy(new StudyDir(tmp.resolve("s")));
        assertEquals("org.cosim.cli.Main", cmd.get(cmd.size() - 1));
        String cp = cmd.get(cmd.indexOf("-cp") + 1);
        for (String entry : cp.split(java.io.File.pathSeparator)) {
            assertTrue(Path.of(entry).isAbsolute(), entry);
        }
        assertTrue(cmd.stream().noneMatch(a -> a.contains("AOT")), "no ahead-of-time cache of this machine");
    }
}
