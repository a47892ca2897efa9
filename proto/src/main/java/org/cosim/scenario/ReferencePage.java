package org.cosim.scenario;

import com.google.protobuf.DescriptorProtos.FileDescriptorProto;
import com.google.protobuf.DescriptorProtos.FileDescriptorSet;
import com.google.protobuf.DescriptorProtos.SourceCodeInfo;
import com.google.protobuf.Descriptors.Descriptor;
import com.google.protobuf.Descriptors.EnumDescriptor;
import com.google.protobuf.Descriptors.EnumValueDescriptor;
import com.google.protobuf.Descriptors.FieldDescriptor;
import com.google.protobuf.Descriptors.OneofDescriptor;
import com.google.protobuf.Message;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.stream.Stream;
import org.cosim.proto.Protocol;
import org.cosim.proto.Scenario;

/**
 * docs/scenario-reference.md: every field of scenario.proto with its type, unit, default, the protocols that
 * read it and its comment, written from the schema's descriptors and the comments protoc keeps in
 * {@code schema.desc} (proto/pom.xml). Units come from the field names, defaults from the fields' options
 * ({@link Defaults}) or proto3's zero values; ranges are not in the schema: the page links each message to the
 * class that checks it. ReferencePageTest keeps the page equal to this.
 */
public final class ReferencePage {
    /** Where the page lives, relative to the repository's root. */
    public static final String PAGE = "docs/scenario-reference.md";
    /** The command that rewrites the page. */
    public static final String REGENERATE =
            "mvn -B -q test -pl proto -Dtest=ReferencePageTest -Dcosim.reference.write=true";

    private static final Map<String, String> UNITS = new LinkedHashMap<>();

    static {
        UNITS.put("_us", "µs");
        UNITS.put("_ns", "ns");
        UNITS.put("_ms", "ms");
        UNITS.put("_gbps", "Gb/s");
        UNITS.put("_mbps", "Mb/s");
        UNITS.put("_bytes", "bytes");
        UNITS.put("_packets", "packets (MTUs)");
    }

    private final Map<List<Integer>, SourceCodeInfo.Location> comments = new HashMap<>();
    /** Per field, the values message fields' declared defaults give it ({@link #collectOverrides}). */
    private final Map<FieldDescriptor, List<String>> overrides = new HashMap<>();
    private final Path root;

    private ReferencePage(Path root) {
        this.root = root;
        FileDescriptorProto file = schemaFile();
        for (SourceCodeInfo.Location l : file.getSourceCodeInfo().getLocationList()) {
            comments.putIfAbsent(l.getPathList(), l);
        }
    }

    /** The page for the repository at {@code root} (its source tree gives the links to the checking classes). */
    public static String markdown(Path root) {
        return new ReferencePage(root).write();
    }

    private static FileDescriptorProto schemaFile() {
        try (InputStream in = ReferencePage.class.getResourceAsStream("schema.desc")) {
            if (in == null) {
                throw new IllegalStateException("schema.desc is missing: the proto module's build writes it");
            }
            for (FileDescriptorProto f : FileDescriptorSet.parseFrom(in).getFileList()) {
                if (f.getName().equals(Scenario.getDescriptor().getFile().getName())) {
                    return f;
                }
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        throw new IllegalStateException("schema.desc holds no " + Scenario.getDescriptor().getFile().getName());
    }

    private String write() {
        Map<Descriptor, List<String>> paths = new LinkedHashMap<>();
        List<EnumDescriptor> enums = new ArrayList<>();
        Map<Object, Set<String>> readBy = new HashMap<>();
        walk(Scenario.getDescriptor(), "", paths, enums);
        collectOverrides(paths);
        for (FieldDescriptor p : Protocol.getDescriptor().getFields()) {
            reach(p, p.getName(), readBy, new LinkedHashSet<>());
        }
        StringBuilder s = new StringBuilder();
        s.append("# Scenario reference\n\n");
        s.append("Every field of a scenario file (`proto/scenario.proto`, read with protobuf's text format), message"
                + " by message from `Scenario` down. This page is written from the schema and its comments by"
                + " `org.cosim.scenario.ReferencePage`; `ReferencePageTest` fails when the two differ (rewrite it"
                + " with `" + REGENERATE + "`). `--set field.path=value` sets any field (docs/getting-started.md).\n\n");
        s.append("- **unit**: from the field's name (`_us` microseconds, `_ns`, `_ms`, `_gbps` and `_mbps` rates,"
                + " `_bytes`, `_packets` MTU-sized packets); other units, where a field has one, are in its"
                + " description.\n");
        s.append("- **default**: what an absent field means, as the schema declares it (scenario_options.proto):"
                + " a value, the one the classes that read the field apply (through `org.cosim.scenario.Defaults`;"
                + " a message several protocols share may have a protocol's own value, shown as \"in `path`: value\");"
                + " \"computed: ...\", a value the reading class computes from what the text names; \"absent: ...\","
                + " what an absent field turns off or stands for. Every `optional` field declares one of the three."
                + " A field without `optional` reads as 0, false, empty or its enum's first value (its description"
                + " says what that means); a message field is absent until set.\n");
        s.append("- **range**: the schema declares none. Each value is checked when a scenario is read, by the"
                + " class linked under its message (\"checked in\"; the fabric's own settings by"
                + " `setup` `FabricConfig` and the topology and workload builders): a value out of range is"
                + " refused with exit status 2 and a message naming the field and its rule, e.g."
                + " `protocol.timely.beta: 1.5 must be in (0, 1]`. Ranges stated in a comment are in the"
                + " description.\n");
        s.append("- **read by**: the protocols whose settings hold the field (a message several protocols share,"
                + " such as `Window`, lists each); \"all\" for the fabric's and the run's fields.\n\n");
        for (Map.Entry<Descriptor, List<String>> e : paths.entrySet()) {
            message(s, e.getKey(), e.getValue(), readBy);
        }
        for (EnumDescriptor e : enums) {
            enumeration(s, e);
        }
        return s.toString();
    }

    /** Every message type reached from {@code type}, in field order, with each path that reaches it. */
    private static void walk(Descriptor type, String path, Map<Descriptor, List<String>> paths,
                             List<EnumDescriptor> enums) {
        boolean first = !paths.containsKey(type);
        paths.computeIfAbsent(type, t -> new ArrayList<>()).add(path);
        if (!first) {
            return;
        }
        for (FieldDescriptor f : type.getFields()) {
            String p = (path.isEmpty() ? "" : path + ".") + f.getName() + (f.isRepeated() && !f.isMapField()
                    ? "[i]" : "");
            if (f.getJavaType() == FieldDescriptor.JavaType.MESSAGE && !f.isMapField()) {
                walk(f.getMessageType(), p, paths, enums);
            } else if (f.getJavaType() == FieldDescriptor.JavaType.ENUM && !enums.contains(f.getEnumType())) {
                enums.add(f.getEnumType());
            }
        }
    }

    /** Marks every message type and field under protocol member {@code protocol} as read by it. */
    private static void reach(FieldDescriptor f, String protocol, Map<Object, Set<String>> readBy,
                              Set<Descriptor> seen) {
        readBy.computeIfAbsent(f, k -> new LinkedHashSet<>()).add(protocol);
        if (f.getJavaType() == FieldDescriptor.JavaType.MESSAGE && seen.add(f.getMessageType())) {
            for (FieldDescriptor g : f.getMessageType().getFields()) {
                reach(g, protocol, readBy, seen);
            }
        }
    }

    private void message(StringBuilder s, Descriptor type, List<String> at, Map<Object, Set<String>> readBy) {
        s.append("## ").append(at.get(0).isEmpty() ? "Scenario" : "`" + at.get(0) + "` (" + type.getName() + ")")
                .append("\n\n");
        if (at.size() > 1) {
            s.append("Also at: ").append(String.join(", ", at.subList(1, at.size()).stream()
                    .map(p -> "`" + p + "`").toList())).append(".\n\n");
        }
        String doc = leading(path(type));
        if (!doc.isEmpty()) {
            s.append(doc).append("\n\n");
        }
        String checker = checker(type);
        if (checker != null) {
            s.append("Checked in [").append(checker.substring(checker.lastIndexOf('/') + 1)).append("](../")
                    .append(checker).append(").\n\n");
        }
        for (OneofDescriptor o : type.getRealOneofs()) {
            String note = leading(append(path(type), 8, o.getIndex()));
            s.append("One of (`").append(o.getName()).append("`): ").append(String.join(", ", o.getFields().stream()
                    .map(f -> "`" + f.getName() + "`").toList())).append(note.isEmpty() ? "" : ". " + note)
                    .append("\n\n");
        }
        if (type.getFields().isEmpty()) {
            s.append("No fields.\n\n");
            return;
        }
        s.append("| field | type | unit | default | read by | description |\n");
        s.append("| --- | --- | --- | --- | --- | --- |\n");
        for (FieldDescriptor f : type.getFields()) {
            List<Integer> p = append(path(type), 2, f.getIndex());
            String text = join(leading(p), trailing(p));
            Set<String> by = readBy.get(f);
            s.append("| `").append(f.getName()).append("` | ").append(cell(typeName(f))).append(" | ")
                    .append(unit(f)).append(" | ").append(cell(defaultOf(f))).append(" | ")
                    .append(by == null ? "all" : String.join(", ", by)).append(" | ").append(cell(text))
                    .append(" |\n");
        }
        s.append('\n');
    }

    private void enumeration(StringBuilder s, EnumDescriptor e) {
        s.append("## ").append(e.getName()).append(" (enum)\n\n");
        String doc = leading(path(e));
        if (!doc.isEmpty()) {
            s.append(doc).append("\n\n");
        }
        s.append("| value | description |\n| --- | --- |\n");
        for (EnumValueDescriptor v : e.getValues()) {
            List<Integer> p = append(path(e), 2, v.getIndex());
            s.append("| `").append(v.getName()).append("` | ").append(cell(join(leading(p), trailing(p))))
                    .append(" |\n");
        }
        s.append('\n');
    }

    private static String typeName(FieldDescriptor f) {
        if (f.isMapField()) {
            return "map<" + typeName(f.getMessageType().findFieldByName("key")) + ", "
                    + typeName(f.getMessageType().findFieldByName("value")) + ">";
        }
        String t = switch (f.getJavaType()) {
            case MESSAGE -> f.getMessageType().getName();
            case ENUM -> f.getEnumType().getName();
            default -> f.getType().name().toLowerCase();
        };
        return (f.isRepeated() ? "repeated " : optional(f) ? "optional " : "") + t;
    }

    private static String unit(FieldDescriptor f) {
        for (Map.Entry<String, String> u : UNITS.entrySet()) {
            if (f.getName().endsWith(u.getKey())) {
                return u.getValue();
            }
        }
        return "";
    }

    /**
     * The field's declared default ({@link Defaults#declared}), with the values messages that hold it give it
     * instead ({@code overrides}); else the zero value of a field without presence.
     */
    private String defaultOf(FieldDescriptor f) {
        if (f.getRealContainingOneof() != null) {
            return "";
        }
        if (f.isRepeated()) {
            return "empty";
        }
        Optional<Defaults.Declared> d = Defaults.declared(f);
        if (d.isPresent()) {
            String text = d.get().text();
            return switch (d.get().kind()) {
                case VALUE -> f.getJavaType() == FieldDescriptor.JavaType.MESSAGE ? "`" + text + "`"
                        : text + String.join("", overrides.getOrDefault(f, List.of()));
                case COMPUTED -> "computed: " + text;
                case ABSENT -> "absent: " + text;
            };
        }
        return switch (f.getJavaType()) {
            case MESSAGE -> "absent";
            case BOOLEAN -> "false";
            case STRING -> "empty";
            case ENUM -> f.getEnumType().getValues().get(0).getName();
            default -> "0";
        };
    }

    /**
     * For each field a message field's declared default sets ({@code Dctcp.window [(default) =
     * "min_cwnd_packets: 1"]}), "; in `protocol.dctcp.window`: 1", in the order of the page.
     */
    private void collectOverrides(Map<Descriptor, List<String>> paths) {
        for (Map.Entry<Descriptor, List<String>> e : paths.entrySet()) {
            for (FieldDescriptor g : e.getKey().getFields()) {
                Optional<Defaults.Declared> d = Defaults.declared(g);
                if (g.getJavaType() != FieldDescriptor.JavaType.MESSAGE || d.isEmpty()
                        || d.get().kind() != Defaults.Kind.VALUE) {
                    continue;
                }
                String at = (e.getValue().get(0).isEmpty() ? "" : e.getValue().get(0) + ".") + g.getName();
                for (Map.Entry<FieldDescriptor, Object> v : ((Message) Defaults.value(g)).getAllFields().entrySet()) {
                    overrides.computeIfAbsent(v.getKey(), k -> new ArrayList<>())
                            .add("; in `" + at + "`: " + shown(v.getValue()));
                }
            }
        }
    }

    /** A scalar as scenario text writes it: a whole double without ".0". */
    private static String shown(Object v) {
        if (v instanceof Double x && x == Math.rint(x) && Math.abs(x) < 1e15) {
            return Long.toString(x.longValue());
        }
        return v instanceof EnumValueDescriptor e ? e.getName() : String.valueOf(v);
    }

    /** Marked {@code optional} in the schema (proto3's explicit presence). */
    private static boolean optional(FieldDescriptor f) {
        return f.toProto().getProto3Optional();
    }

    /** The class named after the message that checks it (TimelyConfig, FatTreeTopology), if the tree has one. */
    private String checker(Descriptor type) {
        for (String suffix : new String[] {"Config.java", "Topology.java"}) {
            String name = type.getName() + suffix;
            try (Stream<Path> files = Stream.of("java-agents", "setup")
                    .map(m -> root.resolve(m).resolve("src/main/java"))
                    .filter(Files::isDirectory)
                    .flatMap(ReferencePage::tree)) {
                List<Path> found = files.filter(p -> p.getFileName().toString().equals(name)).toList();
                if (found.size() == 1) {
                    return root.relativize(found.get(0)).toString().replace('\\', '/');
                }
            }
        }
        return null;
    }

    private static Stream<Path> tree(Path dir) {
        try {
            return Files.walk(dir).sorted();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    // Source-info paths: a message is [4, i] (nested: [.., 3, i]), its field [.., 2, i], its oneof [.., 8, i];
    // an enum [5, i] (nested in a message: [.., 4, i]), its value [.., 2, i].
    private static List<Integer> path(Descriptor type) {
        if (type.getContainingType() == null) {
            return List.of(4, type.getIndex());
        }
        return append(path(type.getContainingType()), 3, type.getIndex());
    }

    private static List<Integer> path(EnumDescriptor e) {
        if (e.getContainingType() == null) {
            return List.of(5, e.getIndex());
        }
        return append(path(e.getContainingType()), 4, e.getIndex());
    }

    private static List<Integer> append(List<Integer> p, int kind, int index) {
        List<Integer> out = new ArrayList<>(p);
        out.add(kind);
        out.add(index);
        return out;
    }

    private String leading(List<Integer> p) {
        SourceCodeInfo.Location l = comments.get(p);
        return l == null ? "" : flat(l.getLeadingComments());
    }

    private String trailing(List<Integer> p) {
        SourceCodeInfo.Location l = comments.get(p);
        return l == null ? "" : flat(l.getTrailingComments());
    }

    /** A comment's lines as one paragraph. */
    private static String flat(String comment) {
        Deque<String> words = new ArrayDeque<>();
        for (String line : comment.split("\n")) {
            if (!line.isBlank()) {
                words.add(line.strip());
            }
        }
        return String.join(" ", words);
    }

    private static String join(String a, String b) {
        return a.isEmpty() ? b : b.isEmpty() ? a : a + " " + b;
    }

    private static String cell(String text) {
        return text.replace("|", "\\|").replaceAll("<(?=[A-Za-z/])", "&lt;");
    }
}
