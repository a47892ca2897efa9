package org.cosim.fabric;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * The golden files in omnetpp-bridge/test/golden/ that Java tests write and the C++ tests replay. A test computes
 * its lines, {@link #record}s them and compares the recorded lines with its own: so the committed file is what the
 * Java code gives, and the C++ side checks itself against it. -Dcosim.golden.write=true writes the file anew.
 */
public final class GoldenFiles {
    private GoldenFiles() {}

    public static Path path(String name) {
        return root().resolve("omnetpp-bridge/test/golden").resolve(name);
    }

    /** The repository's root: the first folder above the working directory that holds omnetpp-bridge/. */
    public static Path root() {
        Path p = Path.of("").toAbsolutePath();
        while (p != null && !Files.isDirectory(p.resolve("omnetpp-bridge"))) {
            p = p.getParent();
        }
        if (p == null) {
            throw new IllegalStateException("no omnetpp-bridge/ folder above " + Path.of("").toAbsolutePath());
        }
        return p;
    }

    /**
     * With -Dcosim.golden.write=true, writes {@code header} (each line a '#' comment) and {@code lines} to the
     * golden file {@code name}; either way returns the file's lines other than comments and blank ones.
     */
    public static List<String> record(String name, List<String> header, List<String> lines) throws IOException {
        Path file = path(name);
        if (Boolean.getBoolean("cosim.golden.write")) {
            List<String> text = new ArrayList<>();
            header.forEach(h -> text.add("# " + h));
            text.addAll(lines);
            Files.write(file, text, StandardCharsets.UTF_8);
        }
        return Files.readAllLines(file, StandardCharsets.UTF_8).stream()
                .filter(l -> !l.startsWith("#") && !l.isBlank()).toList();
    }
}
