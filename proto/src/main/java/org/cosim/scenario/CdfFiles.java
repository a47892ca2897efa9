package org.cosim.scenario;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.List;
import java.util.Set;
import org.cosim.proto.CdfPoint;
import org.cosim.proto.EmpiricalCdf;
import org.cosim.proto.FlowSizes;
import org.cosim.proto.Workload;

/**
 * Flow-size distributions named by a scenario (FlowSizes.cdf): a shipped one by
 * name (scenarios/cdf/NAME.txt, packaged with this module) or a file of
 * "size_bytes cumulative_probability" lines ('#' starts a comment). Reading a
 * scenario replaces every {@code cdf} by {@code empirical} with the points, so
 * what runs (and what the digest covers) is the distribution itself, and an
 * external fabric resolving the scenario text needs no file.
 */
public final class CdfFiles {
    /** The distributions shipped in scenarios/cdf/. */
    public static final Set<String> SHIPPED = Set.of("websearch", "hadoop", "facebook-webserver");

    private CdfFiles() {}

    /**
     * Replaces every FlowSizes.cdf in the scenario's workload by its points; file
     * names are relative to {@code dir} (null: only shipped names are allowed).
     */
    public static void resolve(org.cosim.proto.Scenario.Builder s, Path dir) {
        resolve(s, dir, FileRoot.ANYWHERE);
    }

    /** The same, reading files only under {@code root}. */
    public static void resolve(org.cosim.proto.Scenario.Builder s, Path dir, FileRoot root) {
        if (s.hasWorkload()) {
            resolve(s.getWorkloadBuilder(), dir, root, "workload");
        }
    }

    private static void resolve(Workload.Builder w, Path dir, FileRoot root, String at) {
        switch (w.getKindCase()) {
            case POISSON -> resolve(w.getPoissonBuilder().getSizesBuilder(), dir, root, at + ".poisson.sizes");
            case MIX -> {
                for (int i = 0; i < w.getMix().getPartsCount(); i++) {
                    resolve(w.getMixBuilder().getPartsBuilder(i), dir, root, at + ".mix.parts[" + i + "]");
                }
            }
            default -> { }
        }
    }

    private static void resolve(FlowSizes.Builder sizes, Path dir, FileRoot root, String at) {
        if (sizes.getKindCase() != FlowSizes.KindCase.CDF) {
            return;
        }
        String name = sizes.getCdf();
        sizes.setEmpirical(read(name, dir, root, at + ".cdf"));
    }

    /** The points of a shipped distribution or of a file relative to {@code dir}. */
    public static EmpiricalCdf read(String name, Path dir, String field) {
        return read(name, dir, FileRoot.ANYWHERE, field);
    }

    private static EmpiricalCdf read(String name, Path dir, FileRoot root, String field) {
        if (name.isBlank()) {
            throw new ScenarioException(field, "empty: name a shipped CDF " + SHIPPED + " or a file");
        }
        if (SHIPPED.contains(name)) {
            try (InputStream in = CdfFiles.class.getResourceAsStream("cdf/" + name + ".txt")) {
                if (in == null) {
                    throw new IllegalStateException("shipped CDF " + name + " is missing from the classpath");
                }
                return parse(new String(in.readAllBytes(), StandardCharsets.UTF_8), name, field);
            } catch (IOException e) {
                throw new ScenarioException(field, "cannot read the shipped CDF '" + name + "': " + e.getMessage(), e);
            }
        }
        if (dir == null) {
            throw new ScenarioException(field, "'" + name + "' is not a shipped CDF " + SHIPPED
                    + ", and a scenario given without its file path cannot name a CDF file");
        }
        Path file = root.resolve(dir, name, field);
        try {
            return parse(FileText.read(file), file.toString(), field);
        } catch (NoSuchFileException e) {
            throw new ScenarioException(field, "'" + name + "': no such file (" + file + "), and not a shipped CDF "
                    + SHIPPED);
        } catch (IOException e) {
            throw new ScenarioException(field, "cannot read " + file + ": " + e.getMessage(), e);
        }
    }

    /** Parses "size_bytes cumulative_probability" lines; {@code source} names the text in errors. */
    public static EmpiricalCdf parse(String text, String source, String field) {
        EmpiricalCdf.Builder cdf = EmpiricalCdf.newBuilder().setSource(source);
        List<String> lines = text.lines().toList();
        for (int i = 0; i < lines.size(); i++) {
            String line = lines.get(i);
            int hash = line.indexOf('#');
            String data = (hash >= 0 ? line.substring(0, hash) : line).trim();
            if (data.isEmpty()) {
                continue;
            }
            String[] parts = data.split("\\s+");
            String where = source + ":" + (i + 1);
            if (parts.length != 2) {
                throw new ScenarioException(field, where + ": expected 'size_bytes cumulative_probability', got '"
                        + data + "'");
            }
            try {
                long size = Long.parseLong(parts[0]);
                double p = Double.parseDouble(parts[1]);
                if (size < 0) {
                    throw new ScenarioException(field, where + ": negative size " + size);
                }
                cdf.addPoints(CdfPoint.newBuilder().setSizeBytes(size).setCumulativeProbability(p));
            } catch (NumberFormatException e) {
                throw new ScenarioException(field, where + ": not a number in '" + data + "'");
            }
        }
        if (cdf.getPointsCount() == 0) {
            throw new ScenarioException(field, source + ": no points");
        }
        return cdf.build();
    }
}
