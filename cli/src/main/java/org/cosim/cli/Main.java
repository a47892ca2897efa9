package org.cosim.cli;

import java.io.PrintStream;
import java.io.UncheckedIOException;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.Map;
import org.cosim.cli.slurm.SlurmException;
import org.cosim.scenario.ClosestNames;
import org.cosim.scenario.ScenarioException;

/**
 * The `cosim` command. Exit status: 0 success, 1 a run failed (partial results
 * are kept and marked failed), 2 bad command line or scenario.
 */
public final class Main {
    private static final Map<String, Command> COMMANDS = new LinkedHashMap<>();

    static {
        for (Command c : new Command[] {new RunCommand(), new CompareCommand(), new AgentsCommand(), new BenchCommand(),
                new OmnetppIniCommand(), new ValidateCommand(), new SweepCommand(), new SlurmTaskCommand()}) {
            COMMANDS.put(c.name(), c);
        }
    }

    private Main() {}

    public static void main(String[] args) {
        System.exit(run(args, System.out, System.err));
    }

    public static int run(String[] args, PrintStream out, PrintStream err) {
        if (args.length == 2 && args[0].equals("help") && COMMANDS.containsKey(args[1])) {
            return run(new String[] {args[1], "--help"}, out, err);  // `cosim help run` as `cosim run --help`
        }
        if (args.length == 0 || args[0].equals("--help") || args[0].equals("-h") || args[0].equals("help")) {
            usage(args.length == 0 ? err : out);
            return args.length == 0 ? 2 : 0;
        }
        if (args.length == 1 && (args[0].equals("--version") || args[0].equals("version"))) {
            out.println(BuildInfo.current().line());
            return 0;
        }
        Command c = COMMANDS.get(args[0]);
        if (c == null) {
            err.println("cosim: unknown command '" + args[0] + "'"
                    + ClosestNames.didYouMean(args[0], COMMANDS.keySet(), ""));
            usage(err);
            return 2;
        }
        try {
            return c.run(Arrays.copyOfRange(args, 1, args.length), out, err);
        } catch (UsageException e) {
            err.println("cosim " + c.name() + ": " + e.getMessage());
            err.println("(cosim " + c.name() + " --help for the options)");
            return 2;
        } catch (ScenarioException e) {
            err.println("cosim " + c.name() + ": bad scenario: " + e.getMessage());
            return 2;
        } catch (SlurmException e) {
            err.println("cosim " + c.name() + ": " + e.getMessage());
            return 1;
        } catch (UncheckedIOException e) {
            // A file that could not be read or written: its message names it; a stack trace would not help.
            err.println("cosim " + c.name() + ": " + e.getMessage());
            return 1;
        } finally {
            OutputLock.releaseHeld();
        }
    }

    private static void usage(PrintStream s) {
        s.println("usage: cosim COMMAND [options]   (cosim COMMAND --help for a command's options; cosim --version)");
        s.println();
        s.println("A datacenter congestion-control co-simulator: TIMELY, NDP, Poseidon and their");
        s.println("baselines on a simulated fabric (Java, or OMNeT++ 6.x). Commands:");
        for (Command c : COMMANDS.values()) {
            if (c.summary() == null) {
                continue;  // internal (slurm-task)
            }
            s.printf("  %-12s %s%n", c.name(), c.summary());
        }
    }
}
