package org.cosim.scenario;

import com.google.protobuf.DescriptorProtos.FieldOptions;
import com.google.protobuf.Descriptors.Descriptor;
import com.google.protobuf.Descriptors.EnumValueDescriptor;
import com.google.protobuf.Descriptors.FieldDescriptor;
import com.google.protobuf.Descriptors.FieldDescriptor.JavaType;
import com.google.protobuf.DynamicMessage;
import com.google.protobuf.InvalidProtocolBufferException;
import com.google.protobuf.Message;
import com.google.protobuf.MessageOrBuilder;
import com.google.protobuf.TextFormat;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;
import org.cosim.proto.ScenarioOptionsProto;

/**
 * A scenario field's value, or the default scenario.proto declares for it when it is absent: the one place a
 * default is stated is the field's option ({@code [(default) = "50"]}, scenario_options.proto), and the classes
 * that resolve a scenario read it here. Each getter wants the field's type ({@link #doubleOf} a double field,
 * {@link #intOf} an int32 or uint32, ...) and a field whose absence is declared as a value; anything else is a
 * mistake in the code or the schema and fails at once, naming the field ("cosim.scenario.Timely.t_low_us"), whether
 * or not the scenario sets it. Fields whose absence is {@code (computed)} or {@code (absent)} are read with
 * {@code has...()} by the class that computes them.
 */
public final class Defaults {
    /** What a field's option says absence means. */
    public enum Kind {
        /** {@code (default)}: a value of the field's type. */
        VALUE,
        /** {@code (computed)}: computed from other settings by the reading class; the text says from what. */
        COMPUTED,
        /** {@code (absent)}: off, never or every; the text says which. */
        ABSENT
    }

    /** A field's declaration: its kind and its text as written in scenario.proto. */
    public record Declared(Kind kind, String text) {}

    /** Parsed declared values by field: a Double, Integer, Long, Boolean, EnumValueDescriptor or DynamicMessage. */
    private static final Map<FieldDescriptor, Object> VALUES = new ConcurrentHashMap<>();

    private Defaults() {}

    /** What {@code f}'s option declares, if it has one; two options on one field are refused. */
    public static Optional<Declared> declared(FieldDescriptor f) {
        FieldOptions o = f.getOptions();
        List<Declared> d = new ArrayList<>();
        if (o.hasExtension(ScenarioOptionsProto.default_)) {
            d.add(new Declared(Kind.VALUE, o.getExtension(ScenarioOptionsProto.default_)));
        }
        if (o.hasExtension(ScenarioOptionsProto.computed)) {
            d.add(new Declared(Kind.COMPUTED, o.getExtension(ScenarioOptionsProto.computed)));
        }
        if (o.hasExtension(ScenarioOptionsProto.absent)) {
            d.add(new Declared(Kind.ABSENT, o.getExtension(ScenarioOptionsProto.absent)));
        }
        if (d.size() > 1) {
            throw new IllegalStateException(f.getFullName() + " declares " + d.size() + " of (default), (computed) "
                    + "and (absent) in scenario.proto: one at most");
        }
        return d.stream().findFirst();
    }

    /**
     * {@code f}'s declared default value, parsed as its type: a Double, Integer (int32, uint32 as the generated
     * getters give it), Long, Boolean, String, EnumValueDescriptor, or for a message field a DynamicMessage.
     */
    public static Object value(FieldDescriptor f) {
        return VALUES.computeIfAbsent(f, Defaults::parse);
    }

    /** Double field {@code field} of {@code m}, or its default. */
    public static double doubleOf(MessageOrBuilder m, String field) {
        return (Double) valueOf(m, field, JavaType.DOUBLE);
    }

    /** Int32 or uint32 field {@code field} of {@code m} (a uint32 as the generated getter gives it), or its default. */
    public static int intOf(MessageOrBuilder m, String field) {
        return (Integer) valueOf(m, field, JavaType.INT);
    }

    /** Int64 or uint64 field {@code field} of {@code m} (a uint64 as the generated getter gives it), or its default. */
    public static long longOf(MessageOrBuilder m, String field) {
        return (Long) valueOf(m, field, JavaType.LONG);
    }

    /** Bool field {@code field} of {@code m}, or its default. */
    public static boolean boolOf(MessageOrBuilder m, String field) {
        return (Boolean) valueOf(m, field, JavaType.BOOLEAN);
    }

    /** Enum field {@code field} of {@code m}, or its default. */
    public static EnumValueDescriptor enumOf(MessageOrBuilder m, String field) {
        return (EnumValueDescriptor) valueOf(m, field, JavaType.ENUM);
    }

    /**
     * Message field {@code field} of {@code m} with the fields its declared default sets filled in where the
     * scenario leaves them out (a set field keeps its value).
     */
    @SuppressWarnings("unchecked")
    public static <T extends Message> T messageOf(MessageOrBuilder m, String field) {
        FieldDescriptor f = field(m.getDescriptorForType(), field, JavaType.MESSAGE);
        Message declared = (Message) value(f);
        Message given = (Message) m.getField(f);
        try {
            return (T) given.newBuilderForType().mergeFrom(declared.toByteString()).mergeFrom(given).build();
        } catch (InvalidProtocolBufferException e) {
            throw new IllegalStateException(f.getFullName() + ": its default does not read as a "
                    + f.getMessageType().getName(), e);
        }
    }

    /**
     * {@code m} with every absent field that declares a value set to it, and its message fields (not in a oneof,
     * not declared {@code (absent)} or {@code (computed)}) filled the same way after their own declared defaults:
     * the message a class resolving {@code m} should read as {@code m} itself. Repeated fields, oneof members
     * and fields whose absence is computed or means off stay as they are; a message field that declares nothing
     * is one whose absence means its empty message, and is filled like one.
     */
    @SuppressWarnings("unchecked")
    public static <T extends Message> T withDefaults(T m) {
        Message.Builder b = m.toBuilder();
        for (FieldDescriptor f : m.getDescriptorForType().getFields()) {
            if (f.isRepeated() || f.getRealContainingOneof() != null) {
                continue;
            }
            Optional<Declared> d = declared(f);
            if (d.isPresent() && d.get().kind() != Kind.VALUE) {
                continue;
            }
            if (f.getJavaType() == JavaType.MESSAGE) {
                Message given = d.isPresent() ? messageOf(m, f.getName()) : (Message) m.getField(f);
                b.setField(f, withDefaults(given));
            } else if (d.isPresent() && !m.hasField(f)) {
                b.setField(f, value(f));
            }
        }
        return (T) b.build();
    }

    private static Object valueOf(MessageOrBuilder m, String name, JavaType type) {
        FieldDescriptor f = field(m.getDescriptorForType(), name, type);
        Object declared = value(f);
        return m.hasField(f) ? m.getField(f) : declared;
    }

    private static FieldDescriptor field(Descriptor type, String name, JavaType want) {
        FieldDescriptor f = type.findFieldByName(name);
        if (f == null) {
            throw new IllegalArgumentException(type.getFullName() + " has no field " + name);
        }
        if (f.getJavaType() != want || f.isRepeated()) {
            throw new IllegalStateException(f.getFullName() + " is a " + (f.isRepeated() ? "repeated " : "")
                    + f.getType().name().toLowerCase() + " field, read here as a " + want.name().toLowerCase());
        }
        if (!f.hasPresence()) {
            throw new IllegalStateException(f.getFullName() + " is not `optional` in scenario.proto: absent, it "
                    + "reads as proto3's zero, not as a declared default");
        }
        return f;
    }

    private static Object parse(FieldDescriptor f) {
        Declared d = declared(f).orElseThrow(() -> new IllegalStateException(f.getFullName()
                + " declares no default in scenario.proto ([(default) = \"...\"])"));
        if (d.kind() != Kind.VALUE) {
            throw new IllegalStateException(f.getFullName() + " has no default value: scenario.proto declares it ("
                    + d.kind().name().toLowerCase() + ") = \"" + d.text() + "\"");
        }
        String t = d.text();
        try {
            return switch (f.getJavaType()) {
                case DOUBLE -> real(t);
                case INT -> isUnsigned(f) ? Integer.parseUnsignedInt(t) : Integer.parseInt(t);
                case LONG -> isUnsigned(f) ? Long.parseUnsignedLong(t) : Long.parseLong(t);
                case BOOLEAN -> bool(t);
                case STRING -> t;
                case ENUM -> {
                    EnumValueDescriptor v = f.getEnumType().findValueByName(t);
                    if (v == null) {
                        throw new NumberFormatException("not a value of " + f.getEnumType().getName());
                    }
                    yield v;
                }
                case MESSAGE -> {
                    DynamicMessage.Builder b = DynamicMessage.newBuilder(f.getMessageType());
                    TextFormat.merge(t, b);
                    yield b.build();
                }
                default -> throw new NumberFormatException("a " + f.getType().name().toLowerCase()
                        + " field cannot declare a default");
            };
        } catch (NumberFormatException | TextFormat.ParseException e) {
            throw new IllegalStateException(f.getFullName() + ": its default \"" + t + "\" does not read as a "
                    + f.getType().name().toLowerCase() + " (" + e.getMessage() + ")", e);
        }
    }

    private static boolean isUnsigned(FieldDescriptor f) {
        return switch (f.getType()) {
            case UINT32, FIXED32, UINT64, FIXED64 -> true;
            default -> false;
        };
    }

    /** A decimal, or a fraction of two ("1/16" is 1.0 / 16). */
    private static double real(String t) {
        int slash = t.indexOf('/');
        if (slash < 0) {
            return Double.parseDouble(t);
        }
        return Double.parseDouble(t.substring(0, slash)) / Double.parseDouble(t.substring(slash + 1));
    }

    private static boolean bool(String t) {
        return switch (t) {
            case "true" -> true;
            case "false" -> false;
            default -> throw new NumberFormatException("true or false");
        };
    }
}
