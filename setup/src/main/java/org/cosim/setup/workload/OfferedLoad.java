package org.cosim.setup.workload;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.cosim.setup.topology.Routing;
import org.cosim.setup.topology.TopologyGraph;
import org.cosim.proto.Poisson;
import org.cosim.proto.RotatingIncast;
import org.cosim.proto.Workload;
import org.cosim.scenario.KeyedHash;
import org.cosim.scenario.Units;

/**
 * The load a workload offers each direction of each link, in bits per second, worked
 * out from the scenario before a run (what the commands' offered-load check reads):
 *
 * <ul>
 * <li>{@code poisson}: sender h offers its arrival rate x the mean flow size (x 8),
 *     spread evenly over the receivers it draws from (its peers, with
 *     peers_per_sender), while its arrivals last;</li>
 * <li>{@code rotating_incast}: each sender offers sender_rate_gbps, spread evenly over
 *     the targets it cycles through (the rotation's average);</li>
 * <li>a flow of a given size (incast, flow_list, permutation, random): its bytes over
 *     the time from its start to the end of the run, at most its sender's line rate;</li>
 * <li>a long-lived flow: its sender's line rate, shared evenly among that sender's
 *     long-lived flows;</li>
 * <li>{@code mix}: the sum of its parts.</li>
 * </ul>
 *
 * A pair's load goes up the sender's link, down the receiver's, and between switches
 * as ECMP spreads it: at every switch equally over the egress ports on a shortest path
 * ({@link Routing#routes}). Link rates are the topology's as built (link_changes
 * apart). Links are grouped into classes by the roles of their two ends (a host, or a
 * switch's name without its index: "ToR -> spine links", "host -> leaf links").
 */
public final class OfferedLoad {
    /** One direction of a link: its ends' names, its class, the load offered to it and its rate. */
    public record LinkLoad(String from, String to, String linkClass, double offeredBps, long rateBps) {
        /** Offered over the rate: above 1, the link cannot carry what the workload offers. */
        public double fraction() {
            return offeredBps / rateBps;
        }

        /** The fraction in percent, rounded to a whole number. */
        public long percent() {
            return Math.round(100 * fraction());
        }
    }

    /** A load this much above the rate counts as above it (sums of equal ECMP shares round). */
    private static final double ROUNDING = 1e-9;

    private final TopologyGraph g;
    private final Routing routing;
    private final double[] sent;         // host -> bps it offers
    private final double[] received;     // host -> bps offered to it
    private final Map<Integer, double[]> toward = new HashMap<>();  // dst attach switch -> bps entering each switch
    private final int[] longLived;       // host -> its long-lived flows
    private final List<int[]> longLivedPairs = new ArrayList<>();
    private final List<LinkLoad> links;

    private OfferedLoad(Workload w, TopologyGraph g, Routing routing, long seed, long endOfRunPs) {
        this.g = g;
        this.routing = routing;
        int hosts = g.hostCount();
        sent = new double[hosts];
        received = new double[hosts];
        longLived = new int[hosts];
        if (w.hasMix()) {
            for (int i = 0; i < w.getMix().getPartsCount(); i++) {
                addPart(w.getMix().getParts(i), KeyedHash.hash(seed, Workloads.MIX_TAG, i), endOfRunPs,
                        "workload.mix.parts[" + i + "]");
            }
        } else {
            addPart(w, seed, endOfRunPs, "workload");
        }
        for (int[] pair : longLivedPairs) {
            addPair(pair[0], pair[1], g.hostLink(pair[0]).rateBps() / (double) longLived[pair[0]]);
        }
        links = spread();
    }

    /**
     * The load of workload {@code w} (a scenario's, already checked: FabricSimulation builds its flows first) on
     * topology {@code g} with its routes, for a run of {@code endOfRunPs}.
     */
    public static OfferedLoad of(Workload w, TopologyGraph g, Routing routing, long seed, long endOfRunPs) {
        return new OfferedLoad(w, g, routing, seed, endOfRunPs);
    }

    private void addPart(Workload w, long seed, long endOfRunPs, String at) {
        switch (w.getKindCase()) {
            case POISSON -> addPoisson(w.getPoisson(), seed, endOfRunPs, at + ".poisson");
            case ROTATING_INCAST -> addRotatingIncast(w.getRotatingIncast(), at + ".rotating_incast");
            default -> addFlows(Workloads.build(w, g, seed, endOfRunPs, at), endOfRunPs);
        }
    }

    private void addPoisson(Poisson p, long seed, long endOfRunPs, String at) {
        PoissonArrivals.Rates r = PoissonArrivals.rates(p, g, seed, endOfRunPs, at);
        if (r.endPs() <= r.startPs()) {
            return;
        }
        for (int i = 0; i < r.senders().length; i++) {
            int[] to = r.receivers()[i];
            double each = r.flowsPerSecond()[i] * 8 * r.sizes().meanBytes() / to.length;
            for (int dst : to) {
                addPair(r.senders()[i], dst, each);
            }
        }
    }

    private void addRotatingIncast(RotatingIncast p, String at) {
        int[] senders = HostSets.resolve(p.getSenders(), g, at + ".senders");
        int[] targets = HostSets.resolve(p.getReceivers(), g, at + ".receivers");
        double each = Units.gbpsToBps(p.getSenderRateGbps()) / (double) targets.length;
        for (int s : senders) {
            for (int t : targets) {
                addPair(s, t, each);
            }
        }
    }

    private void addFlows(FlowTable t, long endOfRunPs) {
        for (int f = 0; f < t.size(); f++) {
            int src = t.src(f);
            if (t.sizeBytes(f) == 0) {
                longLived[src]++;
                longLivedPairs.add(new int[] {src, t.dst(f)});
            } else if (t.startPs(f) < endOfRunPs) {
                double bps = 8.0 * t.sizeBytes(f) * Units.PS_PER_S / (endOfRunPs - t.startPs(f));
                addPair(src, t.dst(f), Math.min(bps, g.hostLink(src).rateBps()));
            }
        }
    }

    private void addPair(int src, int dst, double bps) {
        sent[src] += bps;
        received[dst] += bps;
        int from = routing.attachedSwitch(src);
        int to = routing.attachedSwitch(dst);
        if (from != to) {
            toward.computeIfAbsent(to, k -> new double[g.switchCount()])[from] += bps;
        }
    }

    /** Puts the pairs' loads on the links: host links directly, switch-to-switch links by ECMP's equal shares. */
    private List<LinkLoad> spread() {
        double[][] offered = new double[g.linkCount()][2];  // [link][0: a -> b, 1: b -> a]
        for (int h = 0; h < g.hostCount(); h++) {
            TopologyGraph.Link l = g.hostLink(h);
            int k = routing.linkAt(routing.attachedSwitch(h), l.a() == h ? l.portB() : l.portA());
            boolean hostIsA = l.a() == h;
            offered[k][hostIsA ? 0 : 1] += sent[h];
            offered[k][hostIsA ? 1 : 0] += received[h];
        }
        for (Map.Entry<Integer, double[]> e : toward.entrySet()) {
            int dst = hostUnder(e.getKey());
            double[] in = e.getValue();
            for (int s : farthestFirst(e.getKey())) {
                if (in[s] == 0) {
                    continue;
                }
                int[] ports = routing.routes(s, dst);
                double share = in[s] / ports.length;
                for (int port : ports) {
                    int k = routing.linkAt(s, port);
                    offered[k][g.link(k).a() == TopologyGraph.switchRef(s) ? 0 : 1] += share;
                    int next = routing.peerAt(s, port);
                    if (TopologyGraph.isSwitch(next)) {
                        in[TopologyGraph.switchId(next)] += share;
                    }
                }
            }
        }
        List<LinkLoad> out = new ArrayList<>();
        for (int k = 0; k < g.linkCount(); k++) {
            TopologyGraph.Link l = g.link(k);
            out.add(linkLoad(l.a(), l.b(), offered[k][0], l.rateBps()));
            out.add(linkLoad(l.b(), l.a(), offered[k][1], l.rateBps()));
        }
        return out;
    }

    /** The switches other than {@code target} that reach it, by hop distance from it, the farthest first. */
    private List<Integer> farthestFirst(int target) {
        int[] dist = new int[g.switchCount()];
        Arrays.fill(dist, Integer.MAX_VALUE);
        dist[target] = 0;
        List<Integer> order = new ArrayList<>(List.of(target));
        for (int i = 0; i < order.size(); i++) {
            int s = order.get(i);
            for (int port = 0; port < g.switchPorts(s); port++) {
                int next = routing.peerAt(s, port);
                if (TopologyGraph.isSwitch(next) && dist[TopologyGraph.switchId(next)] == Integer.MAX_VALUE) {
                    dist[TopologyGraph.switchId(next)] = dist[s] + 1;
                    order.add(TopologyGraph.switchId(next));
                }
            }
        }
        List<Integer> farthest = new ArrayList<>(order.subList(1, order.size()));
        java.util.Collections.reverse(farthest);
        return farthest;
    }

    private int hostUnder(int switchId) {
        for (int h = 0; h < g.hostCount(); h++) {
            if (routing.attachedSwitch(h) == switchId) {
                return h;
            }
        }
        throw new IllegalStateException("no host under " + g.switchName(switchId));
    }

    private LinkLoad linkLoad(int from, int to, double bps, long rateBps) {
        return new LinkLoad(name(from), name(to), role(from) + " -> " + role(to) + " links", bps, rateBps);
    }

    private String name(int ref) {
        return TopologyGraph.isSwitch(ref) ? g.switchName(TopologyGraph.switchId(ref)) : g.hostName(ref);
    }

    /** A host is "host"; a switch is its name up to its index ("tor[3]": ToR, "spine[1]": spine). */
    private String role(int ref) {
        if (!TopologyGraph.isSwitch(ref)) {
            return "host";
        }
        String n = g.switchName(TopologyGraph.switchId(ref));
        int bracket = n.indexOf('[');
        String prefix = bracket < 0 ? n : n.substring(0, bracket);
        return prefix.equals("tor") ? "ToR" : prefix;
    }

    /** Every direction of every link, in the topology's link order (a -> b, then b -> a). */
    public List<LinkLoad> links() {
        return links;
    }

    /** The direction from {@code from} to {@code to} (node names), e.g. load("tor[0]", "spine[1]"). */
    public LinkLoad load(String from, String to) {
        return links.stream().filter(l -> l.from().equals(from) && l.to().equals(to)).findFirst()
                .orElseThrow(() -> new IllegalArgumentException("no link from " + from + " to " + to));
    }

    /** Each link class's most loaded link, the most loaded class first. */
    public List<LinkLoad> worstPerClass() {
        Map<String, LinkLoad> worst = new LinkedHashMap<>();
        for (LinkLoad l : links) {
            worst.merge(l.linkClass(), l, (a, b) -> b.fraction() > a.fraction() ? b : a);
        }
        List<LinkLoad> out = new ArrayList<>(worst.values());
        out.sort(Comparator.comparingDouble(LinkLoad::fraction).reversed());
        return out;
    }

    /** The link classes whose most loaded link is offered more than its rate: their worst link each. */
    public List<LinkLoad> overloaded() {
        return worstPerClass().stream().filter(l -> l.fraction() > 1 + ROUNDING).toList();
    }
}
