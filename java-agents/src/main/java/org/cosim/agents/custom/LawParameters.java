package org.cosim.agents.custom;

import java.util.Collections;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;

/**
 * The numbers a scenario hands to a custom window law
 * (protocol.custom_window_law.params), read by name in the law's constructor. The
 * reads are recorded: a parameter the law never asks for is refused when the
 * run starts, so a misspelt name cannot silently leave a default in force. A
 * law rejects a value it cannot use by throwing IllegalArgumentException from
 * its constructor; cosim reports the message against the scenario's params.
 */
public final class LawParameters {
    private final Map<String, Double> values;
    private final Set<String> read = new TreeSet<>();

    public LawParameters(Map<String, Double> values) {
        this.values = Collections.unmodifiableMap(new TreeMap<>(values));
    }

    /** The named value, or {@code defaultValue} when the scenario does not set it. */
    public double get(String name, double defaultValue) {
        read.add(name);
        Double v = values.get(name);
        return v == null ? defaultValue : v;
    }

    /** The named value, which the scenario must set. */
    public double require(String name) {
        read.add(name);
        Double v = values.get(name);
        if (v == null) {
            throw new IllegalArgumentException("parameter '" + name + "' is required (params[" + name + "])");
        }
        return v;
    }

    /** Whether the scenario sets the named value. */
    public boolean has(String name) {
        read.add(name);
        return values.containsKey(name);
    }

    /** The names the scenario sets that the law has not asked for. */
    Set<String> unread() {
        Set<String> unread = new TreeSet<>(values.keySet());
        unread.removeAll(read);
        return unread;
    }

    /** The names the law has asked for. */
    Set<String> read() {
        return Collections.unmodifiableSet(read);
    }
}
