package org.cosim.runner.omnetpp;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * The malloc that opp_run runs with. OMNeT++ allocates and frees a packet object
 * per packet and the bridge a protobuf message per agent event, half of them
 * freed on the agent link's thread: glibc's malloc spends measurable time on
 * that (docs/speed.md). When the machine has gperftools' tcmalloc (Debian:
 * libtcmalloc-minimal4) the runner preloads it into opp_run, and only there
 * (results do not depend on the allocator: the simulation orders nothing by
 * address). {@code COSIM_OPP_MALLOC} overrides: {@code glibc} keeps the C
 * library's malloc, a path preloads that library.
 */
public final class OppRunAllocator {
    public static final String VARIABLE = "COSIM_OPP_MALLOC";
    static final String LIBRARY = "libtcmalloc_minimal.so.4";

    private OppRunAllocator() {}

    /** The library to preload into opp_run, if any. */
    public static Optional<Path> find() {
        return find(System.getenv(), searchPath(System.getProperty("os.arch", "")));
    }

    static Optional<Path> find(Map<String, String> env, List<Path> searchPath) {
        String chosen = env.get(VARIABLE);
        if (chosen != null && !chosen.isEmpty()) {
            if (chosen.equals("glibc")) {
                return Optional.empty();
            }
            Path lib = Path.of(chosen);
            if (!Files.isRegularFile(lib)) {
                throw new OmnetppException(VARIABLE + "=" + chosen + ": no such library (give the path of a malloc "
                        + "library to preload into opp_run, or 'glibc' for the C library's)");
            }
            return Optional.of(lib);
        }
        return searchPath.stream().map(dir -> dir.resolve(LIBRARY)).filter(Files::isRegularFile).findFirst();
    }

    /** Where Debian and other distributions put shared libraries for this JVM's architecture. */
    static List<Path> searchPath(String osArch) {
        String multiarch = switch (osArch) {
            case "amd64", "x86_64" -> "x86_64-linux-gnu";
            case "aarch64", "arm64" -> "aarch64-linux-gnu";
            default -> osArch + "-linux-gnu";
        };
        return List.of(Path.of("/usr/lib", multiarch), Path.of("/usr/lib64"), Path.of("/usr/lib"),
                Path.of("/usr/local/lib"));
    }

    /** Adds {@code lib} to the LD_PRELOAD of a child's environment (after what is already preloaded). */
    public static void preload(Map<String, String> childEnv, Path lib) {
        String before = childEnv.get("LD_PRELOAD");
        childEnv.put("LD_PRELOAD", before == null || before.isBlank() ? lib.toString() : before + " " + lib);
    }
}
