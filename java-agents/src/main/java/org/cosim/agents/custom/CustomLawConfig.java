package org.cosim.agents.custom;

import java.lang.reflect.Constructor;
import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Modifier;
import java.util.Map;
import java.util.Set;
import org.cosim.agents.window.AckSample;
import org.cosim.agents.window.CongestionWindow;
import org.cosim.agents.window.WindowConfig;
import org.cosim.agents.window.WindowLaw;
import org.cosim.proto.CustomLaw;
import org.cosim.scenario.ScenarioException;

/**
 * A custom window law as the scenario names it (protocol.custom_law): the law's
 * class, compiled from the scenario's source or found on cosim's class path, its
 * constructor taking {@link LawParameters}, the parameters, and the shared
 * window settings. Reading it builds one law, so that a missing constructor, a
 * parameter the law refuses or does not read, and PLB without a congestion
 * signal are reported before the run starts, naming the field.
 */
public record CustomLawConfig(Class<?> lawClass, Constructor<?> constructor, Map<String, Double> params,
                              WindowConfig window) {
    private static final String P = "protocol.custom_law.";

    public static CustomLawConfig from(CustomLaw c) {
        Class<?> cls = switch (c.getCodeCase()) {
            case SOURCE -> LawCompiler.lawClass(c.getSource(), c.getClassName());
            case SOURCE_FILE -> throw new ScenarioException(P + "source_file", "'" + c.getSourceFile()
                    + "' was not read: scenarios read through ScenarioFiles have it replaced by its text");
            default -> onClassPath(c.getClassName());
        };
        if (!WindowLaw.class.isAssignableFrom(cls) || cls.isInterface() || Modifier.isAbstract(cls.getModifiers())) {
            throw new ScenarioException(P + "class_name", cls.getName() + " is not a concrete class implementing "
                    + WindowLaw.class.getName());
        }
        Constructor<?> ctor;
        try {
            ctor = cls.getDeclaredConstructor(LawParameters.class);
            ctor.setAccessible(true);  // a law in a scenario's source need not be public
        } catch (NoSuchMethodException e) {
            throw new ScenarioException(P + "class_name", cls.getName() + " needs a constructor taking "
                    + LawParameters.class.getName());
        } catch (RuntimeException e) {
            throw new ScenarioException(P + "class_name", "cannot use the constructor of " + cls.getName() + ": "
                    + e, e);
        }
        CustomLawConfig cfg = new CustomLawConfig(cls, ctor, Map.copyOf(c.getParamsMap()),
                WindowConfig.from(c.getWindow(), P + "window"));
        cfg.newLaw();
        if (cfg.window.plb() != null && !overrides(cls, "congested")) {
            throw new ScenarioException(P + "window.plb", cls.getName() + " has no congestion signal for PLB: "
                    + "override WindowLaw.congested, or leave PLB off");
        }
        return cfg;
    }

    /** A law for one host's agent, built from the parameters; every parameter must be read. */
    public WindowLaw newLaw() {
        LawParameters p = new LawParameters(params);
        WindowLaw law;
        try {
            law = (WindowLaw) constructor.newInstance(p);
        } catch (InvocationTargetException e) {
            Throwable cause = e.getCause();
            if (cause instanceof IllegalArgumentException) {
                throw new ScenarioException(P + "params", lawClass.getName() + ": " + cause.getMessage(), cause);
            }
            throw new ScenarioException(P + "class_name", "the constructor of " + lawClass.getName() + " threw "
                    + cause, cause);
        } catch (ReflectiveOperationException e) {
            throw new ScenarioException(P + "class_name", "cannot construct " + lawClass.getName() + ": " + e, e);
        }
        Set<String> unread = p.unread();
        if (!unread.isEmpty()) {
            String name = unread.iterator().next();
            throw new ScenarioException(P + "params[" + name + "]", lawClass.getName()
                    + " does not read this parameter (it reads " + p.read() + ")");
        }
        return law;
    }

    private static Class<?> onClassPath(String className) {
        if (className.isEmpty()) {
            throw new ScenarioException("protocol.custom_law", "no law: give source_file, source or class_name");
        }
        try {
            return Class.forName(className, false, CustomLawConfig.class.getClassLoader());
        } catch (ClassNotFoundException e) {
            throw new ScenarioException(P + "class_name", "'" + className + "' is not on cosim's class path (give "
                    + "its source with source_file instead)");
        }
    }

    private static boolean overrides(Class<?> cls, String method) {
        try {
            return cls.getMethod(method, CongestionWindow.class, AckSample.class).getDeclaringClass()
                    != WindowLaw.class;
        } catch (NoSuchMethodException e) {
            return false;
        }
    }
}
