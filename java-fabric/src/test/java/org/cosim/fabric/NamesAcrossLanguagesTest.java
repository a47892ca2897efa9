package org.cosim.fabric;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/**
 * docs/ARCHITECTURE.md's "One name per concept": a C++ class and a NED type have the name of their Java class, or
 * a row of the section's table names the Java counterpart; the table names only classes that exist.
 */
class NamesAcrossLanguagesTest {
    private static final Path ROOT = GoldenFiles.root();
    private static final Pattern NAME = Pattern.compile("`([A-Z][A-Za-z]*)`");
    private static final Pattern NED_TYPE = Pattern.compile(
            "^\\s*(?:simple|channel|module|moduleinterface|channelinterface)\\s+([A-Z]\\w*)", Pattern.MULTILINE);

    /** The table's rows: the backticked names of the first cell (C++ or NED) and of the second (Java). */
    private record Row(List<String> cppOrNed, List<String> java) {}

    private static List<Row> table() throws IOException {
        String doc = Files.readString(ROOT.resolve("docs/ARCHITECTURE.md"));
        int at = doc.indexOf("## One name per concept");
        assertTrue(at >= 0, "docs/ARCHITECTURE.md has a section \"One name per concept\"");
        String section = doc.substring(at, doc.indexOf("\n## ", at + 1));
        List<Row> rows = new ArrayList<>();
        for (String line : section.lines().toList()) {
            String[] cells = line.split("\\|");
            if (cells.length < 4 || line.startsWith("|---") || cells[1].contains("C++ or NED")) {
                continue;
            }
            rows.add(new Row(names(cells[1]), names(cells[2])));
        }
        return rows;
    }

    private static List<String> names(String cell) {
        List<String> out = new ArrayList<>();
        Matcher m = NAME.matcher(cell);
        while (m.find()) {
            out.add(m.group(1));
        }
        return out;
    }

    private static Set<String> stems(Path dir, String ext) throws IOException {
        try (Stream<Path> files = Files.walk(dir)) {
            return files.map(p -> p.getFileName().toString()).filter(n -> n.endsWith(ext))
                    .map(n -> n.substring(0, n.length() - ext.length())).collect(Collectors.toCollection(TreeSet::new));
        }
    }

    private static Set<String> javaClasses() throws IOException {
        Set<String> all = new TreeSet<>();
        try (Stream<Path> modules = Files.list(ROOT)) {
            for (Path m : modules.map(p -> p.resolve("src/main/java")).filter(Files::isDirectory).toList()) {
                all.addAll(stems(m, ".java"));
            }
        }
        return all;
    }

    private static Set<String> cppClasses() throws IOException {
        return stems(ROOT.resolve("omnetpp-bridge/src"), ".h");
    }

    private static Set<String> nedTypes() throws IOException {
        Set<String> types = new TreeSet<>();
        try (Stream<Path> files = Files.walk(ROOT.resolve("ned/fabric"))) {
            for (Path f : files.filter(p -> p.toString().endsWith(".ned")).toList()) {
                Matcher m = NED_TYPE.matcher(Files.readString(f));
                while (m.find()) {
                    types.add(m.group(1));
                }
            }
        }
        return types;
    }

    @Test
    void everyCppClassHasItsJavaNameOrARowOfTheTable() throws IOException {
        Set<String> java = javaClasses();
        Set<String> listed = table().stream().flatMap(r -> r.cppOrNed().stream()).collect(Collectors.toSet());
        List<String> unnamed = cppClasses().stream().filter(c -> !java.contains(c) && !listed.contains(c)).toList();
        assertEquals(List.of(), unnamed, "C++ classes with no Java class of their name and no row in "
                + "docs/ARCHITECTURE.md's \"One name per concept\"");
    }

    @Test
    void everyNedTypeHasACppOrJavaClassOfItsNameOrARow() throws IOException {
        Set<String> known = new TreeSet<>(cppClasses());
        known.addAll(javaClasses());
        table().forEach(r -> known.addAll(r.cppOrNed()));
        List<String> unnamed = nedTypes().stream().filter(t -> !known.contains(t)).toList();
        assertEquals(List.of(), unnamed, "NED types with no class of their name and no row in the table");
        assertTrue(nedTypes().containsAll(List.of("Nic", "LinkChannel", "SwitchCore")), "the NED types are read");
    }

    @Test
    void everyNameInTheTableExists() throws IOException {
        Set<String> cppOrNed = new TreeSet<>(cppClasses());
        cppOrNed.addAll(nedTypes());
        Set<String> java = javaClasses();
        List<Row> rows = table();
        assertTrue(rows.size() >= 10, "the table is read: " + rows.size() + " rows");
        for (Row r : rows) {
            for (String n : r.cppOrNed()) {
                assertTrue(cppOrNed.contains(n) || java.contains(n), "the table names " + n
                        + ", which is no C++ class or NED type");
            }
            for (String n : r.java()) {
                assertTrue(java.contains(n), "the table names " + n + " as Java, which is no Java class");
            }
        }
    }
}
