package org.cosim.scenario;

import java.io.IOException;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import org.cosim.proto.CustomRateLaw;
import org.cosim.proto.CustomWindowLaw;
import org.cosim.proto.Protocol;
import org.cosim.proto.PullOrder;
import org.cosim.proto.Scenario;

/**
 * The Java source of a custom law named by a scenario
 * (protocol.custom_window_law.source_file, protocol.custom_rate_law.source_file,
 * protocol.ndp.pull_order.source_file):
 * reading a scenario replaces the file name by the file's text, as
 * {@link CdfFiles} replaces a CDF file by its points, so the scenario as run
 * carries the law, its digest covers the code, and an external fabric's agents
 * need no file.
 */
public final class LawSources {
    private LawSources() {}

    /** Reads a named source file into the scenario; names are relative to {@code dir} (null: none allowed). */
    public static void resolve(Scenario.Builder s, Path dir) {
        resolve(s, dir, FileRoot.ANYWHERE);
    }

    /** The same, reading files only under {@code root}. */
    public static void resolve(Scenario.Builder s, Path dir, FileRoot root) {
        Protocol p = s.getProtocol();
        if (p.hasCustomWindowLaw() && p.getCustomWindowLaw().getCodeCase() == CustomWindowLaw.CodeCase.SOURCE_FILE) {
            CustomWindowLaw.Builder law = s.getProtocolBuilder().getCustomWindowLawBuilder();
            law.setSource(read(law.getSourceFile(), dir, root, "protocol.custom_window_law"));
        }
        if (p.hasCustomRateLaw() && p.getCustomRateLaw().getCodeCase() == CustomRateLaw.CodeCase.SOURCE_FILE) {
            CustomRateLaw.Builder law = s.getProtocolBuilder().getCustomRateLawBuilder();
            law.setSource(read(law.getSourceFile(), dir, root, "protocol.custom_rate_law"));
        }
        if (p.hasNdp() && p.getNdp().getPullOrder().getCodeCase() == PullOrder.CodeCase.SOURCE_FILE) {
            PullOrder.Builder order = s.getProtocolBuilder().getNdpBuilder().getPullOrderBuilder();
            order.setSource(read(order.getSourceFile(), dir, root, "protocol.ndp.pull_order"));
        }
    }

    /**
     * On a server that does not run code it is sent ({@code runsLawCode} false), refuses
     * a protocol carrying law source, naming the field, before anything compiles it.
     */
    public static void requireRunnable(Protocol p, boolean runsLawCode) {
        String code = sourceField(p);
        if (!runsLawCode && code != null) {
            throw new ScenarioException(code, "Java source, and this agent server does not run code it is sent: "
                    + "start `cosim agents` with --allow-law-code to run it");
        }
    }

    /** Where the protocol carries Java source to compile and run (a field name), or null when it does not. */
    public static String sourceField(Protocol p) {
        if (p.getCustomWindowLaw().getCodeCase() == CustomWindowLaw.CodeCase.SOURCE) {
            return "protocol.custom_window_law.source";
        }
        if (p.getCustomRateLaw().getCodeCase() == CustomRateLaw.CodeCase.SOURCE) {
            return "protocol.custom_rate_law.source";
        }
        if (p.getNdp().getPullOrder().getCodeCase() == PullOrder.CodeCase.SOURCE) {
            return "protocol.ndp.pull_order.source";
        }
        return null;
    }

    private static String read(String name, Path dir, FileRoot root, String law) {
        String field = law + ".source_file";
        if (name.isBlank()) {
            throw new ScenarioException(field, "empty: name a .java file (relative to the scenario file)");
        }
        if (dir == null) {
            throw new ScenarioException(field, "'" + name + "': a scenario given without its file path cannot "
                    + "name a source file; give the code in " + law + ".source");
        }
        Path file = root.resolve(dir, name, field);
        try {
            return FileText.read(file);
        } catch (NoSuchFileException e) {
            throw new ScenarioException(field, "'" + name + "': no such file (" + file + ")");
        } catch (IOException e) {
            throw new ScenarioException(field, "cannot read " + file + ": " + e.getMessage(), e);
        }
    }
}
