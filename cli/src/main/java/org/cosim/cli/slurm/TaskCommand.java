package org.cosim.cli.slurm;

import java.io.File;
import java.lang.management.ManagementFactory;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * How a task starts cosim: the JVM and class path of the command that submits it (absolute paths, so on a shared
 * filesystem every node runs the same build; the launcher runs each command from a copy of its build's jars that
 * no later build touches), and its JVM options except the ahead-of-time cache's, which serves one machine.
 */
public final class TaskCommand {
    private TaskCommand() {}

    /** The JVM, its options and class path, and the main class: what goes before {@code slurm-task ...}. */
    public static List<String> current() {
        String java = ProcessHandle.current().info().command()
                .orElse(Path.of(System.getProperty("java.home"), "bin", "java").toString());
        List<String> cmd = new ArrayList<>(List.of(java));
        for (String a : ManagementFactory.getRuntimeMXBean().getInputArguments()) {
            if (!a.contains("AOT") && !a.startsWith("-Xlog:") && !a.startsWith("-agentlib")
                    && !a.startsWith("-javaagent")) {
                cmd.add(a);
            }
        }
        List<String> classPath = new ArrayList<>();
        for (String entry : System.getProperty("java.class.path").split(File.pathSeparator)) {
            classPath.add(Path.of(entry).toAbsolutePath().normalize().toString());
        }
        cmd.add("-cp");
        cmd.add(String.join(File.pathSeparator, classPath));
        cmd.add("org.cosim.cli.Main");
        return cmd;
    }
}
