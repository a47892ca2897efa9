package org.cosim.validation.cli;

import java.io.PrintWriter;
import java.io.StringWriter;
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
        } catch (ParseException e) {
            throw new UsageException(e.getMessage());
        }
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
