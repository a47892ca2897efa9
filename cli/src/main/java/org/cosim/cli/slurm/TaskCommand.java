package org.cosim.cli.slurm;

import java.io.File;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.lang.management.ManagementFactory;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.ArrayList;
import java.util.List;
import java.util.jar.JarFile;
import java.util.jar.Manifest;

/**
 * How a task starts cosim: the JVM of the command that submits it and its options (except the ahead-of-time
 * cache's, which serves one machine), on the build that submitted the study. When cosim runs from its jar (as the
 * launcher runs it), the jar and its libraries (the manifest's Class-Path) are copied once into the study's
 * {@code DIR/slurm/build/}: a task queued for days runs the build that submitted it, whatever later builds do to
 * their own files, and a resumed study runs the build its first points ran. Otherwise (a class path of
 * directories, as in tests) the class path is used as it is. Paths are absolute, for the shared filesystem.
 */
public final class TaskCommand {
    private TaskCommand() {}

    /** The JVM, its options and class path, and the main class: what goes before {@code slurm-task ...}. */
    public static List<String> forStudy(StudyDir study) {
        String java = ProcessHandle.current().info().command()
                .orElse(Path.of(System.getProperty("java.home"), "bin", "java").toString());
        List<String> cmd = new ArrayList<>(List.of(java));
        for (String a : ManagementFactory.getRuntimeMXBean().getInputArguments()) {
            if (!a.contains("AOT") && !a.startsWith("-Xlog:") && !a.startsWith("-agentlib")
                    && !a.startsWith("-javaagent")) {
                cmd.add(a);
            }
        }
        List<Path> classPath = new ArrayList<>();
        for (String entry : System.getProperty("java.class.path").split(File.pathSeparator)) {
            classPath.add(Path.of(entry).toAbsolutePath().normalize());
        }
        if (classPath.size() == 1 && classPath.get(0).toString().endsWith(".jar")) {
            classPath = List.of(copied(classPath.get(0), study.build()));
        }
        cmd.add("-cp");
        cmd.add(String.join(File.pathSeparator, classPath.stream().map(Path::toString).toList()));
        cmd.add("org.cosim.cli.Main");
        return cmd;
    }

    /** {@code jar} and its manifest's Class-Path entries, copied into {@code into} once; the copy of the jar. */
    static Path copied(Path jar, Path into) {
        Path copy = into.resolve(jar.getFileName());
        if (Files.exists(copy)) {
            return copy;  // the study's build, copied at its first submission
        }
        Path tmp = into.resolveSibling(into.getFileName() + ".tmp");
        try {
            StudyDir.deleteTree(tmp);
            Files.createDirectories(tmp);
            Files.copy(jar, tmp.resolve(jar.getFileName()), StandardCopyOption.COPY_ATTRIBUTES);
            for (String entry : classPathOf(jar)) {
                Path to = tmp.resolve(entry);
                Files.createDirectories(to.getParent());
                Files.copy(jar.resolveSibling(entry), to, StandardCopyOption.COPY_ATTRIBUTES);
            }
            Files.move(tmp, into);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot copy the build (" + jar + ") into " + into + ": "
                    + e.getMessage(), e);
        }
        return copy;
    }

    private static List<String> classPathOf(Path jar) throws IOException {
        try (JarFile j = new JarFile(jar.toFile())) {
            Manifest m = j.getManifest();
            String cp = m == null ? null : m.getMainAttributes().getValue("Class-Path");
            return cp == null || cp.isBlank() ? List.of() : List.of(cp.strip().split("\\s+"));
        }
    }
}
