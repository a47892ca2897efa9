package org.cosim.scenario;

import com.google.protobuf.Descriptors.FieldDescriptor;
import com.google.protobuf.Descriptors.OneofDescriptor;
import com.google.protobuf.Message;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Supplier;

/**
 * Which oneof choices differ between a scenario as its file has it and as the
 * overrides left it. Setting one field inside another member of a oneof
 * ({@code --set protocol.swift.beta=0.5} on a TIMELY file) selects that member with
 * every other field at its default: what the override means, but easy to do
 * unawares, so the commands say so, and a check that then refuses a field of the
 * member says what the member still needs ({@link #explained}).
 */
public final class OneofSwitches {
    private OneofSwitches() {}

    /**
     * One oneof whose member differs: in the message at {@code where} ("topology", "" for the scenario itself),
     * {@code from} replaced by {@code to}, whose value (as the overrides left it) is {@code chosen}.
     */
    public record Switch(String where, FieldDescriptor from, FieldDescriptor to, Object chosen) {
        /** The chosen member's dotted path, e.g. "topology.fat_tree". */
        public String member() {
            return prefix() + to.getName();
        }

        /** E.g. "topology.incast_star -> topology.fat_tree". */
        public String line() {
            return prefix() + from.getName() + " -> " + member();
        }

        private String prefix() {
            return where.isEmpty() ? "" : where + ".";
        }

        /**
         * The chosen member's fields that have no default and are not set (numbers and strings without
         * {@code optional}: they read as 0 or ""), in the order of scenario.proto; none for a member that is
         * not a message.
         */
        public List<String> unsetWithoutDefault() {
            if (!(chosen instanceof Message m)) {
                return List.of();
            }
            List<String> out = new ArrayList<>();
            for (FieldDescriptor f : m.getDescriptorForType().getFields()) {
                boolean numberOrText = switch (f.getJavaType()) {
                    case INT, LONG, FLOAT, DOUBLE, STRING -> true;
                    default -> false;
                };
                if (numberOrText && !f.isRepeated() && !f.hasPresence() && m.getField(f).equals(f.getDefaultValue())) {
                    out.add(f.getName());
                }
            }
            return out;
        }
    }

    /** One line per oneof whose member differs, e.g. "protocol.timely -> protocol.swift". */
    public static List<String> between(Message before, Message after) {
        return switches(before, after).stream().map(Switch::line).toList();
    }

    /** Every oneof whose member differs between {@code before} and {@code after}. */
    public static List<Switch> switches(Message before, Message after) {
        List<Switch> out = new ArrayList<>();
        walk(before, after, "", out);
        return out;
    }

    /**
     * {@code check} (the checks a scenario gets before a run) of {@code after}; when it refuses a field inside a
     * member that differs from {@code before}'s, the refusal says so and names the member's fields that are
     * not set and have no default: "topology.fat_tree: switching topology from incast_star to fat_tree, whose
     * link_rate_gbps and link_delay_us have no default: set them too; refused:
     * topology.fat_tree.link_rate_gbps: ...".
     */
    public static <T> T explained(Message before, Message after, Supplier<T> check) {
        try {
            return check.get();
        } catch (ScenarioException e) {
            for (Switch s : switches(before, after)) {
                String m = s.member();
                if (e.field().equals(m) || e.field().startsWith(m + ".") || e.field().startsWith(m + "[")) {
                    throw new ScenarioException(m, "switching " + (s.where().isEmpty() ? "the scenario" : s.where())
                            + " from " + s.from().getName() + " to " + s.to().getName() + needs(s) + "; refused: "
                            + e.getMessage(), e);
                }
            }
            throw e;
        }
    }

    private static String needs(Switch s) {
        List<String> unset = s.unsetWithoutDefault();
        if (unset.isEmpty()) {
            return " (its fields not set take their defaults)";
        }
        String names = unset.size() == 1 ? unset.get(0)
                : String.join(", ", unset.subList(0, unset.size() - 1)) + " and " + unset.get(unset.size() - 1);
        return ", whose " + names + (unset.size() == 1 ? " has" : " have") + " no default: set "
                + (unset.size() == 1 ? "it" : "them") + " too";
    }

    private static void walk(Message a, Message b, String path, List<Switch> out) {
        for (OneofDescriptor o : a.getDescriptorForType().getRealOneofs()) {
            FieldDescriptor x = a.getOneofFieldDescriptor(o);
            FieldDescriptor y = b.getOneofFieldDescriptor(o);
            if (x != null && y != null && x != y) {
                out.add(new Switch(path, x, y, b.getField(y)));
            }
        }
        for (FieldDescriptor f : a.getDescriptorForType().getFields()) {
            if (f.getJavaType() == FieldDescriptor.JavaType.MESSAGE && !f.isRepeated() && a.hasField(f)
                    && b.hasField(f)) {
                walk((Message) a.getField(f), (Message) b.getField(f), (path.isEmpty() ? "" : path + ".")
                        + f.getName(), out);
            }
        }
    }
}
