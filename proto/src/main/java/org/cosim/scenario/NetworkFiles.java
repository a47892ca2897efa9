package org.cosim.scenario;

import java.io.IOException;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import org.cosim.proto.FlowFile;
import org.cosim.proto.Scenario;
import org.cosim.proto.TopologyFile;
import org.cosim.proto.Workload;

/**
 * The topology and traffic files a scenario names (topology.file.path,
 * workload.file.path, also in a mix's parts): reading a scenario replaces each
 * file name by the file's text and records where it came from in {@code source},
 * as {@link CdfFiles} replaces a CDF file by its points. The scenario as run
 * carries its network and flows, its digest covers them, and an external fabric
 * resolving the scenario text needs no file. The texts are parsed with the
 * topology and the workload (java-fabric TopologyFiles and FlowFiles).
 */
public final class NetworkFiles {
    private NetworkFiles() {}

    /** Reads every named file into the scenario; names are relative to {@code dir} (null: none allowed). */
    public static void resolve(Scenario.Builder s, Path dir, FileRoot root) {
        if (s.getTopology().getFile().getContentCase() == TopologyFile.ContentCase.PATH) {
            TopologyFile.Builder f = s.getTopologyBuilder().getFileBuilder();
            Path file = locate(f.getPath(), dir, root, "topology.file.path");
            f.setText(read(file, "topology.file.path")).setSource(display(file));
        }
        if (s.hasWorkload()) {
            resolve(s.getWorkloadBuilder(), dir, root, "workload");
        }
    }

    private static void resolve(Workload.Builder w, Path dir, FileRoot root, String at) {
        if (w.hasFile() && w.getFile().getContentCase() == FlowFile.ContentCase.PATH) {
            FlowFile.Builder f = w.getFileBuilder();
            Path file = locate(f.getPath(), dir, root, at + ".file.path");
            f.setText(read(file, at + ".file.path")).setSource(display(file));
        }
        if (w.hasMix()) {
            for (int i = 0; i < w.getMix().getPartsCount(); i++) {
                resolve(w.getMixBuilder().getPartsBuilder(i), dir, root, at + ".mix.parts[" + i + "]");
            }
        }
    }

    private static Path locate(String name, Path dir, FileRoot root, String field) {
        if (name.isBlank()) {
            throw new ScenarioException(field, "empty: name a file (relative to the scenario file)");
        }
        if (dir == null) {
            throw new ScenarioException(field, "'" + name + "': a scenario given without its file path cannot "
                    + "name a file; give its text in the `text` field");
        }
        return root.resolve(dir, name, field);
    }

    private static String read(Path file, String field) {
        try {
            return FileText.read(file);
        } catch (NoSuchFileException e) {
            throw new ScenarioException(field, "no such file (" + file + ")");
        } catch (IOException e) {
            throw new ScenarioException(field, "cannot read " + file + ": " + e.getMessage(), e);
        }
    }

    /** The file as error messages name it: relative to the working directory when under it. */
    private static String display(Path file) {
        Path here = Path.of("").toAbsolutePath();
        Path abs = file.toAbsolutePath().normalize();
        return abs.startsWith(here) ? here.relativize(abs).toString() : abs.toString();
    }
}
