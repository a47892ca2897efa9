package org.cosim.runner.omnetpp;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.cosim.agents.host.FlowStates;
import org.cosim.runner.results.RttSamples;

/**
 * The files of a run across MPI partitions read as one run's. Each partition's opp_run writes OMNeT++'s result files
 * as {@code cosim.<host>.<pid>.sca} and {@code .vec} (a module's statistics in its own partition's), and its bridge
 * its own RTT samples and flow states ({@code cosim.rtt.p<i>}, {@code cosim.states.p<i>}). The bridge and the
 * sampler are in every partition, each counting its own hosts' flows and ports; their values combine as:
 * <ul>
 *   <li>a flow's byte counters, the RTT sample count, agent events, events, agent windows, packets in the network,
 *   and the parallel simulation's own traffic (packets to other partitions, EOT updates):
 *   the sum (each partition counts its hosts' and switches' share; events and windows count each partition's own
 *   window events too, so they exceed one process's);</li>
 *   <li>a flow's finish time: the latest (-1 where another partition has the flow's sender);</li>
 *   <li>whether the run completed and how far it reached: the least;</li>
 *   <li>wall-clock seconds: the longest;</li>
 *   <li>a flow's delivered bytes per sampling interval: the sum at each time.</li>
 * </ul>
 * A statistic's count or sum sums too: a host that is a placeholder in another partition (OMNeT++ keeps a simple
 * module's declared statistics there) records zeros. A monitored queue's statistics are its switch's partition's
 * alone; RTT samples are every partition's, in
 * {@link RttSamples}' order; each flow's sampled states are those of the partition that sampled them.
 */
public final class PartitionResults {
    private PartitionResults() {}

    /** How the bridge's and the sampler's values of two partitions combine (see above). */
    static final ResultFiles.Combine COMBINE = new ResultFiles.Combine() {
        @Override
        public String scalars(String module, String name, String a, String b) {
            if (name.endsWith("Seconds")) {
                return String.valueOf(Math.max(Double.parseDouble(a), Double.parseDouble(b)));
            }
            long x = ResultFiles.exact(a, module + " " + name);
            long y = ResultFiles.exact(b, module + " " + name);
            if (name.equals("completed") || name.equals("reachedPs")) {
                return String.valueOf(Math.min(x, y));
            }
            if (name.endsWith(":finishPs")) {
                return String.valueOf(Math.max(x, y));
            }
            // A statistic's count or sum: a host's placeholder in another partition records 0 (OMNeT++ gives it
            // the module's declared statistics).
            if (name.startsWith("flow") && name.endsWith("Bytes") || SUMMED.contains(name) || name.endsWith(":count")
                    || name.endsWith(":sum")) {
                return String.valueOf(x + y);
            }
            return null;
        }

        @Override
        public String vectorEntries(String module, String name, String a, String b) {
            if (!name.startsWith("flow") || !name.endsWith(":delivered:vector")) {
                return null;
            }
            return String.valueOf(ResultFiles.exact(a, module + " " + name) + ResultFiles.exact(b, module + " " + name));
        }
    };

    private static final List<String> SUMMED = List.of("rttSamples", "eventsProcessed", "agentWindows",
            "agentEvents", "packetsInNetwork", "packetsToOtherPartitions", "eotUpdates");

    /**
     * The {@code n} partitions' OMNeT++ result files in {@code dir} as one run's, or null when none left any (the
     * run failed before simulating).
     *
     * @throws OmnetppException when some partitions left result files and others did not
     */
    public static ResultFiles merge(Path dir, int n) {
        List<Path> scalars = new ArrayList<>();
        try (var files = Files.newDirectoryStream(dir, "cosim.*.sca")) {
            files.forEach(scalars::add);
        } catch (IOException e) {
            throw new OmnetppException("cannot list " + dir + ": " + e.getMessage(), e);
        }
        if (scalars.isEmpty()) {
            return null;
        }
        if (scalars.size() != n) {
            throw new OmnetppException(dir + " holds the result files of " + scalars.size() + " of the run's " + n
                    + " partitions (cosim.<host>.<pid>.sca): a partition failed before its end (see opp_run.log)");
        }
        scalars.sort(null);
        List<ResultFiles> parts = new ArrayList<>();
        for (Path sca : scalars) {
            String stem = sca.getFileName().toString();
            parts.add(ResultFiles.read(sca, sca.resolveSibling(stem.substring(0, stem.length() - 4) + ".vec")));
        }
        return ResultFiles.merge(parts, COMBINE);
    }

    /** Partition {@code i}'s file of a bridge file named {@code name} (AgentBridge::resultFile). */
    static Path ofPartition(Path dir, String name, int i) {
        return dir.resolve(name + ".p" + i);
    }

    /** Every partition's RTT samples; {@code expected}: the count the bridges recorded together. */
    public static RttSamples rtts(Path dir, int n, long expected) {
        List<RttSamples> parts = new ArrayList<>();
        int total = 0;
        for (int i = 0; i < n; i++) {
            RttSamples p = RttSampleFile.read(ofPartition(dir, RttSampleFile.RUNNER_FILE, i), -1);
            parts.add(p);
            total += p.size();
        }
        if (total != expected) {
            throw new OmnetppException("the partitions' RTT sample files (" + RttSampleFile.RUNNER_FILE
                    + ".p<i>) hold " + total + " samples, but their bridges recorded " + expected);
        }
        long[] time = new long[total];
        int[] flow = new int[total];
        long[] network = new long[total];
        long[] host = new long[total];
        int at = 0;
        for (RttSamples p : parts) {
            System.arraycopy(p.timePs(), 0, time, at, p.size());
            System.arraycopy(p.flow(), 0, flow, at, p.size());
            System.arraycopy(p.networkRttPs(), 0, network, at, p.size());
            System.arraycopy(p.hostRttPs(), 0, host, at, p.size());
            at += p.size();
        }
        return new RttSamples(time, flow, network, host);
    }

    /**
     * The flows' sampled states: each value from the partition whose agents sampled it (the others have none
     * there); null when no partition left a file (the run did not reach its end, or records none).
     */
    public static FlowStates flowStates(Path dir, int n) {
        List<FlowStates> parts = new ArrayList<>();
        for (int i = 0; i < n; i++) {
            Path file = ofPartition(dir, FlowStateFile.RUNNER_FILE, i);
            FlowStates s = FlowStateFile.read(file);
            if (s == null && !parts.isEmpty() || s != null && parts.size() != i) {
                throw new OmnetppException(dir + " holds the flow-state files (" + FlowStateFile.RUNNER_FILE
                        + ".p<i>) of some of the run's " + n + " partitions only");
            }
            if (s != null) {
                parts.add(s);
            }
        }
        if (parts.isEmpty()) {
            return null;
        }
        FlowStates first = parts.get(0);
        double[] values = first.values().clone();
        for (FlowStates p : parts.subList(1, parts.size())) {
            if (!p.names().equals(first.names()) || p.flows() != first.flows() || p.intervalPs() != first.intervalPs()
                    || p.values().length != values.length) {
                throw new OmnetppException("the partitions' flow states differ in shape: " + first.names() + " of "
                        + first.flows() + " flows x " + first.samples() + " samples against " + p.names() + " of "
                        + p.flows() + " x " + p.samples());
            }
            for (int k = 0; k < values.length; k++) {
                double v = p.values()[k];
                if (Double.isNaN(values[k])) {
                    values[k] = v;
                } else if (!Double.isNaN(v) && Double.doubleToLongBits(v) != Double.doubleToLongBits(values[k])) {
                    throw new OmnetppException("two partitions sampled flow state value " + k + " ("
                            + values[k] + " and " + v + ")");
                }
            }
        }
        return new FlowStates(first.names(), first.intervalPs(), first.flows(), values);
    }
}
