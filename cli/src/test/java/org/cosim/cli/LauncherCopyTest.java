package org.cosim.cli;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.FileTime;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.jar.Attributes;
import java.util.jar.JarEntry;
import java.util.jar.JarOutputStream;
import java.util.jar.Manifest;
import java.util.stream.Stream;
import javax.tools.JavaCompiler;
import javax.tools.ToolProvider;
import org.cosim.runner.ShippedScenarios;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The `cosim` launcher runs every command from a copy of its build's jars
 * (cli/target/run/ID), because Maven rewrites the jars in place and a build
 * from another terminal once took classes away from an 18-minute validation. The
 * repository's own script runs here against a stand-in build: a main jar whose
 * manifest names lib/dep.jar, as the real one names its libraries, and whose main
 * class says where its classes and its library's came from.
 */
class LauncherCopyTest {
    @TempDir
    Path root;
    private Path target;

    @BeforeEach
    void standInBuild() throws IOException {
        assumeTrue(Files.isExecutable(Path.of("/bin/bash")), "the launcher is a bash script");
        Path script = ShippedScenarios.dir().getParent().resolve("cosim");
        Files.copy(script, root.resolve("cosim"));
        target = root.resolve("cli/target");
        Files.createDirectories(target.resolve("lib"));
        build("first");
    }

    @Test
    void aCommandRunsFromACopyOfItsBuildAndGetsItsArguments() throws Exception {
        List<String> out = cosim("run", "x y");
        Path copy = runDirs().get(0);
        assertEquals(List.of("args [run, x y]", "main " + copy.resolve("cosim.jar"),
                "dep " + copy.resolve("lib/dep.jar"), "build first"), out);
        assertArrayEquals(Files.readAllBytes(jar()), Files.readAllBytes(copy.resolve("cosim.jar")));
        assertArrayEquals(Files.readAllBytes(target.resolve("lib/dep.jar")),
                Files.readAllBytes(copy.resolve("lib/dep.jar")));
    }

    @Test
    void commandsOfOneBuildShareOneCopy() throws Exception {
        cosim();
        cosim();
        assertEquals(1, runDirs().size());
        assertFalse(Files.list(target.resolve("run")).anyMatch(p -> p.getFileName().toString().startsWith(".new")),
                "no half-made copy left behind");
    }

    @Test
    void aRebuildDoesNotTakeClassesAwayFromARunningCommand() throws Exception {
        Process running = start("wait");
        BufferedReader out = new BufferedReader(new InputStreamReader(running.getInputStream(), StandardCharsets.UTF_8));
        assertEquals("waiting", out.readLine());
        build("second");  // in place, as Maven does; the second build's jar has no Late class
        try (OutputStream in = running.getOutputStream()) {
            in.write('\n');
        }
        assertEquals("late class loaded from the first build", out.readLine());
        assertTrue(running.waitFor(60, TimeUnit.SECONDS));
        assertEquals(0, running.exitValue());

        assertEquals("build second", cosim().get(3));
        assertEquals(2, runDirs().size(), "each build its own copy");
    }

    @Test
    void copiesOfOtherBuildsGoADayAfterTheyWereMade() throws Exception {
        Path stale = Files.createDirectories(target.resolve("run/12345"));
        Path recent = Files.createDirectories(target.resolve("run/67890"));
        Files.setLastModifiedTime(stale, FileTime.from(Instant.now().minus(Duration.ofHours(25))));
        Files.setLastModifiedTime(recent, FileTime.from(Instant.now().minus(Duration.ofHours(23))));
        cosim();
        assertFalse(Files.exists(stale));
        assertTrue(Files.exists(recent));
        assertEquals(2, runDirs().size());
    }

    private Path jar() {
        return target.resolve("cosim.jar");
    }

    private List<Path> runDirs() throws IOException {
        try (Stream<Path> dirs = Files.list(target.resolve("run"))) {
            return dirs.filter(p -> !p.getFileName().toString().startsWith(".")).sorted().toList();
        }
    }

    private List<String> cosim(String... args) throws Exception {
        Process p = start(args);
        List<String> lines;
        try (BufferedReader r = new BufferedReader(new InputStreamReader(p.getInputStream(), StandardCharsets.UTF_8))) {
            lines = r.lines().toList();
        }
        assertTrue(p.waitFor(60, TimeUnit.SECONDS));
        assertEquals(0, p.exitValue(), new String(p.getErrorStream().readAllBytes(), StandardCharsets.UTF_8));
        return lines;
    }

    private Process start(String... args) throws IOException {
        List<String> command = new ArrayList<>(List.of("/bin/bash", root.resolve("cosim").toString()));
        command.addAll(List.of(args));
        ProcessBuilder pb = new ProcessBuilder(command);
        Map<String, String> env = pb.environment();
        env.put("COSIM_NO_BUILD", "1");  // the stand-in build is the build
        env.put("COSIM_AOT", "0");
        env.put("COSIM_JAVA", Path.of(System.getProperty("java.home"), "bin", "java").toString());
        return pb.start();
    }

    /**
     * Writes the stand-in build over the last one, in place. Its main prints the
     * arguments, where Main and Dep were loaded from, and the build's name; with the
     * argument "wait" it waits for a line on stdin and then loads Late (first build
     * only), as a long command loads classes as it goes.
     */
    private void build(String name) throws IOException {
        Path src = Files.createDirectories(root.resolve("src-" + name));
        Path classes = Files.createDirectories(root.resolve("classes-" + name));
        Files.writeString(src.resolve("Dep.java"), "public class Dep {}");
        Files.writeString(src.resolve("Main.java"), """
                public class Main {
                    public static void main(String[] a) throws Exception {
                        if (a.length == 1 && a[0].equals("wait")) {
                            System.out.println("waiting");
                            System.in.read();
                            System.out.println(Class.forName("Late").getMethod("say").invoke(null));
                            return;
                        }
                        System.out.println("args " + java.util.Arrays.toString(a));
                        System.out.println("main " + where(Main.class));
                        System.out.println("dep " + where(Dep.class));
                        System.out.println("build %s");
                    }
                    static String where(Class<?> c) throws Exception {
                        return java.nio.file.Path.of(c.getProtectionDomain().getCodeSource().getLocation().toURI()).toString();
                    }
                }
                """.formatted(name));
        List<String> files = new ArrayList<>(List.of(src.resolve("Dep.java").toString(), src.resolve("Main.java").toString()));
        if (name.equals("first")) {
            Files.writeString(src.resolve("Late.java"),
                    "public class Late { public static String say() { return \"late class loaded from the first build\"; } }");
            files.add(src.resolve("Late.java").toString());
        }
        JavaCompiler javac = ToolProvider.getSystemJavaCompiler();
        List<String> javacArgs = new ArrayList<>(List.of("-d", classes.toString()));
        javacArgs.addAll(files);
        assertEquals(0, javac.run(null, null, null, javacArgs.toArray(String[]::new)));

        Manifest manifest = new Manifest();
        manifest.getMainAttributes().put(Attributes.Name.MANIFEST_VERSION, "1.0");
        manifest.getMainAttributes().put(Attributes.Name.MAIN_CLASS, "Main");
        manifest.getMainAttributes().put(Attributes.Name.CLASS_PATH, "lib/dep.jar");
        writeJar(jar(), manifest, classes, "Main.class", "Late.class");
        writeJar(target.resolve("lib/dep.jar"), new Manifest(), classes, "Dep.class");
        // The launcher tells builds apart by their files' names, sizes and times.
        Instant t = Instant.now().plusSeconds(name.equals("first") ? 0 : 5);
        Files.setLastModifiedTime(jar(), FileTime.from(t));
    }

    private static void writeJar(Path jar, Manifest manifest, Path classes, String... names) throws IOException {
        // Truncate and rewrite the same file (same inode), as Maven's jar plugin does.
        try (JarOutputStream out = new JarOutputStream(Files.newOutputStream(jar), manifest)) {
            for (String n : names) {
                Path f = classes.resolve(n);
                if (!Files.exists(f)) continue;
                out.putNextEntry(new JarEntry(n));
                out.write(Files.readAllBytes(f));
                out.closeEntry();
            }
        }
    }
}
