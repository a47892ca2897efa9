package org.cosim.cli;

import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.Set;
import java.util.TreeMap;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.regex.MatchResult;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import org.cosim.setup.topology.TopologyBuilders;
import org.cosim.setup.topology.TopologyGraph;
import org.cosim.setup.workload.Workloads;
import org.cosim.proto.Scenario;
import org.cosim.runner.ShippedScenarios;
import org.cosim.scenario.ScenarioFiles;
import org.cosim.scenario.Units;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The shipped scenarios, broken on purpose, through `cosim run` in-process: every
 * mutant either runs to its results (exit status 0, flows.csv and a complete
 * summary.json written) or is refused with exit status 2 and a message that names a
 * scenario field or a file; never exit status 1, an exception's class name or a
 * stack trace, never longer than {@link #BOUND}.
 *
 * <p>A try copies one scenario of scenarios/ (beside the others, in a copy of the
 * folder, so its {@code base} and files resolve) and breaks it with one to three
 * mutations: a line deleted or given twice, a number replaced by an extreme (0, -1,
 * 1e300, NaN, inf, 2^63, ...), a word value replaced by another word, a field's name
 * by another of the file's, a quoted path replaced by a bad one, a NUL byte inserted,
 * the text cut short, bits flipped, or a {@code --set} of one of its fields to a bad
 * value. Each runs for at most
 * {@value #DURATION_US} us of simulated time ({@code --set duration_us}, with no
 * warm-up), so a run that completes is cheap.
 *
 * <p>The seed is fixed; the run stops making mutants after {@code -Dfuzz.minutes}
 * (0.75 by default: about a minute in {@code mvn verify}) or 2,000,000 tries. Each
 * try draws from one java.util.Random with that seed, so a failure names the try
 * that reproduces it; the test prints how many mutants ended in each outcome.
 */
class ScenarioMutationPropertiesTest {
    private static final long SEED = 20261206L;
    private static final int MAX_TRIES = 2_000_000;
    private static final long BUDGET_NANOS =
            (long) (Double.parseDouble(System.getProperty("fuzz.minutes", "0.75")) * 60e9);
    /**
     * The longest one mutant may take, set-up, run and writing its results together. A mutant may legitimately be
     * large: NDP's Fig 2 incast with 65,536 connections per client is 1.3 M flows, 26 s from start to its results
     * files on 2 loaded cores; a hang is a run that makes no progress, so the bound leaves room for such runs.
     */
    private static final Duration BOUND = Duration.ofSeconds(120);
    /** How much simulated time a mutant runs for. */
    private static final int DURATION_US = 200;
    /** The overrides every mutant runs with: a short run, measured from its start. */
    private static final List<String> CAP = List.of("duration_us=" + DURATION_US, "output.warmup_us=0");
    /** The largest shipped scenarios take seconds to set up: left out, so that the budget buys many mutants. */
    private static final long MAX_HOSTS_X_FLOWS = 2_000_000;

    /** What a message must not look like: an exception's class name, an inner class's or a stack frame. */
    private static final Pattern LEAK = Pattern.compile("[a-z]\\.[A-Z]\\w*(Exception|Error\\b|\\$\\d)|\\tat ");
    /**
     * A field path at the start of a message: {@code topology.fat_tree.k: }, {@code workload.flow_list.flows[3]: },
     * {@code protocol.custom_window_law.params[target]scaling]: } (a map key as the file spells it, brackets
     * and all).
     */
    private static final Pattern FIELD = Pattern.compile("^([a-z][a-z0-9_]*)(\\[[^\\n]*?\\])?(\\.[a-z][a-z0-9_]*"
            + "(\\[[^\\n]*?\\])?)*: ");
    private static final Set<String> SCENARIO_FIELDS = Scenario.getDescriptor().getFields().stream()
            .map(f -> f.getName()).collect(Collectors.toSet());
    /**
     * A file at the start of a message, a parse error's with its line and column: a path with a '/' (spaces and
     * all: a quoted value made a base names that file) or a file name with an extension.
     */
    private static final Pattern FILE = Pattern.compile("^([^:\\s]*/[^:]*|\\S+\\.(textproto|txt|csv|cm|topo|java))"
            + "(:\\d+:\\d+)?: ");

    private static final String[] NUMBERS = {"0", "-1", "1e300", "-1e300", "nan", "inf", "-inf",
            "9223372036854775807", "9223372036854775808", "18446744073709551616", "2147483648", "4294967296",
            "1e-300", "0.5", "-0", "99999999999999999999999999", "0x7fffffff", "1e9", "1e-9", "1", "2", "65535",
            "65536", "100000"};
    private static final String[] WORDS = {"FIFO", "ROUND_ROBIN", "HIGHEST_IDS", "SENDER_UPLINKS", "true", "false",
            "NONE", "x", "UNKNOWN", "0", "\"\"", "{}", "[]", "null"};
    private static final String[] PATHS = {"", "/nonexistent/x.textproto", "/dev/zero", "/", "..", ".",
            "a\\0b", "cdf", "../scenarios", "fabric.textproto", "\\n", "/dev/null", "~"};
    private static final String[] SET_VALUES = {"0", "-1", "1e300", "nan", "inf", "-inf", "9223372036854775808",
            "4294967296", "", "x", "{}", "{ nonsense: 1 }", "true", "\"\"", "[1,2]", "1e-300"};

    @TempDir
    static Path tmp;
    private static Path copy;
    private static List<Original> originals;
    private static ExecutorService runner;

    /** A shipped scenario: its file in the copy of scenarios/, its text and the paths of the scalar fields it sets. */
    record Original(Path file, String text, List<String> fields) {}

    enum Kind { DELETE_LINE, DUPLICATE_LINE, NUMBER, WORD, KEY, PATH, NUL, TRUNCATE, FLIP, SET }

    /** One mutant: the text of the file and the extra {@code --set} arguments. */
    private record Mutant(String name, byte[] text, List<String> sets, List<Kind> kinds) {}

    @BeforeAll
    static void copyScenarios() throws IOException {
        Path from = ShippedScenarios.dir();
        copy = tmp.resolve("scenarios");
        try (Stream<Path> all = Files.walk(from)) {
            for (Path p : (Iterable<Path>) all::iterator) {
                Path to = copy.resolve(from.relativize(p).toString());
                if (Files.isDirectory(p)) {
                    Files.createDirectories(to);
                } else {
                    Files.copy(p, to);
                }
            }
        }
        originals = new ArrayList<>();
        try (Stream<Path> all = Files.walk(copy)) {
            for (Path p : all.filter(f -> f.toString().endsWith(".textproto")).sorted().toList()) {
                Scenario s = ScenarioFiles.read(p, CAP);
                if (small(s)) {
                    // duration_us is the suite's: a --set of a longer run would only be a slower mutant.
                    List<String> fields = ScalarFields.of(s).stream().filter(f -> !f.equals("duration_us")).toList();
                    originals.add(new Original(p, Files.readString(p), fields));
                }
            }
        }
        runner = Executors.newCachedThreadPool(r -> {
            Thread t = new Thread(r, "mutant");
            t.setDaemon(true);  // a mutant that hangs fails the test and is left behind
            return t;
        });
    }

    @AfterAll
    static void stopRunner() {
        runner.shutdownNow();
    }

    /** Whether a scenario, run for {@value #DURATION_US} us, is small: hosts x flows, from its topology and workload. */
    private static boolean small(Scenario s) {
        try {
            TopologyGraph g = TopologyBuilders.build(s.getTopology());
            long flows = Workloads.build(s.getWorkload(), g, s.getSeed(), Units.usToPs(DURATION_US)).size();
            return g.hostCount() * Math.max(1, flows) <= MAX_HOSTS_X_FLOWS;
        } catch (RuntimeException e) {
            return false;  // one it cannot set up as shipped (a file only a test writes)
        }
    }

    @Test
    void aBrokenScenarioRunsOrIsRefusedNamingAFieldOrFile() throws Exception {
        assertTrue(originals.size() > 40, "shipped scenarios to break: " + originals.size());
        Random random = new Random(SEED);
        Map<String, Integer> outcomes = new TreeMap<>();
        Map<Kind, Integer> completedBy = new TreeMap<>();
        long start = System.nanoTime();
        long deadline = start + BUDGET_NANOS;
        int tries = 0;
        while (tries < MAX_TRIES && System.nanoTime() < deadline) {
            tries++;
            Mutant m = mutant(random, tries);
            String at = "try " + tries + " (seed " + SEED + ", " + m.name() + ", " + m.kinds() + ", " + m.sets()
                    + "): ";
            String outcome = judge(m, at);
            outcomes.merge(outcome, 1, Integer::sum);
            if (outcome.equals("completed")) {
                m.kinds().forEach(k -> completedBy.merge(k, 1, Integer::sum));
            }
        }
        assertTrue(tries > 0, "no mutant was tried within the budget");
        System.out.printf(java.util.Locale.ROOT, "ScenarioMutationPropertiesTest: %d mutants of %d scenarios in %.1f s:"
                        + " %s; mutations in completed runs: %s%n", tries, originals.size(),
                (System.nanoTime() - start) / 1e9, outcomes, completedBy);
    }

    /** Runs one mutant and checks its outcome; returns the outcome's kind. */
    private static String judge(Mutant m, String at) throws Exception {
        Path dir = Files.createTempDirectory(tmp, "try");
        // The mutant lies beside its original, so that relative paths (base, files) resolve as they did.
        Path mutantFile = Path.of(m.name());
        Files.write(mutantFile, m.text());
        Path out = dir.resolve("out");
        List<String> args = new ArrayList<>(List.of("run", mutantFile.toString(), "--no-plots", "--out",
                out.toString()));
        for (String s : CAP) {
            args.add("--set");
            args.add(s);
        }
        for (String s : m.sets()) {
            args.add("--set");
            args.add(s);
        }
        Future<CliOutcome> f = runner.submit(() -> CliOutcome.cosim(args.toArray(String[]::new)));
        CliOutcome r;
        try {
            r = f.get(BOUND.toSeconds(), TimeUnit.SECONDS);
        } catch (TimeoutException e) {
            f.cancel(true);
            return failed(m, at + "no outcome within " + BOUND + " (a hang?)");
        } finally {
            Files.deleteIfExists(mutantFile);
        }
        if (LEAK.matcher(r.err()).find() || LEAK.matcher(r.out()).find()) {
            return failed(m, at + "an exception or a stack trace shown: " + r.err());
        }
        switch (r.status()) {
            case 0 -> {
                String summary = Files.readString(out.resolve("summary.json"));
                if (!summary.contains("\"status\": \"complete\"") || !Files.exists(out.resolve("flows.csv"))) {
                    return failed(m, at + "exit status 0 without complete results: " + summary);
                }
                deleteTree(dir);
                return "completed";
            }
            case 2 -> {
                deleteTree(dir);
                return refusal(r.err(), m, at);
            }
            default -> {
                return failed(m, at + "exit status " + r.status() + ": " + r.err());
            }
        }
    }

    /**
     * What exit status 2 said: "refused: field" when the message starts with a field path whose first part is a
     * Scenario field, "refused: file" when it names a file (a parse error's file:line:column, a base or a CDF that
     * cannot be read), "refused: --set" when it names the --set that is wrong.
     */
    private static String refusal(String err, Mutant m, String at) {
        String line = err.lines().filter(l -> l.startsWith("cosim run: ") && !l.startsWith("cosim run: note:")
                && !l.startsWith("cosim run: warning:")).findFirst().orElse("");
        String said = line.startsWith("cosim run: bad scenario: ") ? line.substring("cosim run: bad scenario: ".length())
                : line.substring(Math.min(line.length(), "cosim run: ".length()));
        Matcher field = FIELD.matcher(said);
        if (field.find() && SCENARIO_FIELDS.contains(field.group(1))) {
            return "refused: field";
        }
        if (said.startsWith("--set ") || said.startsWith("--set:")) {
            return "refused: --set";
        }
        if (FILE.matcher(said).find()) {
            return "refused: file";
        }
        return failed(m, at + "exit status 2 without a field or file named first: " + err);
    }

    /**
     * Fails, keeping the mutant as target/failed-mutants/NAME and its --set arguments in NAME.sets: copied
     * beside its original in scenarios/ (its base and files are named relative to it), `./cosim run` of it with
     * those arguments and {@link #CAP}'s runs it again.
     */
    private static String failed(Mutant m, String why) {
        Path kept = Path.of("target", "failed-mutants", Path.of(m.name()).getFileName().toString());
        try {
            Files.createDirectories(kept.getParent());
            Files.write(kept, m.text());
            Files.writeString(kept.resolveSibling(kept.getFileName() + ".sets"), String.join("\n", m.sets()));
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        fail(why + " (the mutant is kept as " + kept.toAbsolutePath() + ", to run as scenarios/"
                + copy.relativize(Path.of(m.name())) + ")");
        return "failed";
    }

    private static Mutant mutant(Random random, int tryNo) {
        Original o = originals.get(random.nextInt(originals.size()));
        byte[] text = o.text().getBytes(StandardCharsets.UTF_8);
        List<String> sets = new ArrayList<>();
        List<Kind> kinds = new ArrayList<>();
        int n = 1 + random.nextInt(3);
        for (int k = 0; k < n; k++) {
            Kind kind = Kind.values()[random.nextInt(Kind.values().length)];
            kinds.add(kind);
            text = apply(kind, text, o, sets, random);
        }
        String name = o.file().getFileName().toString().replace(".textproto", "") + "-mutant" + tryNo + ".textproto";
        return new Mutant(o.file().resolveSibling(name).toString(), text, sets, kinds);
    }

    private static final Pattern NUMBER = Pattern.compile("(?<=[:\\s\\[,])-?\\d[\\d.eE+-]*\\b");
    private static final Pattern WORD = Pattern.compile("(?<=:\\s?)[A-Za-z_][A-Za-z0-9_]*\\b");
    private static final Pattern KEY = Pattern.compile("(?m)(?<=^\\s{0,12})[a-z][a-z0-9_]*(?=\\s*[:{])");
    private static final Pattern QUOTED = Pattern.compile("\"[^\"\\n]*\"");

    private static byte[] apply(Kind kind, byte[] text, Original o, List<String> sets, Random random) {
        String s = new String(text, StandardCharsets.UTF_8);
        List<String> lines = new ArrayList<>(Arrays.asList(s.split("\n", -1)));
        int line = random.nextInt(lines.size());
        return switch (kind) {
            case DELETE_LINE -> {
                lines.remove(line);
                yield String.join("\n", lines).getBytes(StandardCharsets.UTF_8);
            }
            case DUPLICATE_LINE -> {
                lines.add(line, lines.get(line));
                yield String.join("\n", lines).getBytes(StandardCharsets.UTF_8);
            }
            case NUMBER -> replaceOne(s, NUMBER, NUMBERS[random.nextInt(NUMBERS.length)], random);
            case WORD -> replaceOne(s, WORD, WORDS[random.nextInt(WORDS.length)], random);
            case KEY -> {
                // One field's name for another's of the file: a value of the wrong type, or a field out of place.
                List<String> keys = KEY.matcher(s).results().map(MatchResult::group).toList();
                yield keys.isEmpty() ? text : replaceOne(s, KEY, keys.get(random.nextInt(keys.size())), random);
            }
            case PATH -> replaceOne(s, QUOTED, "\"" + PATHS[random.nextInt(PATHS.length)] + "\"", random);
            case NUL -> {
                int at = random.nextInt(text.length + 1);
                byte[] t = new byte[text.length + 1];
                System.arraycopy(text, 0, t, 0, at);
                System.arraycopy(text, at, t, at + 1, text.length - at);
                yield t;
            }
            case TRUNCATE -> Arrays.copyOf(text, random.nextInt(text.length + 1));
            case FLIP -> {
                byte[] t = text.clone();
                for (int k = 1 + random.nextInt(3); k > 0 && t.length > 0; k--) {
                    t[random.nextInt(t.length)] ^= (byte) (1 << random.nextInt(8));
                }
                yield t;
            }
            case SET -> {
                String field = o.fields().isEmpty() ? "seed" : o.fields().get(random.nextInt(o.fields().size()));
                sets.add(field + "=" + SET_VALUES[random.nextInt(SET_VALUES.length)]);
                yield text;
            }
        };
    }

    /** The text with one match of {@code p}, drawn at random, replaced by {@code by}; unchanged if none. */
    private static byte[] replaceOne(String s, Pattern p, String by, Random random) {
        List<int[]> spans = new ArrayList<>();
        Matcher m = p.matcher(s);
        while (m.find()) {
            spans.add(new int[] {m.start(), m.end()});
        }
        if (spans.isEmpty()) {
            return s.getBytes(StandardCharsets.UTF_8);
        }
        int[] at = spans.get(random.nextInt(spans.size()));
        return (s.substring(0, at[0]) + by + s.substring(at[1])).getBytes(StandardCharsets.UTF_8);
    }

    /** The dotted paths of the singular scalar fields a scenario sets (what {@code --set} can change). */
    static final class ScalarFields {
        private ScalarFields() {}

        static List<String> of(com.google.protobuf.Message m) {
            List<String> out = new ArrayList<>();
            collect(m, "", out);
            return out;
        }

        private static void collect(com.google.protobuf.Message m, String prefix, List<String> out) {
            for (Map.Entry<com.google.protobuf.Descriptors.FieldDescriptor, Object> e : m.getAllFields().entrySet()) {
                var f = e.getKey();
                if (f.isRepeated()) {
                    continue;
                }
                String path = prefix + f.getName();
                if (f.getJavaType() == com.google.protobuf.Descriptors.FieldDescriptor.JavaType.MESSAGE) {
                    collect((com.google.protobuf.Message) e.getValue(), path + ".", out);
                } else {
                    out.add(path);
                }
            }
        }
    }

    private static void deleteTree(Path dir) throws IOException {
        try (Stream<Path> all = Files.walk(dir)) {
            for (Path p : all.sorted(java.util.Comparator.reverseOrder()).toList()) {
                Files.deleteIfExists(p);
            }
        } catch (UncheckedIOException e) {
            throw e.getCause();
        }
    }
}
