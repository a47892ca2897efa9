package org.cosim.cli.bench;

import java.lang.management.ManagementFactory;
import java.net.URISyntaxException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * The command line of a new JVM like this one: the same java binary and JVM options (the `cosim` launcher's, its
 * ahead-of-time cache included) and this very jar, for benchmarks that need a fresh process per measurement.
 */
final class ChildJvm {
    private ChildJvm() { }

    /** {@code java [this JVM's options] -jar cosim.jar ARGS}: a cosim command. */
    static List<String> cosim(List<String> args) {
        return command(List.of("-jar", jar().toString()), args);
    }

    /** {@code java [this JVM's options] -cp cosim.jar MAIN ARGS}: another main class of the jar. */
    static List<String> main(Class<?> main, List<String> args) {
        return command(List.of("-cp", jar().toString(), main.getName()), args);
    }

    private static List<String> command(List<String> what, List<String> args) {
        List<String> cmd = new ArrayList<>();
        cmd.add(ProcessHandle.current().info().command()
                .orElse(Path.of(System.getProperty("java.home"), "bin", "java").toString()));
        cmd.addAll(ManagementFactory.getRuntimeMXBean().getInputArguments());
        cmd.addAll(what);
        cmd.addAll(args);
        return cmd;
    }

    private static Path jar() {
        try {
            return Path.of(ChildJvm.class.getProtectionDomain().getCodeSource().getLocation().toURI());
        } catch (URISyntaxException e) {
            throw new IllegalStateException("cannot locate the cosim jar: " + e.getMessage(), e);
        }
    }
}
