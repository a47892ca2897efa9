package org.cosim.agents.custom;

import java.lang.reflect.Constructor;
import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Modifier;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.cosim.scenario.ScenarioException;

/**
 * A custom law's class as a scenario names it (protocol.custom_window_law,
 * protocol.custom_rate_law or protocol.ndp.pull_order): compiled from the scenario's source or found on
 * cosim's class path, checked to be a concrete {@code kind}, and built through
 * its constructor that takes {@link LawParameters} (and, for rate laws, the
 * flow), with every parameter read. Problems name the scenario field under
 * {@code prefix} (e.g. "protocol.custom_rate_law.").
 */
public record LawClass(Class<?> type, Constructor<?> constructor, String prefix) {
    /** The name of the class loader of laws compiled from a scenario's source, as stack frames show it. */
    public static final String LOADER_NAME = "custom-law";

    /**
     * {@code source}: the Java text, or null to look {@code className} up on the
     * class path; {@code args}: the constructor's parameters after LawParameters.
     */
    public static LawClass of(String prefix, String source, String className, Class<?> kind, Class<?>... args) {
        Class<?> cls = source != null ? fromSource(prefix, source, className, kind) : onClassPath(prefix, className);
        if (!kind.isAssignableFrom(cls) || cls.isInterface() || Modifier.isAbstract(cls.getModifiers())) {
            throw new ScenarioException(prefix + "class_name", cls.getName() + " is not a concrete class implementing "
                    + kind.getName());
        }
        Class<?>[] signature = new Class<?>[args.length + 1];
        signature[0] = LawParameters.class;
        System.arraycopy(args, 0, signature, 1, args.length);
        try {
            Constructor<?> ctor = cls.getDeclaredConstructor(signature);
            ctor.setAccessible(true);  // a law in a scenario's source need not be public
            return new LawClass(cls, ctor, prefix);
        } catch (NoSuchMethodException e) {
            throw new ScenarioException(prefix + "class_name", cls.getName() + " needs a constructor taking ("
                    + String.join(", ", Arrays.stream(signature).map(Class::getName).toList()) + ")");
        } catch (RuntimeException e) {
            throw new ScenarioException(prefix + "class_name", "cannot use the constructor of " + cls.getName() + ": "
                    + e, e);
        }
    }

    /**
     * The law's signal names ({@code signalNames()} of a window or rate law), checked
     * to make agent_state.csv columns: each a non-empty word of letters, digits and
     * underscores, none twice and none of the sender's own ({@code taken}).
     */
    public List<String> checkSignalNames(List<String> names, List<String> taken) {
        if (names == null) {
            throw new ScenarioException(prefix + "class_name", type.getName() + ".signalNames() returned null");
        }
        List<String> seen = new ArrayList<>(taken);
        for (String n : names) {
            if (n == null || !n.matches("[A-Za-z0-9_]+")) {
                throw new ScenarioException(prefix + "class_name", type.getName() + ".signalNames(): '" + n
                        + "' is not a column name (letters, digits and underscores, e.g. \"target_us\")");
            }
            if (seen.contains(n)) {
                throw new ScenarioException(prefix + "class_name", type.getName() + ".signalNames(): '" + n
                        + "' is already a column (" + String.join(", ", seen) + ")");
            }
            seen.add(n);
        }
        return List.copyOf(names);
    }

    /** A new law from the scenario's parameters; the law must read every one of them. */
    public Object construct(Map<String, Double> params, Object... args) {
        LawParameters p = new LawParameters(params);
        Object[] all = new Object[args.length + 1];
        all[0] = p;
        System.arraycopy(args, 0, all, 1, args.length);
        Object law;
        try {
            law = constructor.newInstance(all);
        } catch (InvocationTargetException e) {
            Throwable cause = e.getCause();
            if (cause instanceof IllegalArgumentException) {
                throw new ScenarioException(prefix + "params", type.getName() + ": " + cause.getMessage(), cause);
            }
            throw new ScenarioException(prefix + "class_name", "the constructor of " + type.getName() + " threw "
                    + cause, cause);
        } catch (ReflectiveOperationException e) {
            throw new ScenarioException(prefix + "class_name", "cannot construct " + type.getName() + ": " + e, e);
        }
        Set<String> unread = p.unread();
        if (!unread.isEmpty()) {
            String name = unread.iterator().next();
            throw new ScenarioException(prefix + "params[" + name + "]", type.getName()
                    + " does not read this parameter (it reads " + p.read() + ")");
        }
        return law;
    }

    /** {@code className} if given, else the source's one top-level concrete class of {@code kind}. */
    private static Class<?> fromSource(String prefix, String source, String className, Class<?> kind) {
        Map<String, Class<?>> classes = LawCompiler.classes(source, prefix + "source");
        if (!className.isEmpty()) {
            Class<?> named = classes.get(className);
            if (named == null) {
                throw new ScenarioException(prefix + "class_name", "'" + className
                        + "': the source defines no such class (it defines " + classes.keySet() + ")");
            }
            return named;
        }
        List<String> laws = new ArrayList<>();
        classes.forEach((name, c) -> {
            if (c.getEnclosingClass() == null && kind.isAssignableFrom(c) && !c.isInterface()
                    && !Modifier.isAbstract(c.getModifiers())) {
                laws.add(name);
            }
        });
        if (laws.size() != 1) {
            throw new ScenarioException(prefix + "source", laws.isEmpty()
                    ? "no top-level class implements " + kind.getName() + " (classes: " + classes.keySet() + ")"
                    : "several classes implement " + kind.getSimpleName() + " " + laws + ": name one in "
                            + prefix + "class_name");
        }
        return classes.get(laws.get(0));
    }

    private static Class<?> onClassPath(String prefix, String className) {
        if (className.isEmpty()) {
            throw new ScenarioException(prefix.substring(0, prefix.length() - 1),
                    "no law: give source_file, source or class_name");
        }
        try {
            return Class.forName(className, false, LawClass.class.getClassLoader());
        } catch (ClassNotFoundException e) {
            throw new ScenarioException(prefix + "class_name", "'" + className + "' is not on cosim's class path "
                    + "(give its source with source_file instead)");
        }
    }
}
