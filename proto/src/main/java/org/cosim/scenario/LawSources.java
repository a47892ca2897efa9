package org.cosim.scenario;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import org.cosim.proto.CustomLaw;
import org.cosim.proto.Scenario;

/**
 * The Java source of a custom window law named by a scenario
 * (protocol.custom_law.source_file): reading a scenario replaces the file name by
 * the file's text, as {@link CdfFiles} replaces a CDF file by its points, so the
 * scenario as run carries the law, its digest covers the code, and an external
 * fabric's agents need no file.
 */
public final class LawSources {
    private static final String FIELD = "protocol.custom_law.source_file";

    private LawSources() {}

    /** Reads a named source file into the scenario; names are relative to {@code dir} (null: none allowed). */
    public static void resolve(Scenario.Builder s, Path dir) {
        if (!s.getProtocol().hasCustomLaw()
                || s.getProtocol().getCustomLaw().getCodeCase() != CustomLaw.CodeCase.SOURCE_FILE) {
            return;
        }
        CustomLaw.Builder law = s.getProtocolBuilder().getCustomLawBuilder();
        law.setSource(read(law.getSourceFile(), dir));
    }

    private static String read(String name, Path dir) {
        if (name.isBlank()) {
            throw new ScenarioException(FIELD, "empty: name a .java file (relative to the scenario file)");
        }
        if (dir == null) {
            throw new ScenarioException(FIELD, "'" + name + "': a scenario given without its file path cannot "
                    + "name a source file; give the code in protocol.custom_law.source");
        }
        Path file = dir.resolve(name).normalize();
        try {
            return Files.readString(file, StandardCharsets.UTF_8);
        } catch (NoSuchFileException e) {
            throw new ScenarioException(FIELD, "'" + name + "': no such file (" + file + ")");
        } catch (IOException e) {
            throw new ScenarioException(FIELD, "cannot read " + file + ": " + e.getMessage(), e);
        }
    }
}
