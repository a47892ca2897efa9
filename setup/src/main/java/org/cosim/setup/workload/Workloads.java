package org.cosim.setup.workload;

import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import org.cosim.agents.wire.WireFormat;
import org.cosim.setup.topology.TopologyGraph;
import org.cosim.proto.Flow;
import org.cosim.proto.Incast;
import org.cosim.proto.Permutation;
import org.cosim.proto.RandomDestinations;
import org.cosim.proto.Workload;
import org.cosim.proto.WorkloadMix;
import org.cosim.scenario.Defaults;
import org.cosim.scenario.KeyedHash;
import org.cosim.scenario.ScenarioException;
import org.cosim.scenario.Units;

/** Turns the scenario's workload into a {@link FlowTable} for a given topology. */
public final class Workloads {
    private Workloads() {}

    /** Tags folded into the keyed hashes of the random workloads (ASCII "inca", "rand"). */
    static final long INCAST_TAG = 0x696e6361L;
    /** Tag of the incast's start jitter (ASCII "jitr"). */
    static final long JITTER_TAG = 0x6a697472L;
    static final long RANDOM_TAG = 0x72616e64L;

    /**
     * Builds the flows. The seed keys the random workloads (permutation, random
     * destinations, incast senders); an incast on a topology without incast roles
     * also marks the receiver's access link as the monitored queue.
     */
    public static FlowTable build(Workload w, TopologyGraph g, long seed, long endOfRunPs) {
        FlowTable t = build(w, g, seed, endOfRunPs, "workload");
        if (endOfRunPs >= 0) {
            requireAFlowBefore(endOfRunPs, t, "workload." + w.getKindCase().name().toLowerCase(Locale.ROOT));
        }
        return t;
    }

    /**
     * A run in which no flow starts measures nothing (its summary's per-flow numbers would be NaN). Some flows
     * starting after the end are allowed (a shorter duration_us of a longer scenario; the CLI notes them).
     */
    private static void requireAFlowBefore(long endOfRunPs, FlowTable t, String field) {
        long first = Long.MAX_VALUE;
        for (int f = 0; f < t.size(); f++) {
            first = Math.min(first, t.startPs(f));
        }
        if (first >= endOfRunPs) {
            throw new ScenarioException(field, "no flow starts before the end of the run (duration_us "
                    + Units.psToUs(endOfRunPs) + "): " + (t.size() == 0 ? "the workload makes none"
                    : "the first starts at " + Units.psToUs(first) + " us"));
        }
    }

    /** With no end of run: workloads whose arrivals last "until the end of the run" must give a duration. */
    public static FlowTable build(Workload w, TopologyGraph g, long seed) {
        return build(w, g, seed, -1);
    }

    /** With seed 0 (tests of workloads without randomness). */
    public static FlowTable build(Workload w, TopologyGraph g) {
        return build(w, g, 0);
    }

    static FlowTable build(Workload w, TopologyGraph g, long seed, long endOfRunPs, String at) {
        return switch (w.getKindCase()) {
            case INCAST -> incast(w.getIncast(), g, seed, at + ".incast");
            case FLOW_LIST -> flowList(w.getFlowList().getFlowsList(), g, at + ".flow_list");
            case PERMUTATION -> permutation(w.getPermutation(), g, seed, at + ".permutation");
            case RANDOM -> random(w.getRandom(), g, seed, at + ".random");
            case POISSON -> PoissonArrivals.build(w.getPoisson(), g, seed, endOfRunPs, at + ".poisson");
            case ROTATING_INCAST -> RotatingIncasts.build(w.getRotatingIncast(), g, seed, endOfRunPs,
                    at + ".rotating_incast");
            case MIX -> mix(w.getMix(), g, seed, endOfRunPs, at + ".mix");
            case FILE -> FlowFiles.build(w.getFile(), g, at + ".file");
            case KIND_NOT_SET -> throw new ScenarioException(at, "no workload chosen (set one of: incast, "
                    + "flow_list, permutation, random, poisson, rotating_incast, mix, file)");
        };
    }

    /** ASCII "mix ": folded with the part index into each part's seed. */
    static final long MIX_TAG = 0x6d697820L;
    static final int MAX_MIX_PARTS = 64;

    /** The parts' flows one after the other; part i draws with seed hash(seed, MIX_TAG, i). */
    static FlowTable mix(WorkloadMix m, TopologyGraph g, long seed, long endOfRunPs, String at) {
        if (m.getPartsCount() == 0 || m.getPartsCount() > MAX_MIX_PARTS) {
            throw new ScenarioException(at + ".parts", m.getPartsCount() + " parts: a mix needs 1.." + MAX_MIX_PARTS);
        }
        FlowTable t = new FlowTable();
        for (int i = 0; i < m.getPartsCount(); i++) {
            Workload part = m.getParts(i);
            String field = at + ".parts[" + i + "]";
            if (part.hasMix()) {
                throw new ScenarioException(field + ".mix", "a mix cannot contain a mix (list its parts instead)");
            }
            if (part.getOverloadIntended()) {
                throw new ScenarioException(field + ".overload_intended", "says so for the whole workload: set it "
                        + "on the mix's workload, not on a part");
            }
            FlowTable p = build(part, g, KeyedHash.hash(seed, MIX_TAG, i), endOfRunPs, field);
            t.beginPart();
            for (int f = 0; f < p.size(); f++) {
                t.add(p.src(f), p.dst(f), p.sizeBytes(f), p.startPs(f), p.stopPs(f));
            }
        }
        return t;
    }

    /**
     * The end of a workload's arrivals: start + duration, or the end of the run
     * when the duration is 0. Arrivals stop at the end of the run anyway.
     */
    static long endOfArrivals(long startPs, double durationUs, long endOfRunPs, String field) {
        long duration = nonNegativeTime(durationUs, field);
        if (duration == 0) {
            if (endOfRunPs < 0) {
                throw new ScenarioException(field, "0 means until the end of the run, which is not known here: "
                        + "give a duration");
            }
            return endOfRunPs;
        }
        // Saturated: an end past what a long holds is no end within any run.
        long end = startPs > Long.MAX_VALUE - duration ? Long.MAX_VALUE : startPs + duration;
        return endOfRunPs < 0 ? end : Math.min(end, endOfRunPs);
    }

    /**
     * Every incast sender opens {@code connections_per_client} flows to the
     * receiver; flow ids go sender by sender (ascending host ids). Flow i starts at
     * start + i * spacing. Senders and receiver: the topology's incast roles, or
     * {@code receiver} (default host 0) and {@code senders} of the others (default
     * all of them): drawn by a keyed shuffle, or the highest ids
     * ({@code sender_choice}).
     */
    static FlowTable incast(Incast p, TopologyGraph g, long seed, String field) {
        String at = field + ".";
        long perClient = Integer.toUnsignedLong(p.getConnectionsPerClient());
        if (perClient < 1) {
            throw new ScenarioException(at + "connections_per_client", "0: need at least one connection per client");
        }
        long start = nonNegativeTime(p.getStartUs(), at + "start_us");
        long spacing = nonNegativeTime(p.getStartSpacingUs(), at + "start_spacing_us");
        long jitter = nonNegativeTime(p.getStartJitterUs(), at + "start_jitter_us");
        boolean roles = g.incastServer() >= 0 && !g.incastClients().isEmpty();
        int receiver = p.hasReceiver() ? p.getReceiver() : roles ? g.incastServer() : 0;
        checkHost(receiver, g, at + "receiver");
        int[] senders = senders(p, g, seed, receiver, roles && receiver == g.incastServer(), at);
        long bytes = flowBytes(p.getFlowBytes(), at + "flow_bytes");
        long stop = p.hasStopUs() ? stopTime(p.getStopUs(), bytes, start, at + "stop_us") : -1;
        if (senders.length * perClient > PoissonArrivals.MAX_FLOWS) {
            throw new ScenarioException(at + "connections_per_client", perClient + " x " + senders.length
                    + " senders: too many flows (at most " + PoissonArrivals.MAX_FLOWS + ")");
        }
        FlowTable t = new FlowTable();
        for (int c : senders) {
            for (long k = 0; k < perClient; k++) {
                long begin = startTime(start, t.size(), spacing, startJitter(seed, t.size(), jitter), at);
                if (stop >= 0 && stop <= begin) {
                    throw new ScenarioException(at + "stop_us", p.getStopUs() + ": flow " + t.size()
                            + " would stop before it starts (" + begin + " ps)");
                }
                t.add(c, receiver, bytes, begin, stop);
            }
        }
        if (!roles || p.hasReceiver() || p.hasSenders()) {
            monitorAccessLink(g, receiver);
        }
        return t;
    }

    /** start + flow * spacing + jitter, which must be a time a long holds; else start_spacing_us is too long. */
    private static long startTime(long start, int flow, long spacing, long jitter, String at) {
        try {
            return Math.addExact(Math.addExact(start, Math.multiplyExact(flow, spacing)), jitter);
        } catch (ArithmeticException e) {
            throw new ScenarioException(at + "start_spacing_us", Units.psToUs(spacing) + ": flow " + flow
                    + " would start past the longest time a run counts (2^63 ps, about 106 days)");
        }
    }

    /** Flow {@code flow}'s keyed offset in [0, jitterPs): uniform, from hash(seed, JITTER_TAG, flow). */
    static long startJitter(long seed, int flow, long jitterPs) {
        if (jitterPs == 0) {
            return 0;
        }
        return (KeyedHash.hash(seed, JITTER_TAG, flow) >>> 1) % jitterPs;
    }

    private static int[] senders(Incast p, TopologyGraph g, long seed, int receiver, boolean useRoles, String at) {
        int[] others = new int[g.hostCount() - 1];
        for (int h = 0, i = 0; h < g.hostCount(); h++) {
            if (h != receiver) {
                others[i++] = h;
            }
        }
        if (!p.hasSenders()) {
            if (p.hasSenderChoice()) {
                throw new ScenarioException(at + "sender_choice", "chooses which `senders` hosts send: "
                        + "set senders too (without it every other host sends)");
            }
            return useRoles ? g.incastClients().stream().mapToInt(Integer::intValue).toArray() : others;
        }
        int n = p.getSenders();
        if (n < 1 || n > others.length) {
            throw new ScenarioException(at + "senders", Integer.toUnsignedString(n)
                    + ": must be in 1.." + others.length + " (the hosts other than the receiver)");
        }
        switch (Incast.SenderChoice.valueOf(Defaults.enumOf(p, "sender_choice"))) {
            case KEYED_SAMPLE: {
                int[] chosen = Permutations.sample(seed, INCAST_TAG, others, n);
                Arrays.sort(chosen);
                return chosen;
            }
            case HIGHEST_IDS:
                return Arrays.copyOfRange(others, others.length - n, others.length);
            default:
                throw new ScenarioException(at + "sender_choice", "unknown value " + p.getSenderChoiceValue());
        }
    }

    /** The switch port feeding the host: an incast's bottleneck queue. */
    private static void monitorAccessLink(TopologyGraph g, int host) {
        TopologyGraph.Link l = g.hostLink(host);
        TopologyGraph.PortRef ref = l.a() == host
                ? new TopologyGraph.PortRef(TopologyGraph.switchId(l.b()), l.portB())
                : new TopologyGraph.PortRef(TopologyGraph.switchId(l.a()), l.portA());
        if (!g.monitored().contains(ref)) {
            g.monitor(ref.switchId(), ref.port());
        }
    }

    /** Host i sends to the i-th element of a keyed derangement ({@link Permutations}); flow i is host i's. */
    static FlowTable permutation(Permutation p, TopologyGraph g, long seed, String field) {
        String at = field + ".";
        if (g.hostCount() < 2) {
            throw new ScenarioException(field, "needs at least 2 hosts");
        }
        long start = nonNegativeTime(p.getStartUs(), at + "start_us");
        long bytes = flowBytes(p.getFlowBytes(), at + "flow_bytes");
        int[] dst = Permutations.derangement(seed, g.hostCount());
        FlowTable t = new FlowTable();
        for (int h = 0; h < dst.length; h++) {
            t.add(h, dst[h], bytes, start);
        }
        return t;
    }

    /**
     * Among the members m[0..M-1] of the host set (default every host), m[i]'s flow f
     * goes to m[d] with d = hash(seed, RANDOM_TAG, m[i], f) mod (M-1), skipping m[i]
     * itself (d >= i: d+1). Flow ids go member by member.
     */
    static FlowTable random(RandomDestinations p, TopologyGraph g, long seed, String field) {
        String at = field + ".";
        int[] members = HostSets.resolve(p.getHosts(), g, at + "hosts");
        if (members.length < 2) {
            throw new ScenarioException(p.getHosts().getRangesCount() > 0 ? at + "hosts" : field,
                    "needs at least 2 hosts");
        }
        if (p.getFlowsPerHost() < 1 || p.getFlowsPerHost() > 1024) {
            throw new ScenarioException(at + "flows_per_host", Integer.toUnsignedString(p.getFlowsPerHost())
                    + ": must be in 1..1024");
        }
        long start = nonNegativeTime(p.getStartUs(), at + "start_us");
        long bytes = flowBytes(p.getFlowBytes(), at + "flow_bytes");
        int n = members.length;
        FlowTable t = new FlowTable();
        for (int i = 0; i < n; i++) {
            int h = members[i];
            for (int f = 0; f < p.getFlowsPerHost(); f++) {
                int d = KeyedHash.below(KeyedHash.hash(seed, RANDOM_TAG, h, f), n - 1);
                t.add(h, members[d >= i ? d + 1 : d], bytes, start);
            }
        }
        return t;
    }

    static FlowTable flowList(List<Flow> flows, TopologyGraph g, String field) {
        if (flows.isEmpty()) {
            throw new ScenarioException(field + ".flows", "the flow list is empty");
        }
        FlowTable t = new FlowTable();
        for (int i = 0; i < flows.size(); i++) {
            Flow f = flows.get(i);
            String at = field + ".flows[" + i + "].";
            checkHost(f.getSrc(), g, at + "src");
            checkHost(f.getDst(), g, at + "dst");
            String same = endpointsProblem(f.getSrc(), f.getDst(), g);
            if (same != null) {
                throw new ScenarioException(at + "dst", same);
            }
            long start = nonNegativeTime(f.getStartUs(), at + "start_us");
            long bytes = flowBytes(f.getSizeBytes(), at + "size_bytes");
            long stop = f.hasStopUs() ? stopTime(f.getStopUs(), bytes, start, at + "stop_us") : -1;
            t.add(f.getSrc(), f.getDst(), bytes, start, stop);
        }
        return t;
    }

    private static void checkHost(int h, TopologyGraph g, String field) {
        String problem = hostProblem(Integer.toUnsignedLong(h), g);
        if (problem != null) {
            throw new ScenarioException(field, problem);
        }
    }

    private static String hostProblem(long h, TopologyGraph g) {
        return h >= 0 && h < g.hostCount() ? null
                : "host " + h + " does not exist (hosts are 0.." + (g.hostCount() - 1) + ")";
    }

    /** What is wrong with a flow from host {@code src} to host {@code dst} of {@code g}, or null. */
    static String endpointsProblem(long src, long dst, TopologyGraph g) {
        String problem = hostProblem(src, g);
        problem = problem != null ? problem : hostProblem(dst, g);
        if (problem == null && src == dst) {
            problem = "a flow cannot go from host " + src + " to itself";
        }
        return problem;
    }

    /** A long-lived flow's close time, after its start. */
    private static long stopTime(double us, long flowBytes, long startPs, String field) {
        if (flowBytes != 0) {
            throw new ScenarioException(field, "only long-lived flows (size 0) close; this one has "
                    + Long.toUnsignedString(flowBytes) + " bytes");
        }
        long stop = nonNegativeTime(us, field);
        if (stop <= startPs) {
            throw new ScenarioException(field, us + ": a flow must start before it stops (start " + startPs + " ps)");
        }
        return stop;
    }

    /**
     * A flow's size, a uint64 read unsigned: the agents count a flow's bytes in signed 64 bits, so the contract
     * allows at most {@link WireFormat#MAX_FLOW_BYTES}; above 2^63 the long would read as negative.
     */
    static long flowBytes(long bytes, String field) {
        if (Long.compareUnsigned(bytes, WireFormat.MAX_FLOW_BYTES) > 0) {
            throw new ScenarioException(field, Long.toUnsignedString(bytes) + ": more than "
                    + WireFormat.MAX_FLOW_BYTES + " bytes (2^62), the most a flow may carry");
        }
        return bytes;
    }

    static long nonNegativeTime(double us, String field) {
        if (!(us >= 0) || Double.isInfinite(us)) {
            throw new ScenarioException(field, us + ": must be >= 0");
        }
        return Units.usToPs(us);
    }
}
