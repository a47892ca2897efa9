package org.cosim.setup.topology;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.cosim.scenario.ScenarioException;

/**
 * Which of N partitions (processes of OMNeT++'s parallel simulation) each host and switch of a topology belongs
 * to, by one rule for every family and topology file:
 * <ol>
 *   <li>A rack is a switch with hosts on it, with those hosts. With at least N racks, the racks in switch order are
 *   cut into N runs of consecutive racks, each about a 1/N share of the hosts: a fat tree's racks are numbered pod
 *   by pod, so a partition holds whole pods when N divides the pod count. With fewer racks than N (a star, a
 *   dumbbell), the hosts in host order are cut into N runs of equal size, and each of those switches goes with
 *   most of its hosts.</li>
 *   <li>Every other switch goes, nearest to the racks first, to the partition of most of its links to switches
 *   already placed; a tie (a fat tree's core switch, one link to each pod) goes to the partition with the fewest
 *   switches so far, so cores spread over the partitions.</li>
 * </ol>
 * A link between two partitions carries messages from one process to the other; its delay is the lookahead the
 * two may simulate ahead of each other, so such a link must have a delay.
 */
public final class Partitions {
    private final int count;
    private final int[] hostPartition;
    private final int[] switchPartition;
    private final List<Integer> cutLinks;
    private final long lookaheadPs;

    private Partitions(int count, int[] hostPartition, int[] switchPartition, List<Integer> cutLinks,
                       long lookaheadPs) {
        this.count = count;
        this.hostPartition = hostPartition;
        this.switchPartition = switchPartition;
        this.cutLinks = cutLinks;
        this.lookaheadPs = lookaheadPs;
    }

    /**
     * {@code g} in {@code n} partitions.
     *
     * @throws ScenarioException when {@code n} is below 1 or above the host count, or a link between two
     *                           partitions has no delay
     */
    public static Partitions of(TopologyGraph g, int n) {
        if (n < 1 || n > g.hostCount()) {
            throw new ScenarioException("partitions", "cannot split " + g.hostCount() + " hosts into " + n
                    + " partitions: give 1 to " + g.hostCount());
        }
        int[] host = new int[g.hostCount()];
        int[] sw = new int[g.switchCount()];
        Arrays.fill(sw, -1);
        List<List<Integer>> racks = racks(g);
        if (racks.size() >= n) {
            int[] rackPartition = cut(racks.stream().mapToInt(r -> r.size() - 1).toArray(), n);
            for (int r = 0; r < racks.size(); r++) {
                List<Integer> rack = racks.get(r);
                sw[rack.get(0)] = rackPartition[r];
                for (int h : rack.subList(1, rack.size())) {
                    host[h] = rackPartition[r];
                }
            }
        } else {
            int[] ones = new int[g.hostCount()];
            Arrays.fill(ones, 1);
            int[] byHost = cut(ones, n);
            System.arraycopy(byHost, 0, host, 0, host.length);
            for (List<Integer> rack : racks) {
                int[] votes = new int[n];
                for (int h : rack.subList(1, rack.size())) {
                    votes[host[h]]++;
                }
                sw[rack.get(0)] = argMax(votes, new int[n]);
            }
        }
        placeTheOtherSwitches(g, sw, n);
        List<Integer> cut = new ArrayList<>();
        long lookahead = Long.MAX_VALUE;
        for (int i = 0; i < g.linkCount(); i++) {
            TopologyGraph.Link l = g.link(i);
            if (partitionOf(l.a(), host, sw) != partitionOf(l.b(), host, sw)) {
                if (l.delayPs() <= 0) {
                    throw new ScenarioException("partitions", "link " + i + " (" + name(g, l.a()) + " - "
                            + name(g, l.b()) + ") joins partitions " + partitionOf(l.a(), host, sw) + " and "
                            + partitionOf(l.b(), host, sw) + " with no delay: a link between partitions needs a "
                            + "delay, which is how far one partition may simulate ahead of the other");
                }
                cut.add(i);
                lookahead = Math.min(lookahead, l.delayPs());
            }
        }
        return new Partitions(n, host, sw, List.copyOf(cut), cut.isEmpty() ? 0 : lookahead);
    }

    /** How many partitions. */
    public int count() {
        return count;
    }

    public int ofHost(int h) {
        return hostPartition[h];
    }

    public int ofSwitch(int s) {
        return switchPartition[s];
    }

    /** The partition of a node reference (a host id, or a switch's {@link TopologyGraph#switchRef}). */
    public int of(int ref) {
        return partitionOf(ref, hostPartition, switchPartition);
    }

    /** The links between two partitions, by index, in link order. */
    public List<Integer> cutLinks() {
        return cutLinks;
    }

    /** The least delay of a link between partitions; 0 when there is none (one partition, or none cut). */
    public long lookaheadPs() {
        return lookaheadPs;
    }

    /** Every host's partition, by host id. */
    public int[] hostPartitions() {
        return hostPartition.clone();
    }

    /** Every switch's partition, by switch id. */
    public int[] switchPartitions() {
        return switchPartition.clone();
    }

    /** How many hosts each partition has. */
    public int[] hostCounts() {
        int[] c = new int[count];
        for (int p : hostPartition) {
            c[p]++;
        }
        return c;
    }

    private static int partitionOf(int ref, int[] host, int[] sw) {
        return TopologyGraph.isSwitch(ref) ? sw[TopologyGraph.switchId(ref)] : host[ref];
    }

    private static String name(TopologyGraph g, int ref) {
        return TopologyGraph.isSwitch(ref) ? g.switchName(TopologyGraph.switchId(ref)) : g.hostName(ref);
    }

    /** Every switch with hosts on it, in switch order: the switch id, then its hosts in host order. */
    private static List<List<Integer>> racks(TopologyGraph g) {
        List<List<Integer>> bySwitch = new ArrayList<>();
        for (int s = 0; s < g.switchCount(); s++) {
            bySwitch.add(new ArrayList<>(List.of(s)));
        }
        for (int h = 0; h < g.hostCount(); h++) {
            TopologyGraph.Link l = g.hostLink(h);
            int other = l.a() == h ? l.b() : l.a();
            if (!TopologyGraph.isSwitch(other)) {
                throw new ScenarioException("partitions", "host " + g.hostName(h) + " is linked to host "
                        + g.hostName(other) + ", not to a switch: such a topology is not partitioned");
            }
            bySwitch.get(TopologyGraph.switchId(other)).add(h);
        }
        return bySwitch.stream().filter(r -> r.size() > 1).toList();
    }

    /**
     * Items of the given weights (at least {@code n} items), in order, cut into {@code n} runs of consecutive items:
     * item i goes to the run whose 1/n share of the total weight holds its weight's midpoint, as near as runs of
     * consecutive items, none empty, allow.
     */
    private static int[] cut(int[] weights, int n) {
        long total = Arrays.stream(weights).asLongStream().sum();
        int[] out = new int[weights.length];
        long before = 0;
        int run = 0;
        for (int i = 0; i < weights.length; i++) {
            int share = (int) Math.min(n - 1, (2 * before + weights[i]) * n / (2 * total));
            int itemsLeft = weights.length - i;
            int latest = i == 0 ? 0 : run + 1;  // a run is not skipped
            int earliest = Math.max(run, n - itemsLeft);  // the items left fill the runs left
            run = Math.max(earliest, Math.min(latest, share));
            out[i] = run;
            before += weights[i];
        }
        return out;
    }

    private static void placeTheOtherSwitches(TopologyGraph g, int[] sw, int n) {
        int[] switchesIn = new int[n];
        for (int p : sw) {
            if (p >= 0) {
                switchesIn[p]++;
            }
        }
        // Each switch's links to other switches, one entry per link, built once.
        List<List<Integer>> neighbours = new ArrayList<>();
        for (int s = 0; s < sw.length; s++) {
            neighbours.add(new ArrayList<>());
        }
        for (TopologyGraph.Link l : g.links()) {
            if (TopologyGraph.isSwitch(l.a()) && TopologyGraph.isSwitch(l.b())) {
                neighbours.get(TopologyGraph.switchId(l.a())).add(TopologyGraph.switchId(l.b()));
                neighbours.get(TopologyGraph.switchId(l.b())).add(TopologyGraph.switchId(l.a()));
            }
        }
        boolean placed = true;
        while (placed) {
            placed = false;
            // this round's choices see the switches placed before it, so the order within a round does not matter
            int[] round = sw.clone();
            for (int s = 0; s < sw.length; s++) {
                if (sw[s] >= 0) {
                    continue;
                }
                int[] votes = new int[n];
                boolean any = false;
                for (int other : neighbours.get(s)) {
                    if (sw[other] >= 0) {
                        votes[sw[other]]++;
                        any = true;
                    }
                }
                if (any) {
                    round[s] = argMax(votes, switchesIn);
                    switchesIn[round[s]]++;
                    placed = true;
                }
            }
            System.arraycopy(round, 0, sw, 0, sw.length);
        }
        for (int s = 0; s < sw.length; s++) {
            if (sw[s] < 0) {
                sw[s] = 0;  // a switch joined to no rack at all: nothing crosses to it
            }
        }
    }

    /** The index of the most votes; among equals, the fewest {@code load}, then the lowest index. */
    private static int argMax(int[] votes, int[] load) {
        int best = 0;
        for (int p = 1; p < votes.length; p++) {
            if (votes[p] > votes[best] || votes[p] == votes[best] && load[p] < load[best]) {
                best = p;
            }
        }
        return best;
    }
}
