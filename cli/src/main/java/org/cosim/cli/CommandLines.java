package org.cosim.cli;

import java.io.IOException;
import java.io.PrintStream;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.AccessDeniedException;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import org.apache.commons.cli.CommandLine;
import org.apache.commons.cli.DefaultParser;
import org.apache.commons.cli.Option;
import org.apache.commons.cli.Options;
import org.apache.commons.cli.ParseException;
import org.cosim.cli.slurm.Slurm;
import org.cosim.cli.slurm.SlurmStudy;
import org.cosim.proto.Scenario;
import org.cosim.runner.results.ResultsWriter;
import org.cosim.scenario.ClosestNames;
import org.cosim.scenario.OneofSwitches;
import org.cosim.scenario.ScenarioFiles;
import org.cosim.setup.RunSetup;
import org.cosim.setup.SetUpStop;

/** Shared commons-cli plumbing: strict parsing (unknown options are errors) and help text. */
final class CommandLines {
    private CommandLines() {}

    /** --set field.path=value, repeatable: every command that reads a scenario takes it. */
    static Option setOption() {
        return Option.builder("s").longOpt("set").hasArg().argName("field.path=value")
                .desc("override a scenario field (repeatable), e.g. --set protocol.timely.t_low_us=100").get();
    }

    /** --jobs N: how many runs at once, for the commands that run several (sweep, validate). */
    static Option jobsOption() {
        return Option.builder("j").longOpt("jobs").hasArg().argName("N")
                .desc("runs at once (default: the cores on the java back end, 1 with omnetpp, whose runs take two "
                        + "each)").get();
    }

    /**
     * The options of a study run on a SLURM cluster (sweep, validate; docs/cluster.md): --slurm submits, --collect
     * DIR and --resume DIR read or complete an earlier submission, --slurm-opts, --slurm-chunk and --detach say how.
     */
    static void addSlurmOptions(Options o, String results) {
        o.addOption(Option.builder().longOpt("slurm").desc("run the points as a SLURM job array (sbatch) instead of "
                + "here; waits with the counts of points done, failed, running and pending, then writes the "
                + results + " as a local run would").get());
        o.addOption(Option.builder().longOpt("slurm-opts").hasArg().argName("'OPTIONS'")
                .desc("sbatch options for the job array, separated by spaces, e.g. '--partition=long --time=2:00:00'")
                .get());
        o.addOption(Option.builder().longOpt("slurm-chunk").hasArg().argName("N")
                .desc("points per array task (default: short points share a task, until about half a minute of "
                        + "work)").get());
        o.addOption(Option.builder().longOpt("detach").desc("with --slurm or --resume: submit and return at once")
                .get());
        o.addOption(Option.builder().longOpt("collect").hasArg().argName("DIR")
                .desc("write the " + results + " of a study submitted with --slurm from the points that have "
                        + "finished; the others are marked failed or pending").get());
        o.addOption(Option.builder().longOpt("resume").hasArg().argName("DIR")
                .desc("submit again the points of a study submitted with --slurm that have no complete results "
                        + "(once none of its jobs is queued or running)").get());
    }

    /** --slurm-opts, --slurm-chunk and --detach; refused without --slurm or --resume. */
    static SlurmStudy.Settings slurmSettings(CommandLine cl) {
        boolean submits = cl.hasOption("slurm") || cl.hasOption("resume");
        for (String o : new String[] {"slurm-opts", "slurm-chunk", "detach"}) {
            if (cl.hasOption(o) && !submits) {
                throw new UsageException("--" + o + " goes with --slurm or --resume");
            }
        }
        if (cl.hasOption("collect") && (cl.hasOption("slurm") || cl.hasOption("resume"))) {
            throw new UsageException("--collect reads a submitted study: not with --slurm or --resume");
        }
        int perTask = 0;
        if (cl.hasOption("slurm-chunk")) {
            String v = cl.getOptionValue("slurm-chunk");
            try {
                perTask = Integer.parseInt(v);
            } catch (NumberFormatException e) {
                perTask = -1;
            }
            if (perTask < 1) {
                throw new UsageException("--slurm-chunk takes a whole number of points per task (1 or more), not '"
                        + v + "'");
            }
        }
        return new SlurmStudy.Settings(Slurm.options(cl.getOptionValue("slurm-opts")), perTask,
                cl.hasOption("detach"));
    }

    /**
     * --jobs's value, or its default: the machine's cores when every run is on the Java fabric (one thread each),
     * 1 when OMNeT++ runs (opp_run and its agent server take both cores of a small machine); never more than
     * {@code runs}.
     */
    static int jobs(CommandLine cl, boolean javaOnly, int runs) {
        if (!cl.hasOption("jobs")) {
            int cores = javaOnly ? Runtime.getRuntime().availableProcessors() : 1;
            return Math.max(1, Math.min(runs, cores));
        }
        return wholeNumber(cl, "jobs", 1, 256);
    }

    /** Option {@code name}'s value, a whole number in {@code min..max}; anything else is a usage error. */
    static int wholeNumber(CommandLine cl, String name, int min, int max) {
        String v = cl.getOptionValue(name);
        try {
            int n = Integer.parseInt(v);
            if (n >= min && n <= max) {
                return n;
            }
        } catch (NumberFormatException e) {
            // reported below
        }
        throw new UsageException("--" + name + " takes a whole number in " + min + ".." + max + ", not '" + v + "'");
    }

    /** --strict-load: the offered-load check (LoadCheck) refuses an overloading scenario instead of warning. */
    /**
     * The value of option {@code name} as one of {@code type}'s constants, named in lower case on the command line
     * ({@code fallback} when the option is absent); anything else is a usage error listing the choices.
     */
    static <E extends Enum<E>> E choice(CommandLine cl, String name, Class<E> type, E fallback) {
        if (!cl.hasOption(name)) {
            return fallback;
        }
        String v = cl.getOptionValue(name);
        List<String> names = new ArrayList<>();
        for (E e : type.getEnumConstants()) {
            String id = e.name().toLowerCase(Locale.ROOT);
            if (id.equals(v)) {
                return e;
            }
            names.add(id);
        }
        throw new UsageException("--" + name + ": unknown value '" + v + "' (" + String.join(", ", names) + ")");
    }

    static Option strictLoadOption() {
        return Option.builder().longOpt("strict-load").desc("refuse (exit status 2, nothing run) a scenario whose "
                + "workload offers a link more than its rate, unless workload.overload_intended says so (default: "
                + "a warning)").get();
    }

    static Option helpOption() {
        return Option.builder("h").longOpt("help").desc("show this help").get();
    }

    static List<String> overrides(CommandLine cl) {
        String[] v = cl.getOptionValues("set");
        return v == null ? List.of() : List.of(v);
    }

    /** A scenario file as filed and with the command line's --set overrides. */
    record Overridden(Scenario asFiled, Scenario scenario) {
        /**
         * {@code run} (the overridden scenario, or what the command makes of it) checked as a run is: a field
         * refused inside a oneof member that an override chose says so ({@link OneofSwitches#explained}).
         */
        RunSetup simulation(Scenario run, SetUpStop stop) {
            return OneofSwitches.explained(asFiled, run, () -> RunSetup.of(run, stop));
        }
    }

    /**
     * The scenario file with the command line's --set overrides; says on {@code err} when an override chose
     * another member of a oneof (another protocol, topology or workload) than the file has.
     */
    static Overridden readScenario(Path file, CommandLine cl, String command, PrintStream err) {
        Scenario asFiled = ScenarioFiles.read(file);
        Scenario scenario = ScenarioFiles.withOverrides(asFiled, overrides(cl));
        for (String s : OneofSwitches.between(asFiled, scenario)) {
            noteSwitch(s, command, "--set", err);
        }
        return new Overridden(asFiled, scenario);
    }

    /** The note for one {@link OneofSwitches} line: which override replaced which member. */
    static void noteSwitch(String oneofSwitch, String command, String how, PrintStream err) {
        err.println("cosim " + command + ": note: " + how + " replaced " + oneofSwitch.replace(" -> ", " with ")
                + " (its fields not set take their defaults)");
    }

    /** The options that may be given more than once, each adding a value. */
    private static final Set<String> REPEATABLE = Set.of("set", "vary", "plot");

    static CommandLine parse(Options options, String[] args) {
        CommandLine cl;
        try {
            cl = DefaultParser.builder().setAllowPartialMatching(false).build().parse(options, args, false);
        } catch (org.apache.commons.cli.MissingArgumentException e) {
            throw new UsageException(optionName(e.getOption()) + " needs a value (" + e.getOption().getArgName() + ")");
        } catch (org.apache.commons.cli.UnrecognizedOptionException e) {
            String typed = e.getOption().replaceFirst("^-+", "").replaceFirst("=.*", "");
            List<String> known = options.getOptions().stream().map(Option::getLongOpt).filter(n -> n != null).toList();
            throw new UsageException(e.getMessage() + ClosestNames.didYouMean(typed, known, "--"));
        } catch (ParseException e) {
            throw new UsageException(e.getMessage());
        }
        // commons-cli would keep the first value and drop the rest silently.
        Set<String> seen = new HashSet<>();
        for (Option o : cl.getOptions()) {
            if (o.hasArg() && !REPEATABLE.contains(o.getLongOpt()) && !seen.add(o.getKey())) {
                throw new UsageException(optionName(o) + " is given more than once; it takes one value");
            }
        }
        return cl;
    }

    /**
     * The results directory, made now and locked for this command ({@link OutputLock}): a command that cannot
     * write its results says so before it simulates anything, not after (the results would be lost).
     */
    static Path outputDirectory(String dir) {
        if (dir.isBlank()) {
            throw new UsageException("--out is empty: name a directory");
        }
        Path d = Path.of(dir);
        if (Files.exists(d) && !Files.isDirectory(d)) {
            throw new UsageException("--out " + d + ": a file of that name is in the way (want a directory)");
        }
        try {
            Files.createDirectories(d);
        } catch (FileAlreadyExistsException e) {
            throw new UsageException("--out " + d + ": cannot make it: " + e.getFile() + " is a file");
        } catch (AccessDeniedException e) {
            throw new UsageException("--out " + d + ": cannot make it: permission denied (" + e.getFile() + ")");
        } catch (java.nio.file.FileSystemException e) {
            // Its message may be the file alone: the reason, or at least the kind of failure, says more.
            String why = e.getReason() != null ? e.getReason() : e instanceof java.nio.file.NoSuchFileException
                    ? "the system refused it (no such file or directory)"
                    : e.getClass().getSimpleName().replace("Exception", "");
            throw new UsageException("--out " + d + ": cannot make it: " + why + " (" + e.getFile() + ")");
        } catch (IOException e) {
            throw new UsageException("--out " + d + ": cannot make it: " + e.getMessage());
        }
        if (!Files.isWritable(d)) {
            throw new UsageException("--out " + d + ": not writable");
        }
        OutputLock.take(d, "--out");
        return d;
    }

    /**
     * The run's results directory {@code dir} (made by {@link #outputDirectory}, or inside it), refused when one
     * of the files a run writes there ({@link ResultsWriter#paths}) cannot be written: a directory of that
     * name, or a file that is not writable.
     */
    static Path resultsDirectory(Path dir) {
        for (Path f : ResultsWriter.paths(dir)) {
            if (Files.isDirectory(f) || Files.exists(f) && !Files.isWritable(f)) {
                throw new UsageException("--out " + dir + ": cannot write " + f.getFileName() + " there ("
                        + (Files.isDirectory(f) ? "a directory" : "a file that is not writable") + " of that name "
                        + "is in the way: " + f + ")");
            }
        }
        return dir;
    }

    /**
     * A file a command will write (--port-file, --record-trace), checked now so that a path that cannot be
     * written is a bad command line, said before anything starts.
     */
    static Path outputFile(String option, String file) {
        if (file.isBlank()) {
            throw new UsageException(option + " is empty: name a file");
        }
        Path f = Path.of(file);
        if (Files.isDirectory(f)) {
            throw new UsageException(option + " " + file + ": is a directory (want a file)");
        }
        Path dir = f.toAbsolutePath().getParent();
        if (dir != null && !Files.isDirectory(dir)) {
            throw new UsageException(option + " " + file + ": no such directory " + dir);
        }
        if (dir != null && !Files.isWritable(dir)) {
            throw new UsageException(option + " " + file + ": directory " + dir + " is not writable");
        }
        return f;
    }

    private static String optionName(Option o) {
        return o.getLongOpt() != null ? "--" + o.getLongOpt() : "-" + o.getOpt();
    }

    @SuppressWarnings("deprecation")
    static String help(String usage, String header, Options options) {
        StringWriter s = new StringWriter();
        PrintWriter w = new PrintWriter(s);
        org.apache.commons.cli.HelpFormatter f = new org.apache.commons.cli.HelpFormatter();
        f.printHelp(w, 100, usage, header, options, 2, 2, "", false);
        w.flush();
        return s.toString();
    }

    /** The one SCENARIO argument of `run`, `compare` and `sweep`. */
    static Path scenarioArgument(CommandLine cl) {
        List<String> rest = cl.getArgList();
        if (rest.isEmpty()) {
            throw new UsageException("missing SCENARIO (a .textproto file, e.g. scenarios/timely-incast.textproto)");
        }
        if (rest.size() > 1) {
            throw new UsageException("one SCENARIO expected, got " + rest);
        }
        return Path.of(rest.get(0));
    }

    /** The results directory's name for a run of {@code s} read from {@code file}: its name, made safe. */
    static String nameOf(Scenario s, Path file) {
        if (!s.getName().isBlank()) {
            String name = s.getName().replaceAll("[^A-Za-z0-9._-]", "_");
            // A directory name, which file systems cap at 255 bytes: a long scenario name is cut.
            name = name.length() > 120 ? name.substring(0, 120) : name;
            // "." or ".." would put results/<name> at results/ itself or above it.
            return name.matches("\\.+") ? name.replace('.', '_') : name;
        }
        String f = file.getFileName().toString();
        return f.endsWith(".textproto") ? f.substring(0, f.length() - ".textproto".length()) : f;
    }
}
