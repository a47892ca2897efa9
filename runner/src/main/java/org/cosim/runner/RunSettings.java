package org.cosim.runner;

import java.io.PrintStream;
import java.nio.file.Path;

/**
 * What a run needs besides its simulation and its control: the directory its back end keeps its own files in
 * (the OMNeT++ back end's run.ini, opp_run.log, .sca and .vec, in {@code outDir/omnetpp/}), where notes go, and
 * each back end's own options. Start from {@link #in}; the defaults are those of `cosim run`.
 *
 * @param transport how the fabric reaches the agents: DIRECT in-process (for the OMNeT++ back end a JVM inside
 *                  opp_run), GRPC through an agent server (for the OMNeT++ back end one this process serves)
 * @param trace     the Java fabric records every window's events and actions there, or null
 * @param agents    host:port of an agent server already running, for the OMNeT++ back end (over gRPC, whatever
 *                  {@code transport} says), or with {@code partitions} > 1 one per partition separated by commas;
 *                  null otherwise
 * @param partitions for the OMNeT++ back end, the MPI processes the network is split over (1: one opp_run)
 */
public record RunSettings(Path outDir, PrintStream notes, AgentTransports.Kind transport, Path trace,
                          String agents, int partitions) {
    public RunSettings {
        if (partitions < 1) {
            throw new IllegalArgumentException("partitions " + partitions + " < 1");
        }
    }

    /** Agents in this process, reached directly; no trace; one partition. */
    public static RunSettings in(Path outDir, PrintStream notes) {
        return new RunSettings(outDir, notes, AgentTransports.Kind.DIRECT, null, null, 1);
    }

    public RunSettings withTransport(AgentTransports.Kind kind, Path recordTo) {
        return new RunSettings(outDir, notes, kind, recordTo, agents, partitions);
    }

    public RunSettings withAgents(String hostPort) {
        return new RunSettings(outDir, notes, transport, trace, hostPort, partitions);
    }

    public RunSettings withPartitions(int n) {
        return new RunSettings(outDir, notes, transport, trace, agents, n);
    }

    /** The same settings for a run kept in {@code dir}. */
    public RunSettings at(Path dir) {
        return new RunSettings(dir, notes, transport, trace, agents, partitions);
    }
}
