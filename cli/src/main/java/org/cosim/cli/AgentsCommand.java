package org.cosim.cli;

import java.io.PrintStream;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import org.apache.commons.cli.CommandLine;
import org.apache.commons.cli.Option;
import org.apache.commons.cli.Options;
import org.cosim.agents.wire.AgentServer;
import org.cosim.agents.wire.AgentServerOptions;
import org.cosim.agents.wire.SessionLimits;
import org.cosim.cli.slurm.StudyDir;
import org.cosim.scenario.FileRoot;
import org.cosim.setup.RunSpecs;

/**
 * `cosim agents`: the agent server alone, for fabrics started by hand (an
 * OMNeT++ run with opp_run) or by tests. Serves until interrupted. It also
 * answers Resolve with the Java fabric's resolver, so an external fabric gets
 * its RunSpec from the same code the Java fabric runs from.
 */
public final class AgentsCommand implements Command {
    private static final String USAGE = "cosim agents --port P [--bind ADDR] [--allow-law-code] [--files-under DIR] "
            + "[--port-file FILE] [--idle-timeout-s S] [--max-batch-events N]";

    @Override
    public String name() {
        return "agents";
    }

    @Override
    public String summary() {
        return "serve the Java agents over gRPC (cosim.proto) for an external fabric";
    }

    static Options options() {
        Options o = new Options();
        o.addOption(Option.builder("p").longOpt("port").hasArg().argName("P")
                .desc("TCP port; 0 picks a free one (see --port-file)").get());
        o.addOption(Option.builder().longOpt("bind").hasArg().argName("ADDR")
                .desc("address to listen on (default 127.0.0.1: only this machine)").get());
        o.addOption(Option.builder().longOpt("allow-law-code")
                .desc("run the Java source of custom laws (protocol.custom_window_law.source, custom_rate_law.source, "
                        + "ndp.pull_order.source) "
                        + "that fabrics send in their scenarios; needed only when --bind is not a loopback address")
                .get());
        o.addOption(Option.builder().longOpt("files-under").hasArg().argName("DIR")
                .desc("read the files a scenario sent to the Resolve RPC names (bases, CDFs, law sources) only under "
                        + "DIR (default: anywhere on a loopback address, else the working directory)").get());
        o.addOption(Option.builder().longOpt("port-file").hasArg().argName("FILE")
                .desc("write the port actually bound to FILE once serving").get());
        o.addOption(Option.builder().longOpt("idle-timeout-s").hasArg().argName("S")
                .desc("end a session that receives nothing for S seconds (default 120)").get());
        o.addOption(Option.builder().longOpt("max-batch-events").hasArg().argName("N")
                .desc("largest EventBatch accepted (default " + AgentServerOptions.DEFAULTS.maxBatchEvents() + ")").get());
        SessionLimits d = SessionLimits.DEFAULTS;
        o.addOption(Option.builder().longOpt("max-sessions").hasArg().argName("N")
                .desc("sessions open at once (default " + d.maxSessions() + ")").get());
        o.addOption(Option.builder().longOpt("max-hosts").hasArg().argName("N")
                .desc("hosts of a session's handshake (default " + d.maxHosts() + ")").get());
        o.addOption(Option.builder().longOpt("max-flows").hasArg().argName("N")
                .desc("flows of a session's handshake (default " + d.maxFlows() + ")").get());
        o.addOption(Option.builder().longOpt("handling-budget-s").hasArg().argName("S")
                .desc("end a session whose agents take longer than S seconds over one message (default "
                        + d.handlingBudget().toSeconds() + ")").get());
        o.addOption(CommandLines.helpOption());
        return o;
    }

    @Override
    public int run(String[] args, PrintStream out, PrintStream err) {
        CommandLine cl = CommandLines.parse(options(), args);
        if (cl.hasOption("help")) {
            out.print(CommandLines.help(USAGE, "Serves the agent side of cosim.proto: one isolated session per "
                    + "stream.", options()));
            return 0;
        }
        if (!cl.hasOption("port")) {
            throw new UsageException("--port is required (0 for any free port)");
        }
        int port = number(cl.getOptionValue("port"), "--port", 0, 65535);
        String bind = cl.getOptionValue("bind", "127.0.0.1");
        try {
            java.net.InetAddress.getByName(bind);
        } catch (java.net.UnknownHostException e) {
            throw new UsageException("--bind " + bind + ": no such host or address");
        }
        int idle = number(cl.getOptionValue("idle-timeout-s", "120"), "--idle-timeout-s", 1, Integer.MAX_VALUE);
        int maxBatch = number(cl.getOptionValue("max-batch-events",
                Integer.toString(AgentServerOptions.DEFAULTS.maxBatchEvents())), "--max-batch-events", 1, Integer.MAX_VALUE);
        SessionLimits d = SessionLimits.DEFAULTS;
        SessionLimits limits = new SessionLimits(
                number(cl.getOptionValue("max-sessions", Integer.toString(d.maxSessions())), "--max-sessions", 1,
                        Integer.MAX_VALUE),
                number(cl.getOptionValue("max-hosts", Integer.toString(d.maxHosts())), "--max-hosts", 1,
                        Integer.MAX_VALUE),
                number(cl.getOptionValue("max-flows", Integer.toString(d.maxFlows())), "--max-flows", 0,
                        Integer.MAX_VALUE),
                d.maxHelloBytes(), d.memoryBytes(),
                Duration.ofSeconds(number(cl.getOptionValue("handling-budget-s",
                        Long.toString(d.handlingBudget().toSeconds())), "--handling-budget-s", 1, Integer.MAX_VALUE)));
        AgentServerOptions opts = new AgentServerOptions(Duration.ofSeconds(idle), maxBatch,
                AgentServerOptions.DEFAULTS.maxMessageBytes()).withLimits(limits);
        opts = lawCodePolicy(opts, bind, cl.hasOption("allow-law-code"));
        FileRoot files = fileRoot(bind, cl.getOptionValue("files-under"));
        Path portFile = cl.hasOption("port-file") ? CommandLines.outputFile("--port-file",
                cl.getOptionValue("port-file")) : null;
        boolean lawCode = opts.runsLawCode();
        AgentServer server;
        try {
            server = AgentServer.start(bind, port, opts, request -> RunSpecs.resolve(request, files, lawCode));
        } catch (UncheckedIOException e) {
            boolean inUse = e.getCause() instanceof java.net.BindException
                    || String.valueOf(e.getMessage()).contains("Failed to bind");
            String hint = !inUse ? "" : port == 0 ? " (is " + bind + " an address of this machine?)"
                    : " (is port " + port + " on " + bind + " in use by another program, or " + bind
                    + " not an address of this machine? --port 0 picks a free port)";
            err.println("cosim agents: " + e.getMessage() + hint);
            return 1;
        }
        Runtime.getRuntime().addShutdownHook(new Thread(server::close, "cosim-agents-shutdown"));
        if (portFile != null) {
            writePort(portFile, server.port());
        }
        out.println("cosim agents: serving contract version 1 on " + bind + ":" + server.port()
                + "; scenario files read " + (files.dir() == null ? "anywhere" : "under " + files.dir())
                + " (Ctrl-C to stop)");
        out.flush();
        try {
            server.awaitTermination();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
        return 0;
    }

    /**
     * A server only this machine can reach runs the law code in the scenarios it
     * is sent, as the runner's own servers do; one bound wider runs it only when
     * allowed, since the code runs in this process.
     */
    static AgentServerOptions lawCodePolicy(AgentServerOptions opts, String bind, boolean allowed) {
        return loopback(bind) || allowed ? opts : opts.withoutLawCode();
    }

    /**
     * Where Resolve may read the files a scenario names: a peer chooses them, and
     * their text goes back to it (a law's source, a CDF's points), so a server
     * other machines reach reads only under one directory.
     */
    static FileRoot fileRoot(String bind, String filesUnder) {
        if (filesUnder != null) {
            Path dir = Path.of(filesUnder);
            if (!Files.isDirectory(dir)) {
                throw new UsageException("--files-under takes a directory, and " + filesUnder + " is not one");
            }
            return FileRoot.under(dir);
        }
        return loopback(bind) ? FileRoot.ANYWHERE : FileRoot.under(Path.of("").toAbsolutePath());
    }

    /** Whether only this machine can reach {@code bind}; a name that does not resolve is not. */
    private static boolean loopback(String bind) {
        try {
            return java.net.InetAddress.getByName(bind).isLoopbackAddress();
        } catch (java.net.UnknownHostException e) {
            return false;
        }
    }

    private static void writePort(Path file, int port) {
        try {
            StudyDir.writeAtomically(file, port + "\n");  // a reader never sees a half-written port
        } catch (UncheckedIOException e) {
            throw new UncheckedIOException("cannot write the port file " + file + ": " + e.getCause().getMessage(),
                    e.getCause());
        }
    }

    private static int number(String v, String opt, int min, int max) {
        try {
            int n = Integer.parseInt(v);
            if (n >= min && n <= max) {
                return n;
            }
        } catch (NumberFormatException e) {
            // reported below
        }
        throw new UsageException(opt + " takes a whole number in " + min + ".." + max + ", not '" + v + "'");
    }
}
