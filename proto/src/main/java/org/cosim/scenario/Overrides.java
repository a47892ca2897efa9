package org.cosim.scenario;

import com.google.protobuf.Descriptors.Descriptor;
import com.google.protobuf.Descriptors.EnumValueDescriptor;
import com.google.protobuf.Descriptors.FieldDescriptor;
import com.google.protobuf.Message;
import com.google.protobuf.TextFormat;
import java.math.BigInteger;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Applies one {@code --set field.path=value} override to a scenario, generically
 * through the protobuf descriptors, so every field of scenario.proto can be set
 * from the command line without code per field.
 *
 * <p>Path segments are field names; a repeated field takes an index
 * ({@code workload.flow_list.flows[2].src=3}), and the index one past its last
 * element appends one ({@code topology.link_changes[0]={a: "core[0]" b:
 * "agg[1][0]" at_us: 5000 rate_gbps: 0}} on a scenario with none). A message-typed field takes a
 * text-format value ({@code protocol.pfc_only={segment_bytes: 65536}}), or the
 * name of a message member of its oneof, which selects that member with its
 * fields at their defaults ({@code protocol=swift} is {@code protocol={swift {}}}:
 * `cosim sweep --vary protocol=dctcp,swift` runs each protocol). Setting a
 * field inside a oneof member selects that member. A map with string keys takes
 * the key in brackets and adds or replaces that entry
 * ({@code protocol.custom_window_law.params[ai]=2}).
 */
public final class Overrides {
    private static final Pattern SEGMENT =
            Pattern.compile("([a-z_][a-z0-9_]*)(?:\\[(\\d+|[A-Za-z_][A-Za-z0-9_]*)\\])?");

    /** How an override is written, for the messages that refuse a malformed one. */
    static final String SYNTAX = "field.path=value: field names joined by '.', a repeated field's with an index "
            + "and a map's with a key in brackets (protocol.timely.t_low_us=100, workload.flow_list.flows[2].src=3, "
            + "protocol.custom_window_law.params[ai]=2)";

    private static final Pattern NUMBER_TOKEN = Pattern.compile("[-+]?[0-9A-Za-z_.][0-9A-Za-z_.+-]*");

    private Overrides() {}

    public static void apply(Message.Builder root, String assignment) {
        int eq = assignment.indexOf('=');
        if (eq <= 0) {
            throw new ScenarioException(assignment, "an override must look like " + SYNTAX);
        }
        String path = assignment.substring(0, eq).trim();
        String value = assignment.substring(eq + 1).trim();
        if (path.equals("base")) {
            throw new ScenarioException("base", "a scenario's base is read with its file, before any --set: name "
                    + "the base in the file (or run the base file itself)");
        }
        // Limit -1: split drops trailing empty strings, which would let "seed." set seed and "." do nothing.
        String[] segments = path.split("\\.", -1);
        // All checked before any is followed, so "seed." is malformed rather than "seed has no field ''".
        Matcher[] matched = new Matcher[segments.length];
        for (int i = 0; i < segments.length; i++) {
            matched[i] = SEGMENT.matcher(segments[i]);
            if (!matched[i].matches()) {
                throw new ScenarioException(path, "malformed field path: segment " + (i + 1) + " of " + segments.length
                        + " ('" + Shown.value(segments[i]) + "') is not a field name; an override looks like " + SYNTAX);
            }
        }
        Message.Builder builder = root;
        StringBuilder walked = new StringBuilder();
        for (int i = 0; i < segments.length; i++) {
            Matcher m = matched[i];
            if (walked.length() > 0) {
                walked.append('.');
            }
            walked.append(m.group(1));
            FieldDescriptor field = field(builder.getDescriptorForType(), m.group(1), walked.toString());
            boolean last = i == segments.length - 1;
            if (field.isMapField() || (m.group(2) != null && !Character.isDigit(m.group(2).charAt(0)))) {
                putMapEntry(builder, field, m.group(2), last, value, walked.toString());
                return;
            }
            Integer index = checkIndex(builder, field, m.group(2), walked.toString());
            if (last) {
                set(builder, field, index, value, path);
            } else if (field.getJavaType() != FieldDescriptor.JavaType.MESSAGE) {
                throw new ScenarioException(walked.toString(), "is a " + field.getType().name().toLowerCase()
                        + ", it has no field '" + segments[i + 1] + "'");
            } else {
                if (index != null && index == builder.getRepeatedFieldCount(field)) {
                    builder.addRepeatedField(field, builder.newBuilderForField(field).build());
                }
                builder = index == null
                        ? builder.getFieldBuilder(field)
                        : builder.getRepeatedFieldBuilder(field, index);
            }
        }
    }

    private static FieldDescriptor field(Descriptor type, String name, String path) {
        FieldDescriptor f = type.findFieldByName(name);
        if (f == null) {
            List<String> names = type.getFields().stream().map(FieldDescriptor::getName).toList();
            throw new ScenarioException(path, "unknown field (" + type.getName() + " has no field '"
                    + Shown.value(name) + "')"
                    + ClosestNames.didYouMean(name, names, ""));
        }
        return f;
    }

    /** {@code field[key]=value} on a map with string keys: adds the entry or replaces its value. */
    private static void putMapEntry(Message.Builder b, FieldDescriptor map, String key, boolean last, String value,
                                    String path) {
        if (!map.isMapField()) {
            throw new ScenarioException(path, "is not a map: '" + key + "' is not an index");
        }
        FieldDescriptor keyField = map.getMessageType().findFieldByName("key");
        FieldDescriptor valueField = map.getMessageType().findFieldByName("value");
        if (key == null || !last || keyField.getJavaType() != FieldDescriptor.JavaType.STRING) {
            throw new ScenarioException(path, "is a map: set one entry, e.g. " + path + "[name]=value");
        }
        Message.Builder entry = b.newBuilderForField(map).setField(keyField, key);
        entry.setField(valueField, parse(entry, valueField, value, path + "[" + key + "]"));
        for (int i = 0; i < b.getRepeatedFieldCount(map); i++) {
            Message existing = (Message) b.getRepeatedField(map, i);
            if (key.equals(existing.getField(keyField))) {
                b.setRepeatedField(map, i, entry.build());
                return;
            }
        }
        b.addRepeatedField(map, entry.build());
    }

    /** The index given in brackets (digits, or null for none), checked against the field. */
    private static Integer checkIndex(Message.Builder b, FieldDescriptor f, String digits, String path) {
        if (f.isRepeated() && digits == null) {
            throw new ScenarioException(path, "is a repeated field: give an index, e.g. " + path + "[0]");
        }
        if (!f.isRepeated() && digits != null) {
            throw new ScenarioException(path, "is not a repeated field");
        }
        if (digits == null) {
            return null;
        }
        int count = b.getRepeatedFieldCount(f);
        // A BigInteger, so an index beyond int is out of range like any other rather than unparseable.
        BigInteger index = new BigInteger(digits);
        if (index.compareTo(BigInteger.valueOf(count)) > 0) {
            throw new ScenarioException(path, "index " + index + " out of range (it has "
                    + count + " elements; [" + count + "] appends one)");
        }
        return index.intValueExact();
    }

    private static void set(Message.Builder b, FieldDescriptor f, Integer index, String value, String path) {
        Object parsed = parse(b, f, value, path);
        if (index == null) {
            b.setField(f, parsed);
        } else if (index == b.getRepeatedFieldCount(f)) {
            b.addRepeatedField(f, parsed);
        } else {
            b.setRepeatedField(f, index, parsed);
        }
    }

    private static Object parse(Message.Builder b, FieldDescriptor f, String v, String path) {
        try {
            switch (f.getType()) {
                case DOUBLE: case FLOAT: case INT64: case SINT64: case SFIXED64: case UINT64: case FIXED64:
                case INT32: case SINT32: case SFIXED32: case UINT32: case FIXED32:
                    return parseNumber(b, f, v);
                case BOOL: return parseBool(v);
                case STRING: return v;
                case ENUM: return parseEnum(f, v, path);
                case MESSAGE: return parseMessage(b, f, v, path);
                default:
                    throw new ScenarioException(path, "fields of type " + f.getType() + " cannot be overridden");
            }
        } catch (NumberFormatException e) {
            throw new ScenarioException(path, "'" + Shown.value(v) + "' is not a valid "
                    + f.getType().name().toLowerCase());
        }
    }

    /**
     * A number as the text-format parser reads it in a file, so --set takes the same spellings with the
     * same meaning: Java's own parsers differ (parseInt reads 010 as 10, a file as octal 8; parseDouble
     * refuses a file's inf and nan).
     */
    private static Object parseNumber(Message.Builder b, FieldDescriptor f, String v) {
        // One token only, so the text below cannot set more than this field.
        if (!NUMBER_TOKEN.matcher(v).matches()) {
            throw new NumberFormatException(v);
        }
        Message.Builder one = b.getDefaultInstanceForType().newBuilderForType();
        try {
            TextParsers.merge(f.getName() + ": " + v, one);
        } catch (TextFormat.ParseException e) {
            throw new NumberFormatException(v);
        }
        return f.isRepeated() ? one.getRepeatedField(f, 0) : one.getField(f);
    }

    private static boolean parseBool(String v) {
        if (v.equals("true")) {
            return true;
        }
        if (v.equals("false")) {
            return false;
        }
        throw new NumberFormatException(v);
    }

    private static EnumValueDescriptor parseEnum(FieldDescriptor f, String v, String path) {
        EnumValueDescriptor e = f.getEnumType().findValueByName(v);
        if (e == null) {
            throw new ScenarioException(path, "'" + Shown.value(v) + "' is not a value of " + f.getEnumType().getName());
        }
        return e;
    }

    private static Message parseMessage(Message.Builder parent, FieldDescriptor f, String v, String path) {
        FieldDescriptor member = f.getMessageType().findFieldByName(v);
        if (member != null && member.getContainingOneof() != null
                && member.getJavaType() == FieldDescriptor.JavaType.MESSAGE) {
            Message.Builder chosen = parent.newBuilderForField(f);
            return chosen.setField(member, chosen.newBuilderForField(member).build()).build();
        }
        List<String> members = f.getMessageType().getOneofs().stream().flatMap(o -> o.getFields().stream())
                .filter(m -> m.getJavaType() == FieldDescriptor.JavaType.MESSAGE).map(FieldDescriptor::getName)
                .toList();
        if (v.matches("[a-z_][a-z0-9_]*") && !members.isEmpty()) {
            throw new ScenarioException(path, "'" + v + "' is not one of its choices (" + String.join(", ", members)
                    + ")" + ClosestNames.didYouMean(v, members, ""));
        }
        String body = v.startsWith("{") && v.endsWith("}") ? v.substring(1, v.length() - 1) : v;
        Message.Builder child = parent.newBuilderForField(f);
        try {
            TextParsers.merge(body, child);
        } catch (TextFormat.ParseException e) {
            throw new ScenarioException(path, "bad value: " + TextParsers.message(e), e);
        }
        return child.build();
    }
}
