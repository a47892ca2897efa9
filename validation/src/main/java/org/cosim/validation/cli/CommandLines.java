package org.cosim.validation.cli;

import java.io.IOException;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.AccessDeniedException;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.apache.commons.cli.CommandLine;
import org.apache.commons.cli.DefaultParser;
import org.apache.commons.cli.Option;
import org.apache.commons.cli.Options;
import org.apache.commons.cli.ParseException;

/** Shared commons-cli plumbing: strict parsing (unknown options are errors) and help text. */
final class CommandLines {
    private CommandLines() {}

    /** --set field.path=value, repeatable: every command that reads a scenario takes it. */
    static Option setOption() {
        return Option.builder("s").longOpt("set").hasArg().argName("field.path=value")
                .desc("override a scenario field (repeatable), e.g. --set protocol.timely.t_low_us=100").get();
    }

    static Option helpOption() {
        return Option.builder("h").longOpt("help").desc("show this help").get();
    }

    static List<String> overrides(CommandLine cl) {
        String[] v = cl.getOptionValues("set");
        return v == null ? List.of() : List.of(v);
    }

    static CommandLine parse(Options options, String[] args) {
        try {
            return DefaultParser.builder().setAllowPartialMatching(false).build().parse(options, args, false);
        } catch (org.apache.commons.cli.MissingArgumentException e) {
            throw new UsageException(optionName(e.getOption()) + " needs a value (" + e.getOption().getArgName() + ")");
        } catch (ParseException e) {
            throw new UsageException(e.getMessage());
        }
    }

    /**
     * The results directory, made now: a command that cannot write its results
     * says so before it simulates anything, not after (the results would be lost).
     */
    static Path outputDirectory(String dir) {
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
        } catch (IOException e) {
            throw new UsageException("--out " + d + ": cannot make it: " + e.getMessage());
        }
        if (!Files.isWritable(d)) {
            throw new UsageException("--out " + d + ": not writable");
        }
        return d;
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
}
