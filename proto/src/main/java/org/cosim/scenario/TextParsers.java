package org.cosim.scenario;

import com.google.protobuf.Descriptors.Descriptor;
import com.google.protobuf.Descriptors.FieldDescriptor;
import com.google.protobuf.Descriptors.OneofDescriptor;
import com.google.protobuf.DynamicMessage;
import com.google.protobuf.Message;
import com.google.protobuf.TextFormat;
import com.google.protobuf.TextFormatParseInfoTree;
import com.google.protobuf.TextFormatParseLocation;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Text-format parsing for scenarios and override values. The protobuf parser keeps
 * the last of a scalar given twice in one message (`seed: 1 seed: 2`) and the last
 * member of a oneof given with another (`protocol { timely {} ndp {} }`) without a
 * word, so a scenario could run something other than what it seems to say: both
 * are refused, at the later one's line and column; so is a map key given twice
 * (`params { key: "a" value: 1 } params { key: "a" value: 2 }`), by its field
 * path. A message given twice still merges, as text format defines
 * (`topology { ... } topology { switches { ... } }`);
 * bases and --set, which merge whole scenarios, are not parsing and are unaffected.
 */
final class TextParsers {
    private TextParsers() {}

    /** Parses {@code text} into {@code builder}; the position in a thrown ParseException is 1-based. */
    static void merge(CharSequence text, Message.Builder builder) throws TextFormat.ParseException {
        TextFormatParseInfoTree.Builder info = TextFormatParseInfoTree.builder();
        // Parsed into a DynamicMessage first: it keeps every map entry written, where the generated
        // builder would keep only the last of a key, so a key given twice can be found.
        DynamicMessage.Builder parsed = DynamicMessage.newBuilder(builder.getDescriptorForType());
        TextFormat.Parser.newBuilder().setParseInfoTreeBuilder(info).build().merge(text, parsed);
        DynamicMessage message = parsed.build();
        check(builder.getDescriptorForType(), List.of(info.build()), message);
        checkMapKeys(message, "");
        builder.mergeFrom(message);
    }

    /** The message of a ParseException, without the "-1:-1: " it starts with when it has no position. */
    static String message(TextFormat.ParseException e) {
        String m = e.getLine() < 0 ? e.getMessage().replaceFirst("^-1:-1: ", "") : e.getMessage();
        // The parser quotes a token that was quoted already: 'For input string: ""one""'.
        // A token it quotes may be a megabyte long.
        return Shown.value(m.replaceAll("\"\"([^\"]*)\"\"", "\"$1\""));
    }

    /**
     * A map key given twice in one text, which the parser would take as last-wins like a scalar given
     * twice. Named by its field path, not a position: the parse info tree does not say which entry is which.
     */
    private static void checkMapKeys(Message m, String path) throws TextFormat.ParseException {
        for (Map.Entry<FieldDescriptor, Object> e : m.getAllFields().entrySet()) {
            FieldDescriptor f = e.getKey();
            if (f.getJavaType() != FieldDescriptor.JavaType.MESSAGE) {
                continue;
            }
            String at = path.isEmpty() ? f.getName() : path + "." + f.getName();
            if (f.isMapField()) {
                FieldDescriptor keyField = f.getMessageType().findFieldByName("key");
                Set<Object> keys = new HashSet<>();
                for (Object entry : (List<?>) e.getValue()) {
                    Object key = ((Message) entry).getField(keyField);
                    if (!keys.add(key)) {
                        throw new TextFormat.ParseException(at + "[" + key + "]: given twice");
                    }
                }
            } else if (f.isRepeated()) {
                List<?> elements = (List<?>) e.getValue();
                for (int i = 0; i < elements.size(); i++) {
                    checkMapKeys((Message) elements.get(i), at + "[" + i + "]");
                }
            } else {
                checkMapKeys((Message) e.getValue(), at);
            }
        }
    }

    /**
     * Checks one message, given as every place it was written (a message written twice merges) and as parsed.
     */
    private static void check(Descriptor type, List<TextFormatParseInfoTree> trees, Message parsed)
            throws TextFormat.ParseException {
        for (OneofDescriptor oneof : type.getOneofs()) {
            FieldDescriptor first = null;
            for (FieldDescriptor f : oneof.getFields()) {
                List<TextFormatParseLocation> at = locations(trees, f);
                if (at.isEmpty()) {
                    continue;
                }
                if (first != null) {
                    throw error(at.get(0), "\"" + f.getName() + "\" and \"" + first.getName() + "\" are both given, "
                            + "but a " + type.getName() + " takes one " + oneof.getName());
                }
                first = f;
            }
        }
        for (FieldDescriptor f : type.getFields()) {
            if (f.isRepeated()) {
                if (f.getJavaType() == FieldDescriptor.JavaType.MESSAGE) {
                    List<TextFormatParseInfoTree> elements = new ArrayList<>();
                    for (TextFormatParseInfoTree t : trees) {
                        elements.addAll(t.getNestedTrees(f));
                    }
                    // The list syntax (flows [{...}, {...}]) puts all of a list's elements in one tree, where
                    // one element's fields cannot be told from another's: only elements written one by one
                    // (one tree each, in order) are checked.
                    if (elements.size() == parsed.getRepeatedFieldCount(f)) {
                        for (int i = 0; i < elements.size(); i++) {
                            check(f.getMessageType(), List.of(elements.get(i)), (Message) parsed.getRepeatedField(f, i));
                        }
                    }
                }
            } else if (f.getJavaType() == FieldDescriptor.JavaType.MESSAGE) {
                List<TextFormatParseInfoTree> nested = new ArrayList<>();
                for (TextFormatParseInfoTree t : trees) {
                    nested.addAll(t.getNestedTrees(f));
                }
                if (!nested.isEmpty()) {
                    check(f.getMessageType(), nested, (Message) parsed.getField(f));
                }
            } else {
                List<TextFormatParseLocation> at = locations(trees, f);
                if (at.size() > 1) {
                    throw error(at.get(1), "\"" + f.getName() + "\" is given twice (the first at line "
                            + (at.get(0).getLine() + 1) + ")");
                }
            }
        }
    }

    private static List<TextFormatParseLocation> locations(List<TextFormatParseInfoTree> trees, FieldDescriptor f) {
        List<TextFormatParseLocation> out = new ArrayList<>();
        for (TextFormatParseInfoTree t : trees) {
            out.addAll(t.getLocations(f));
        }
        out.sort((a, b) -> a.getLine() != b.getLine() ? Integer.compare(a.getLine(), b.getLine())
                : Integer.compare(a.getColumn(), b.getColumn()));
        return out;
    }

    private static TextFormat.ParseException error(TextFormatParseLocation at, String message) {
        return new TextFormat.ParseException(at.getLine() + 1, at.getColumn() + 1, message);
    }
}
