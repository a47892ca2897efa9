package org.cosim.runner;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.cosim.proto.Scenario;
import org.cosim.scenario.ScenarioFiles;

/** Finds the scenario files shipped in the repository's scenarios/ folder, from any module's working directory. */
public final class ShippedScenarios {
    private ShippedScenarios() {}

    public static Path dir() {
        Path p = Path.of("").toAbsolutePath();
        while (p != null) {
            if (Files.isDirectory(p.resolve("scenarios")) && Files.exists(p.resolve("pom.xml"))) {
                return p.resolve("scenarios");
            }
            p = p.getParent();
        }
        throw new IllegalStateException("no scenarios/ folder above " + Path.of("").toAbsolutePath());
    }

    public static Path path(String file) {
        return dir().resolve(file);
    }

    public static Scenario read(String file, String... overrides) {
        return ScenarioFiles.read(path(file), List.of(overrides));
    }
}
