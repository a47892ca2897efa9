package org.cosim.runner.omnetpp;

import java.net.URISyntaxException;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * The cosim source tree the OMNeT++ back end needs at run time: the NED files
 * ({@code ned/}) and the bridge ({@code omnetpp-bridge/}). Found from
 * {@code $COSIM_HOME} (set by the {@code ./cosim} script), else above the working
 * directory, else above the running jar.
 */
public record CosimHome(Path root) {
    public Path ned() {
        return root.resolve("ned");
    }

    public Path bridge() {
        return root.resolve("omnetpp-bridge");
    }

    public Path scenarios() {
        return root.resolve("scenarios");
    }

    public static CosimHome find() {
        String env = System.getenv("COSIM_HOME");
        if (env != null && !env.isEmpty() && isHome(Path.of(env))) {
            return new CosimHome(Path.of(env).toAbsolutePath().normalize());
        }
        Path p = above(Path.of("").toAbsolutePath());
        if (p == null) {
            try {
                p = above(Path.of(CosimHome.class.getProtectionDomain().getCodeSource().getLocation().toURI()));
            } catch (URISyntaxException | SecurityException | NullPointerException e) {
                p = null;
            }
        }
        if (p == null) {
            throw new OmnetppException("cannot find the cosim source tree (ned/ and omnetpp-bridge/): run from inside "
                    + "it or set COSIM_HOME");
        }
        return new CosimHome(p);
    }

    private static Path above(Path start) {
        for (Path p = start; p != null; p = p.getParent()) {
            if (isHome(p)) {
                return p.normalize();
            }
        }
        return null;
    }

    private static boolean isHome(Path p) {
        return Files.isRegularFile(p.resolve("ned/package.ned")) && Files.isRegularFile(p.resolve(
                "omnetpp-bridge/CMakeLists.txt"));
    }
}
