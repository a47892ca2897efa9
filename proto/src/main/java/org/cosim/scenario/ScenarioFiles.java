package org.cosim.scenario;

import com.google.protobuf.TextFormat;
import java.io.IOException;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.StandardCharsets;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.HexFormat;
import java.util.List;
import org.cosim.proto.Scenario;

/** Reads scenario files (protobuf text format) and applies command-line overrides. */
public final class ScenarioFiles {
    private ScenarioFiles() {}

    /**
     * Parses a scenario file, resolving its {@code base} chain; syntax errors and
     * unknown fields name the file, line and column.
     */
    public static Scenario read(Path file) {
        return readChain(file, new java.util.ArrayList<>(), FileRoot.ANYWHERE);
    }

    /**
     * Parses a scenario file's text that was read elsewhere (e.g. sent by an external
     * fabric), resolving its {@code base} chain relative to {@code source}, the file
     * the text came from; {@code source} null: the text must not name a base.
     */
    public static Scenario read(String text, Path source) {
        return read(text, source, FileRoot.ANYWHERE);
    }

    /** The same, reading the files the text names (bases, CDFs, law sources) only under {@code root}. */
    public static Scenario read(String text, Path source, FileRoot root) {
        if (source == null) {
            Scenario own = withFilesRead(parse(text, "scenario text"), null, root);
            if (!own.getBase().isEmpty()) {
                throw new ScenarioException("base", "'" + own.getBase()
                        + "': a scenario given as text without its file path cannot name a base");
            }
            return own;
        }
        List<Path> chain = new java.util.ArrayList<>();
        chain.add(source.toAbsolutePath().normalize());
        return withBase(parse(text, source.toString()), source, chain, root);
    }

    private static Scenario readChain(Path file, List<Path> chain, FileRoot root) {
        Path normal = file.toAbsolutePath().normalize();
        if (chain.contains(normal)) {
            throw new ScenarioException(file.toString(), "base chain loops back to this file: " + chain);
        }
        chain.add(normal);
        return withBase(parse(readText(file), file.toString()), file, chain, root);
    }

    private static Scenario withBase(Scenario parsed, Path file, List<Path> chain, FileRoot root) {
        // A CDF or source file is relative to the file that names it, before a base or an override can move it.
        Scenario own = withFilesRead(parsed, file.toAbsolutePath().normalize().getParent(), root);
        if (own.getBase().isEmpty()) {
            return own;
        }
        Path basePath = root.resolve(file.toAbsolutePath().normalize().getParent(), own.getBase(), "base");
        Scenario base;
        try {
            base = readChain(basePath, chain, root);
        } catch (ScenarioException e) {
            throw new ScenarioException(e.field(), e.getMessage().substring(e.field().length() + 2)
                    + " (base of " + file + ")", e);
        }
        return base.toBuilder().mergeFrom(own).clearBase().build();
    }

    private static String readText(Path file) {
        String text;
        try {
            text = FileText.read(file);
        } catch (NoSuchFileException e) {
            throw new ScenarioException(file.toString(), "no such scenario file");
        } catch (CharacterCodingException e) {
            throw new ScenarioException(file.toString(), "not a text file (a scenario is protobuf text format, UTF-8)");
        } catch (IOException e) {
            throw new ScenarioException(file.toString(), "cannot read: " + e.getMessage(), e);
        }
        // Editors on Windows may start a UTF-8 file with a byte-order mark; it is no part of the text.
        return text.startsWith("\uFEFF") ? text.substring(1) : text;
    }

    public static Scenario parse(String text, String sourceName) {
        Scenario.Builder builder = Scenario.newBuilder();
        try {
            TextParsers.merge(text, builder);
        } catch (TextFormat.ParseException e) {
            String where = e.getLine() > 0
                    ? sourceName + ":" + e.getLine() + ":" + e.getColumn()
                    : sourceName;
            throw new ScenarioException(where, stripPosition(TextParsers.message(e)), e);
        }
        return builder.build();
    }

    /** Reads a scenario and applies {@code field.path=value} overrides in order. */
    public static Scenario read(Path file, List<String> overrides) {
        return withOverrides(read(file), overrides);
    }

    /** A scenario already read, with {@code field.path=value} overrides applied in order. */
    public static Scenario withOverrides(Scenario read, List<String> overrides) {
        Scenario.Builder builder = read.toBuilder();
        for (String o : overrides) {
            Overrides.apply(builder, o);
        }
        // A CDF or source file named in an override is relative to the working directory.
        Path here = Path.of("").toAbsolutePath();
        CdfFiles.resolve(builder, here);
        LawSources.resolve(builder, here);
        NetworkFiles.resolve(builder, here, FileRoot.ANYWHERE);
        return builder.build();
    }

    /**
     * The scenario with every FlowSizes.cdf replaced by its points (CdfFiles), a
     * custom law's source file by its text (LawSources) and a topology or traffic
     * file by its text (NetworkFiles); names relative to {@code dir}.
     */
    private static Scenario withFilesRead(Scenario s, Path dir, FileRoot root) {
        Scenario.Builder b = s.toBuilder();
        CdfFiles.resolve(b, dir, root);
        LawSources.resolve(b, dir, root);
        NetworkFiles.resolve(b, dir, root);
        return b.build();
    }

    /** The canonical text of a scenario: what the runner records and what the digest covers. */
    public static String canonicalText(Scenario scenario) {
        return TextFormat.printer().printToString(scenario);
    }

    /** SHA-256 of the canonical text, hex; both ends of a session compare it. */
    public static String digest(Scenario scenario) {
        try {
            MessageDigest sha = MessageDigest.getInstance("SHA-256");
            return HexFormat.of().formatHex(
                    sha.digest(canonicalText(scenario).getBytes(StandardCharsets.UTF_8)));
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("SHA-256 missing from the JDK", e);
        }
    }

    private static String stripPosition(String message) {
        // TextFormat prefixes "line:col: "; we print our own "file:line:col".
        return message.replaceFirst("^\\d+:\\d+: ", "");
    }
}
