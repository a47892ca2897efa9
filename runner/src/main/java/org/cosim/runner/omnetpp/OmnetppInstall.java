package org.cosim.runner.omnetpp;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * An installed OMNeT++ 6.x, found the way the bridge's CMake build finds it:
 * {@code opp_configfilepath} in {@code $OMNETPP_ROOT/bin}, else on PATH (after
 * {@code source <omnetpp>/setenv}), else in {@code $__omnetpp_root_dir/bin}.
 * Nothing of OMNeT++ is shipped or built by cosim.
 */
public record OmnetppInstall(Path root, String version) {
    public static final String WHERE_TO_GET = "install OMNeT++ 6.x from https://omnetpp.org (the core build is "
            + "enough: no Qtenv, no OSG), then `source <omnetpp>/setenv` so opp_configfilepath is on PATH, or set "
            + "OMNETPP_ROOT=<omnetpp>";

    /** Either an install or why there is none. */
    public record Lookup(OmnetppInstall install, String whyNot) {
        public boolean found() {
            return install != null;
        }

        public OmnetppInstall orElseThrow() {
            if (install == null) {
                throw new OmnetppException(whyNot);
            }
            return install;
        }
    }

    public Path bin(String tool) {
        return root.resolve("bin").resolve(tool);
    }

    /**
     * Why this install cannot run a simulation across MPI partitions, or empty when it can: OMNeT++ configured with
     * {@code WITH_PARSIM=yes} and an MPI library found ({@code MPI_LIBS} in its Makefile.inc), and the command that
     * starts the processes ({@link #mpirunCommand}) there to run.
     */
    public Optional<String> whyNotParallel() {
        return whyNotParallel(System.getenv());
    }

    Optional<String> whyNotParallel(Map<String, String> env) {
        String inc;
        try {
            inc = Files.readString(root.resolve("Makefile.inc"));
        } catch (IOException e) {
            return Optional.of("cannot read " + root.resolve("Makefile.inc") + ": " + e.getMessage());
        }
        Matcher parsim = Pattern.compile("(?m)^WITH_PARSIM\\s*=\\s*(\\S*)").matcher(inc);
        Matcher mpi = Pattern.compile("(?m)^MPI_LIBS\\s*=[ \\t]*(\\S*)").matcher(inc);
        if (!parsim.find() || !parsim.group(1).equals("yes") || !mpi.find() || mpi.group(1).isEmpty()) {
            return Optional.of("OMNeT++ at " + root + " was built without MPI parallel simulation (its Makefile.inc "
                    + "has no WITH_PARSIM = yes with MPI_LIBS): " + PARALLEL_BUILD);
        }
        String launcher = mpirunCommand(env).get(0);
        boolean found = launcher.contains("/") ? Files.isExecutable(Path.of(launcher))
                : onPath(env, launcher).stream().anyMatch(Files::isExecutable);
        if (!found) {
            return Optional.of("no " + launcher + (launcher.contains("/") ? "" : " on PATH")
                    + (env.containsKey(MPIRUN_VARIABLE) ? " (" + MPIRUN_VARIABLE + ")" : "") + ": " + PARALLEL_BUILD);
        }
        return Optional.empty();
    }

    /** How to get an OMNeT++ that runs across MPI partitions (docs/omnetpp.md, one run over several processes). */
    public static final String PARALLEL_BUILD = "install OpenMPI (apt install openmpi-bin libopenmpi-dev), then "
            + "configure OMNeT++ with WITH_PARSIM=yes (configure.user) and build it again (docs/omnetpp.md, one run "
            + "over several processes or machines)";

    /** The variable that names the command starting a parallel run's processes, before {@code -np N}. */
    public static final String MPIRUN_VARIABLE = "COSIM_MPIRUN";

    /** The command that starts a parallel run's processes, before {@code -np N}: {@value #MPIRUN_VARIABLE}'s words, or mpirun. */
    public static List<String> mpirunCommand(Map<String, String> env) {
        String command = env.get(MPIRUN_VARIABLE);
        return command == null || command.isBlank() ? List.of("mpirun") : List.of(command.trim().split("\\s+"));
    }

    /** {@code tool} in each folder of PATH, in PATH's order. */
    private static List<Path> onPath(Map<String, String> env, String tool) {
        List<Path> out = new ArrayList<>();
        for (String dir : env.getOrDefault("PATH", "").split(java.io.File.pathSeparator)) {
            if (!dir.isEmpty()) {
                out.add(Path.of(dir, tool));
            }
        }
        return out;
    }

    public static Lookup locate() {
        return locate(System.getenv());
    }

    static Lookup locate(Map<String, String> env) {
        // The bridge's CMake build looks in the same order: an explicit OMNETPP_ROOT
        // first, then PATH, then what OMNeT++'s setenv exported.
        List<Path> candidates = new ArrayList<>();
        String root = env.get("OMNETPP_ROOT");
        if (root != null && !root.isEmpty()) {
            candidates.add(Path.of(root, "bin", "opp_configfilepath"));
        }
        candidates.addAll(onPath(env, "opp_configfilepath"));
        String setenv = env.get("__omnetpp_root_dir");
        if (setenv != null && !setenv.isEmpty()) {
            candidates.add(Path.of(setenv, "bin", "opp_configfilepath"));
        }
        for (Path tool : candidates) {
            if (Files.isExecutable(tool)) {
                return inspect(tool);
            }
        }
        return new Lookup(null, "OMNeT++ not found (no opp_configfilepath in $OMNETPP_ROOT/bin, on PATH or in "
                + "$__omnetpp_root_dir/bin): " + WHERE_TO_GET);
    }

    private static Lookup inspect(Path configFilePath) {
        String makefileInc;
        try {
            Process p = new ProcessBuilder(configFilePath.toString()).redirectErrorStream(true).start();
            makefileInc = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8).trim();
            if (!p.waitFor(30, TimeUnit.SECONDS) || p.exitValue() != 0) {
                return new Lookup(null, configFilePath + " failed: " + makefileInc + "; " + WHERE_TO_GET);
            }
        } catch (IOException e) {
            return new Lookup(null, "cannot run " + configFilePath + ": " + e.getMessage() + "; " + WHERE_TO_GET);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return new Lookup(null, "interrupted while asking " + configFilePath);
        }
        Path inc = Path.of(makefileInc);
        if (!Files.isRegularFile(inc)) {
            return new Lookup(null, configFilePath + " names no Makefile.inc ('" + makefileInc + "'); " + WHERE_TO_GET);
        }
        Path root = inc.getParent();
        String version;
        try {
            Matcher m = Pattern.compile("(?m)^OMNETPP_VERSION\\s*=\\s*(\\S+)").matcher(Files.readString(inc));
            version = m.find() ? m.group(1) : "unknown";
        } catch (IOException e) {
            return new Lookup(null, "cannot read " + inc + ": " + e.getMessage());
        }
        if (!version.startsWith("6.")) {
            return new Lookup(null, "OMNeT++ at " + root + " is version " + version + ", cosim needs 6.x: "
                    + WHERE_TO_GET);
        }
        if (!Files.isExecutable(root.resolve("bin/opp_run"))) {
            return new Lookup(null, "OMNeT++ " + version + " at " + root + " is not built (no bin/opp_run; run its "
                    + "./configure && make): " + WHERE_TO_GET);
        }
        return new Lookup(new OmnetppInstall(root, version), null);
    }
}
