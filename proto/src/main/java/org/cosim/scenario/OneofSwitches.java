package org.cosim.scenario;

import com.google.protobuf.Descriptors.FieldDescriptor;
import com.google.protobuf.Descriptors.OneofDescriptor;
import com.google.protobuf.Message;
import java.util.ArrayList;
import java.util.List;

/**
 * Which oneof choices differ between a scenario as its file has it and as the
 * overrides left it. Setting one field inside another member of a oneof
 * ({@code --set protocol.swift.beta=0.5} on a TIMELY file) selects that member with
 * every other field at its default: what the override means, but easy to do
 * unawares, so the commands say so.
 */
public final class OneofSwitches {
    private OneofSwitches() {}

    /** One line per oneof whose member differs, e.g. "protocol.timely -> protocol.swift". */
    public static List<String> between(Message before, Message after) {
        List<String> out = new ArrayList<>();
        walk(before, after, "", out);
        return out;
    }

    private static void walk(Message a, Message b, String path, List<String> out) {
        for (OneofDescriptor o : a.getDescriptorForType().getRealOneofs()) {
            FieldDescriptor x = a.getOneofFieldDescriptor(o);
            FieldDescriptor y = b.getOneofFieldDescriptor(o);
            if (x != null && y != null && x != y) {
                out.add(path + x.getName() + " -> " + path + y.getName());
            }
        }
        for (FieldDescriptor f : a.getDescriptorForType().getFields()) {
            if (f.getJavaType() == FieldDescriptor.JavaType.MESSAGE && !f.isRepeated() && a.hasField(f)
                    && b.hasField(f)) {
                walk((Message) a.getField(f), (Message) b.getField(f), path + f.getName() + ".", out);
            }
        }
    }
}
