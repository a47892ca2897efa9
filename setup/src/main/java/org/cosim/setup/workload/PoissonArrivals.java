package org.cosim.setup.workload;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import org.cosim.setup.topology.TopologyGraph;
import org.cosim.proto.LoadReference;
import org.cosim.proto.Poisson;
import org.cosim.scenario.KeyedHash;
import org.cosim.scenario.ScenarioException;
import org.cosim.scenario.Units;

/**
 * The Poisson workload (scenario.proto, Poisson): each sender h starts flows at
 * the arrivals of its own Poisson process of rate lambda_h = load x reference
 * capacity x (h's link rate / all senders' link rates) / (8 x mean flow size).
 * Its k-th flow (k = 0, 1, ...) takes three keyed draws, u(purpose) =
 * hash(seed, TAG, h, k, purpose) as a uniform in [0, 1): the gap since its
 * previous arrival, -ln(1 - u(0)) / lambda_h (the first gap counts from the
 * start); the receiver, the u(1)-th of the receivers other than h (or of h's
 * peers, with peers_per_sender: a keyed sample of them); the size,
 * {@link FlowSizeDistribution#sizeAt} u(2). So a flow's draws depend on who it
 * is, not on the order anything is computed in.
 */
final class PoissonArrivals {
    /** ASCII "pois". */
    static final long TAG = 0x706f6973L;
    /** ASCII "peer": a sender's fixed receivers (peers_per_sender). */
    static final long PEERS_TAG = 0x70656572L;
    /** A generous bound: beyond it a scenario is surely a mistake (and would not fit in memory). */
    static final long MAX_FLOWS = 20_000_000L;

    private PoissonArrivals() {}

    private record Arrival(int src, int dst, long bytes, long startPs, int index) {}

    /**
     * A Poisson workload resolved against a topology: sender {@code senders[i]} starts
     * {@code flowsPerSecond[i]} flows a second, each to one of {@code receivers[i]} (uniformly), in
     * [startPs, endPs). {@link OfferedLoad} reads the same rates the arrivals are drawn with.
     */
    record Rates(FlowSizeDistribution sizes, int[] senders, double[] flowsPerSecond, int[][] receivers, long startPs,
                 long endPs) {}

    static Rates rates(Poisson p, TopologyGraph g, long seed, long endOfRunPs, String at) {
        FlowSizeDistribution sizes = FlowSizeDistribution.from(p.getSizes(), at + ".sizes");
        int[] senders = HostSets.resolve(p.getSenders(), g, at + ".senders");
        int[] receivers = HostSets.resolve(p.getReceivers(), g, at + ".receivers");
        if (!(p.getLoad() > 0) || Double.isInfinite(p.getLoad())) {
            throw new ScenarioException(at + ".load", p.getLoad() + ": the offered load must be > 0 (0.6 = 60%)");
        }
        long start = Workloads.nonNegativeTime(p.getStartUs(), at + ".start_us");
        long end = Workloads.endOfArrivals(start, p.getDurationUs(), endOfRunPs, at + ".duration_us");
        if (receivers.length == 1 && HostSets.contains(senders, receivers[0])) {
            throw new ScenarioException(at + ".receivers", "host " + receivers[0]
                    + " is the only receiver and also a sender: it has nobody to send to");
        }
        double referenceBps = reference(p.getReference(), senders, g, at);
        double senderRateSum = 0;
        for (int h : senders) {
            senderRateSum += g.hostLink(h).rateBps();
        }
        double flowsPerSecond = p.getLoad() * referenceBps / (8 * sizes.meanBytes());
        double expected = flowsPerSecond * (end - start) / Units.PS_PER_S;
        if (expected > MAX_FLOWS) {
            throw new ScenarioException(at + ".load", String.format(java.util.Locale.ROOT,
                    "%s would start about %.0f flows (at most %d): lower the load or the duration", p.getLoad(),
                    expected, MAX_FLOWS));
        }
        int peers = p.getPeersPerSender();
        if (peers < 0) {
            throw new ScenarioException(at + ".peers_per_sender", Integer.toUnsignedString(peers)
                    + ": must be 0 (every flow draws) or at most the number of receivers (" + receivers.length + ")");
        }
        double[] perSender = new double[senders.length];
        int[][] choicesOf = new int[senders.length][];
        for (int i = 0; i < senders.length; i++) {
            int h = senders[i];
            perSender[i] = flowsPerSecond * (g.hostLink(h).rateBps() / senderRateSum);
            int[] choices = others(receivers, h);
            if (peers > choices.length) {
                throw new ScenarioException(at + ".peers_per_sender", peers + ": sender " + h + " has only "
                        + choices.length + " receivers other than itself");
            }
            if (peers > 0) {
                choices = Permutations.sample(KeyedHash.hash(seed, h), PEERS_TAG, choices, peers);
            }
            choicesOf[i] = choices;
        }
        return new Rates(sizes, senders, perSender, choicesOf, start, end);
    }

    static FlowTable build(Poisson p, TopologyGraph g, long seed, long endOfRunPs, String at) {
        Rates r = rates(p, g, seed, endOfRunPs, at);
        List<Arrival> all = new ArrayList<>();
        for (int i = 0; i < r.senders().length; i++) {
            int h = r.senders()[i];
            double lambdaPerPs = r.flowsPerSecond()[i] / Units.PS_PER_S;
            int[] choices = r.receivers()[i];
            double t = r.startPs();
            for (int k = 0; ; k++) {
                t += -Math.log1p(-uniform(seed, h, k, 0)) / lambdaPerPs;
                long startPs = (long) Math.floor(t);
                if (startPs >= r.endPs()) {
                    break;
                }
                int dst = choices[KeyedHash.below(KeyedHash.hash(seed, TAG, h, k, 1), choices.length)];
                all.add(new Arrival(h, dst, r.sizes().sizeAt(uniform(seed, h, k, 2)), startPs, k));
            }
        }
        all.sort(Comparator.comparingLong(Arrival::startPs).thenComparingInt(Arrival::src)
                .thenComparingInt(Arrival::index));
        FlowTable t = new FlowTable();
        for (Arrival a : all) {
            t.add(a.src(), a.dst(), a.bytes(), a.startPs());
        }
        return t;
    }

    /** The receivers other than {@code sender}, in ascending order. */
    private static int[] others(int[] receivers, int sender) {
        int self = java.util.Arrays.binarySearch(receivers, sender);
        if (self < 0) {
            return receivers;
        }
        int[] o = new int[receivers.length - 1];
        System.arraycopy(receivers, 0, o, 0, self);
        System.arraycopy(receivers, self + 1, o, self, o.length - self);
        return o;
    }

    /** A uniform in [0, 1) from the top 53 bits of hash(seed, TAG, host, k, purpose). */
    static double uniform(long seed, int host, int k, int purpose) {
        return (KeyedHash.hash(seed, TAG, host, k, purpose) >>> 11) * 0x1.0p-53;
    }

    /** The capacity the load is a fraction of, in bits per second. */
    private static double reference(LoadReference r, int[] senders, TopologyGraph g, String at) {
        double sum = 0;
        switch (r) {
            case SENDER_LINKS -> {
                for (int h : senders) {
                    sum += g.hostLink(h).rateBps();
                }
            }
            case SENDER_UPLINKS -> {
                java.util.Set<Integer> edge = new java.util.HashSet<>();
                for (int h : senders) {
                    TopologyGraph.Link l = g.hostLink(h);
                    edge.add(l.a() == h ? l.b() : l.a());
                }
                for (TopologyGraph.Link l : g.links()) {
                    boolean switches = TopologyGraph.isSwitch(l.a()) && TopologyGraph.isSwitch(l.b());
                    if (switches && (edge.contains(l.a()) != edge.contains(l.b()))) {
                        sum += l.rateBps();
                    }
                }
                if (sum == 0) {
                    throw new ScenarioException(at + ".reference", "SENDER_UPLINKS: the senders' switches have no "
                            + "links to other switches (a single-switch topology): use SENDER_LINKS");
                }
            }
            default -> throw new ScenarioException(at + ".reference", r + ": unknown load reference");
        }
        return sum;
    }
}
