package org.cosim.cli;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.util.Properties;

/**
 * What `cosim --version` prints: the project version and the commit the build was made from, both written
 * into {@code build.properties} by the build (validation/pom.xml). The commit is {@code git describe}'s
 * ("-dirty" when the working tree had changes), empty when the sources were not a git checkout.
 */
public record BuildInfo(String version, String commit) {
    private static final String FILE = "/org/cosim/cli/build.properties";

    public static BuildInfo current() {
        Properties p = new Properties();
        try (InputStream in = BuildInfo.class.getResourceAsStream(FILE)) {
            if (in == null) {
                return new BuildInfo("unknown", "");
            }
            p.load(in);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read " + FILE + " from the jar", e);
        }
        return new BuildInfo(p.getProperty("version", "unknown").strip(), p.getProperty("commit", "").strip());
    }

    /** "cosim 0.1.0-SNAPSHOT (commit 833e138f1a2b)", or without the commit when there is none. */
    public String line() {
        return "cosim " + version + (commit.isEmpty() ? "" : " (commit " + commit + ")");
    }
}
