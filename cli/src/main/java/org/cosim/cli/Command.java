package org.cosim.cli;

import java.io.PrintStream;

/** One `cosim` subcommand. */
public interface Command {
    String name();

    /** A line for `cosim --help`; null for an internal command, not listed. */
    String summary();

    /** Runs with the arguments after the command name; returns the exit status. */
    int run(String[] args, PrintStream out, PrintStream err);
}
