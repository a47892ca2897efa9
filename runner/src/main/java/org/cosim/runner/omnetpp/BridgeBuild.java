package org.cosim.runner.omnetpp;

import java.io.IOException;
import java.io.PrintStream;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.FileTime;
import java.util.List;
import java.util.stream.Stream;

/**
 * The OMNeT++ modules' shared library, built on demand the way {@code ./cosim}
 * builds its jar: when it is missing or older than the bridge's sources, the
 * runner runs {@code omnetpp-bridge/build.sh} (the one build command a person
 * uses too) against the OMNeT++ it found.
 */
public final class BridgeBuild {
    private BridgeBuild() {}

    public static Path library(CosimHome home) {
        return home.bridge().resolve("build/libcosim_omnetpp.so");
    }

    /** What CMake wrote about the in-process agents (omnetpp-bridge/build/in-process-status.txt), or why unknown. */
    public static String inProcessStatus(CosimHome home) {
        Path status = home.bridge().resolve("build/in-process-status.txt");
        try {
            return Files.readString(status).strip();
        } catch (IOException e) {
            return "no " + status + " (build the bridge again: omnetpp-bridge/build.sh)";
        }
    }

    /** Whether the built bridge can run the agents in-process (CMake found a JDK to build it with JNI). */
    public static boolean hasInProcessAgents(CosimHome home) {
        return inProcessStatus(home).startsWith("with ");
    }

    /** Builds if needed; returns the library. Build output goes to omnetpp-bridge/build/build.log. */
    public static Path ensure(CosimHome home, OmnetppInstall omnetpp, PrintStream note) {
        Path lib = library(home);
        if (Files.isRegularFile(lib) && !stale(home, lib) && builtAgainst(home, omnetpp)) {
            return lib;
        }
        Path log = home.bridge().resolve("build/build.log");
        note.println("cosim: building the OMNeT++ modules (omnetpp-bridge/build.sh, against OMNeT++ "
                + omnetpp.version() + " at " + omnetpp.root() + "; log: " + log + ")");
        try {
            Files.createDirectories(log.getParent());
            ProcessBuilder pb = new ProcessBuilder(home.bridge().resolve("build.sh").toString())
                    .redirectErrorStream(true).redirectOutput(log.toFile());
            pb.environment().put("OMNETPP_ROOT", omnetpp.root().toString());
            int status = pb.start().waitFor();
            if (status != 0 || !Files.isRegularFile(lib)) {
                List<String> lines = Files.readAllLines(log);
                throw new OmnetppException("building the OMNeT++ modules failed (omnetpp-bridge/build.sh, exit "
                        + status + "):\n" + String.join("\n", lines.subList(Math.max(0, lines.size() - 25),
                        lines.size())));
            }
            // CMake relinks only what changed: after an edit that changes no object of the library (a comment
            // in CMakeLists.txt) the library keeps its old time, and every later run would build again.
            Files.setLastModifiedTime(lib, FileTime.fromMillis(System.currentTimeMillis()));
        } catch (IOException e) {
            throw new OmnetppException("cannot run omnetpp-bridge/build.sh: " + e.getMessage(), e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new OmnetppException("interrupted while building the OMNeT++ modules");
        }
        return lib;
    }

    /**
     * Whether the library was built against {@code omnetpp} (build/omnetpp-status.txt, which CMake writes, names
     * its root): one built against another install, with or without MPI, does not load into this one's opp_run.
     */
    static boolean builtAgainst(CosimHome home, OmnetppInstall omnetpp) {
        try {
            return Files.readString(home.bridge().resolve("build/omnetpp-status.txt")).strip()
                    .endsWith(" at " + omnetpp.root());
        } catch (IOException e) {
            return false;
        }
    }

    private static boolean stale(CosimHome home, Path lib) {
        try {
            FileTime built = Files.getLastModifiedTime(lib);
            for (Path source : List.of(home.bridge().resolve("src"), home.bridge().resolve("cmake"),
                    home.bridge().resolve("CMakeLists.txt"), home.root().resolve("proto/cosim.proto"))) {
                if (!Files.exists(source)) {
                    continue;
                }
                try (Stream<Path> files = Files.walk(source)) {
                    if (files.filter(Files::isRegularFile).anyMatch(f -> newer(f, built))) {
                        return true;
                    }
                }
            }
            return false;
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private static boolean newer(Path f, FileTime than) {
        try {
            return Files.getLastModifiedTime(f).compareTo(than) > 0;
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
