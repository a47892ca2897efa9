package org.cosim.agents.custom;

import java.io.ByteArrayOutputStream;
import java.io.File;
import java.io.IOException;
import java.io.OutputStream;
import java.net.URI;
import java.net.URISyntaxException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import javax.tools.Diagnostic;
import javax.tools.DiagnosticCollector;
import javax.tools.FileObject;
import javax.tools.ForwardingJavaFileManager;
import javax.tools.JavaCompiler;
import javax.tools.JavaFileManager;
import javax.tools.JavaFileObject;
import javax.tools.SimpleJavaFileObject;
import javax.tools.StandardJavaFileManager;
import javax.tools.ToolProvider;
import org.cosim.agents.window.WindowLaw;
import org.cosim.scenario.ScenarioException;

/**
 * Compiles a custom law's Java source in memory (the JDK's compiler, javax.tools)
 * and loads its classes in a loader of their own, whose parent sees cosim's
 * classes. Every host's agent asks for the same source, so the last
 * {@value #KEPT_SOURCES} sources compiled are kept (a long-lived agent server fed
 * ever new laws forgets the oldest; their classes go when no agent uses them).
 */
final class LawCompiler {
    private static final int MAX_REPORTED_ERRORS = 5;
    static final int KEPT_SOURCES = 32;
    private static final Map<String, Map<String, Class<?>>> COMPILED = java.util.Collections.synchronizedMap(
            new java.util.LinkedHashMap<>(16, 0.75f, true) {
                @Override
                protected boolean removeEldestEntry(Map.Entry<String, Map<String, Class<?>>> eldest) {
                    return size() > KEPT_SOURCES;
                }
            });

    private LawCompiler() {}

    /**
     * The classes {@code source} defines, by binary name; compile errors are
     * reported against {@code field} (the scenario's source field).
     */
    static Map<String, Class<?>> classes(String source, String field) {
        return COMPILED.computeIfAbsent(source, s -> compile(s, field));
    }

    private static Map<String, Class<?>> compile(String source, String field) {
        JavaCompiler javac = ToolProvider.getSystemJavaCompiler();
        if (javac == null) {
            throw new ScenarioException(field, "this Java runtime has no compiler (java.home "
                    + System.getProperty("java.home") + "): run cosim on a JDK (COSIM_JAVA), or build the law "
                    + "into cosim and name it with class_name alone");
        }
        DiagnosticCollector<JavaFileObject> diagnostics = new DiagnosticCollector<>();
        Map<String, ByteArrayOutputStream> output = new TreeMap<>();
        try (StandardJavaFileManager standard = javac.getStandardFileManager(diagnostics, Locale.ROOT,
                StandardCharsets.UTF_8)) {
            JavaFileManager files = new ForwardingJavaFileManager<>(standard) {
                @Override
                public JavaFileObject getJavaFileForOutput(Location location, String name, JavaFileObject.Kind kind,
                                                           FileObject sibling) {
                    ByteArrayOutputStream bytes = new ByteArrayOutputStream();
                    output.put(name, bytes);
                    return new SimpleJavaFileObject(uri("mem:///" + name.replace('.', '/') + kind.extension), kind) {
                        @Override
                        public OutputStream openOutputStream() {
                            return bytes;
                        }
                    };
                }
            };
            List<String> options = List.of("-classpath", classPath(), "-proc:none", "-g", "-Xlint:none");
            if (!javac.getTask(null, files, diagnostics, options, null, List.of(new SourceText(source))).call()) {
                throw new ScenarioException(field, "does not compile: " + errors(diagnostics));
            }
        } catch (IOException e) {
            throw new ScenarioException(field, "the compiler's file manager failed: " + e.getMessage(), e);
        }
        return load(output, field);
    }

    private static Map<String, Class<?>> load(Map<String, ByteArrayOutputStream> output, String field) {
        Map<String, byte[]> bytes = new TreeMap<>();
        output.forEach((name, out) -> bytes.put(name, out.toByteArray()));
        ClassLoader loader = new ClassLoader(LawClass.LOADER_NAME, WindowLaw.class.getClassLoader()) {
            @Override
            protected Class<?> findClass(String name) throws ClassNotFoundException {
                byte[] b = bytes.get(name);
                if (b == null) {
                    throw new ClassNotFoundException(name);
                }
                return defineClass(name, b, 0, b.length);
            }
        };
        Map<String, Class<?>> classes = new TreeMap<>();
        for (String name : bytes.keySet()) {
            try {
                classes.put(name, Class.forName(name, false, loader));
            } catch (ClassNotFoundException | LinkageError e) {
                throw new ScenarioException(field, "class " + name + " compiled but does not load: " + e, e);
            }
        }
        return classes;
    }

    private static String errors(DiagnosticCollector<JavaFileObject> diagnostics) {
        List<String> errors = new ArrayList<>();
        for (Diagnostic<? extends JavaFileObject> d : diagnostics.getDiagnostics()) {
            if (d.getKind() == Diagnostic.Kind.ERROR) {
                errors.add("line " + d.getLineNumber() + ": " + d.getMessage(Locale.ROOT));
            }
        }
        int shown = Math.min(errors.size(), MAX_REPORTED_ERRORS);
        String more = errors.size() > shown ? " (and " + (errors.size() - shown) + " more)" : "";
        return String.join("; ", errors.subList(0, shown)) + more;
    }

    /**
     * Where cosim's classes come from: the modules a law compiles against (the
     * window API, the scenario types, protobuf), found from the classes themselves
     * so that it works from the packaged jar and from a build tree alike.
     */
    private static String classPath() {
        Set<String> entries = new LinkedHashSet<>();
        for (Class<?> anchor : List.of(WindowLaw.class, ScenarioException.class,
                com.google.protobuf.Message.class)) {
            try {
                entries.add(Path.of(anchor.getProtectionDomain().getCodeSource().getLocation().toURI()).toString());
            } catch (URISyntaxException | RuntimeException e) {
                // a class without a file location (e.g. from a custom loader): the JVM's class path covers it
            }
        }
        for (String e : System.getProperty("java.class.path", "").split(File.pathSeparator)) {
            if (!e.isEmpty()) {
                entries.add(e);
            }
        }
        return String.join(File.pathSeparator, entries);
    }

    private static URI uri(String s) {
        return URI.create(s);
    }

    /** The source as a compilation unit; any public class name is accepted (no file name to match). */
    private static final class SourceText extends SimpleJavaFileObject {
        private final String text;

        SourceText(String text) {
            super(uri("mem:///Law.java"), Kind.SOURCE);
            this.text = text;
        }

        @Override
        public boolean isNameCompatible(String simpleName, Kind kind) {
            return kind == Kind.SOURCE;
        }

        @Override
        public CharSequence getCharContent(boolean ignoreEncodingErrors) {
            return text;
        }
    }
}
