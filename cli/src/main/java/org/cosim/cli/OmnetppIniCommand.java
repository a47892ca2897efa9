package org.cosim.cli;

import java.io.IOException;
import java.io.PrintStream;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;
import org.apache.commons.cli.CommandLine;
import org.apache.commons.cli.Options;
import org.cosim.proto.Scenario;
import org.cosim.runner.omnetpp.CosimHome;
import org.cosim.runner.omnetpp.OmnetppIni;
import org.cosim.scenario.ScenarioException;
import org.cosim.scenario.ScenarioFiles;
import org.cosim.setup.RunSetup;

/**
 * `cosim omnetpp-ini [SCENARIO ...]`: prints an omnetpp.ini with one configuration
 * per scenario (default: every shipped scenario), for running the OMNeT++ back end
 * by hand. ned/omnetpp.ini is this command's output for the shipped scenarios.
 */
public final class OmnetppIniCommand implements Command {
    private static final String USAGE = "cosim omnetpp-ini [SCENARIO ...]   (e.g. ./cosim omnetpp-ini > ned/omnetpp.ini)";

    @Override
    public String name() {
        return "omnetpp-ini";
    }

    @Override
    public String summary() {
        return "print omnetpp.ini configurations for scenarios (one each, for running OMNeT++ by hand)";
    }

    @Override
    public int run(String[] args, PrintStream out, PrintStream err) {
        Options options = new Options();
        options.addOption(CommandLines.helpOption());
        CommandLine cl = CommandLines.parse(options, args);
        if (cl.hasOption("help")) {
            out.print(CommandLines.help(USAGE, "Scenario paths in the output are relative to ned/ (where "
                    + "omnetpp.ini lives).", options));
            return 0;
        }
        CosimHome home = CosimHome.find();
        if (cl.getArgList().isEmpty()) {
            out.print(ini(home, shippedScenarios(home)));
            return 0;
        }
        List<Path> files = new ArrayList<>();
        for (String a : cl.getArgList()) {
            Path f = Path.of(a);
            RunSetup.of(ScenarioFiles.read(f));  // a file named here must run: its mistake is the answer
            files.add(f);
        }
        out.print(ini(home, files));
        return 0;
    }

    static List<Path> shippedScenarios(CosimHome home) {
        try (Stream<Path> s = Files.walk(home.scenarios())) {
            return s.filter(p -> p.toString().endsWith(".textproto")).sorted().toList();
        } catch (IOException e) {
            throw new UncheckedIOException("cannot list " + home.scenarios() + ": " + e.getMessage(), e);
        }
    }

    /** The ini text for these scenario files (configuration names: the file names). */
    public static String ini(CosimHome home, List<Path> files) {
        List<OmnetppIni.Shipped> configs = new ArrayList<>();
        for (Path f : files) {
            Scenario s = ScenarioFiles.read(f);
            String name = configName(home, f);
            String rel = home.ned().toAbsolutePath().relativize(f.toAbsolutePath().normalize()).toString();
            RunSetup setup;
            try {
                setup = RunSetup.of(s);
            } catch (ScenarioException e) {
                continue;  // a shipped preset that other scenarios start from (base:), not runnable alone
            }
            configs.add(new OmnetppIni.Shipped(name, s.getDescription(), rel, setup.config().warmupPs()));
        }
        return OmnetppIni.shipped(configs);
    }

    /** The file's path under scenarios/, without the extension, folders joined by '-'. */
    private static String configName(CosimHome home, Path f) {
        Path rel = home.scenarios().toAbsolutePath().normalize().relativize(f.toAbsolutePath().normalize());
        return rel.toString().replace('/', '-').replaceFirst("\\.textproto$", "");
    }
}
