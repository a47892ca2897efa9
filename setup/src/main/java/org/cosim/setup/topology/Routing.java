package org.cosim.setup.topology;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.cosim.scenario.Units;

/**
 * Shortest-path routing over a {@link TopologyGraph}: for every switch and every
 * destination host, the egress ports that lie on a shortest path (by hop count),
 * ascending. Paths never transit a host. Also the path arithmetic that agents and
 * reports need: the number of source routes between two hosts, unloaded RTTs and
 * ideal flow completion times.
 *
 * <p>Source routes (cosim.proto, SendSegment.path): route k >= 1 is the mixed-radix
 * number d = k-1; at each switch with n > 1 equal-cost ports the packet takes
 * port number (d mod n) of the ascending list and continues with d / n. The
 * number of routes is the product of the choices along the way, which is the same
 * for every route in the symmetric topologies we build (fat tree, leaf-spine, Clos).
 */
public final class Routing {
    private final TopologyGraph g;
    private final int hosts;
    private final int[][] neighbour;  // [node][port] -> node index
    private final int[][] linkOn;     // [node][port] -> link index
    private final int[] attach;       // [host] -> node index of the switch it hangs off
    private final int[] groups;       // the distinct attach switches (node indices), ascending
    private final int[] groupOf;      // [node] -> index into groups, or -1
    private final RouteTable[] tables;  // [switch]
    private final int[] hostGroups;     // [host] -> its group: the hosts under one switch (shared by the tables)
    private final int[] hostPorts;      // [host] -> the port toward it at the switch it hangs off
    private final long[] linkRate;
    private final long[] linkDelay;

    /**
     * Computes the routes. Hosts hang off exactly one switch and never forward, so
     * a switch's ports toward host h are its ports toward h's switch A (or, at A
     * itself, the port to h): one breadth-first search per distinct A, and hosts
     * under the same switch share their route arrays ({@link RouteTable}). Identical arrays are shared
     * throughout, which keeps a k = 32 fat tree (1280 switches x 8192 hosts) small.
     */
    public Routing(TopologyGraph g) {
        this(g, () -> { });
    }

    /**
     * As {@link #Routing(TopologyGraph)}; {@code perStep} runs before each destination switch's search and each
     * host's row of the tables (a stop request during set-up throws from it).
     */
    public Routing(TopologyGraph g, Runnable perStep) {
        this.g = g;
        this.hosts = g.hostCount();
        TopologyBuilders.checkTableSize(hosts, g.switchCount());
        int nodes = hosts + g.switchCount();
        neighbour = new int[nodes][];
        linkOn = new int[nodes][];
        for (int n = 0; n < nodes; n++) {
            int ports = n < hosts ? 1 : g.switchPorts(n - hosts);
            neighbour[n] = new int[ports];
            linkOn[n] = new int[ports];
            Arrays.fill(neighbour[n], -1);
        }
        linkRate = new long[g.linkCount()];
        linkDelay = new long[g.linkCount()];
        for (int k = 0; k < g.linkCount(); k++) {
            TopologyGraph.Link l = g.link(k);
            linkRate[k] = l.rateBps();
            linkDelay[k] = l.delayPs();
            int a = index(l.a());
            int b = index(l.b());
            neighbour[a][l.portA()] = b;
            linkOn[a][l.portA()] = k;
            neighbour[b][l.portB()] = a;
            linkOn[b][l.portB()] = k;
        }
        attach = new int[hosts];
        groupOf = new int[nodes];
        Arrays.fill(groupOf, -1);
        List<Integer> distinct = new ArrayList<>();
        for (int h = 0; h < hosts; h++) {
            attach[h] = attachment(h);
            if (groupOf[attach[h]] < 0) {
                groupOf[attach[h]] = 0;
                distinct.add(attach[h]);
            }
        }
        groups = distinct.stream().mapToInt(Integer::intValue).sorted().toArray();
        for (int i = 0; i < groups.length; i++) {
            groupOf[groups[i]] = i;
        }
        hostGroups = new int[hosts];
        hostPorts = new int[hosts];
        tables = computeTables(nodes, perStep);
    }

    private int attachment(int h) {
        int a = neighbour[h][0];
        if (a < 0) {
            throw new IllegalStateException("host " + g.hostName(h) + " has no link");
        }
        if (a < hosts) {
            throw new IllegalStateException("host " + g.hostName(h) + " is linked to host " + g.hostName(a)
                    + ": hosts hang off switches");
        }
        return a;
    }

    private RouteTable[] computeTables(int nodes, Runnable perStep) {
        Map<IntArrayKey, int[]> interned = new HashMap<>();
        int switches = g.switchCount();
        int[][][] towardGroup = new int[switches][groups.length][];
        int[] dist = new int[nodes];
        int[] order = new int[nodes];
        for (int gi = 0; gi < groups.length; gi++) {
            perStep.run();
            int a = groups[gi];
            bfs(a, dist, order);
            for (int s = 0; s < switches; s++) {
                int node = hosts + s;
                if (node == a) {
                    continue;
                }
                if (dist[node] == Integer.MAX_VALUE) {
                    throw new IllegalStateException("switch " + g.switchName(s) + " cannot reach host "
                            + g.hostName(firstHostUnder(a)));
                }
                towardGroup[s][gi] = intern(interned, closerPorts(node, dist));
            }
        }
        int[][] atHost = new int[hosts][];
        for (int h = 0; h < hosts; h++) {
            perStep.run();
            hostGroups[h] = groupOf[attach[h]];
            hostPorts[h] = portTo(attach[h], h);
            atHost[h] = intern(interned, new int[] {hostPorts[h]});
        }
        RouteTable[] out = new RouteTable[switches];
        for (int s = 0; s < switches; s++) {
            out[s] = new RouteTable(hostGroups, groupOf[hosts + s], towardGroup[s], atHost);
        }
        return out;
    }

    /** Breadth-first search over switches only (hosts do not forward), from switch node {@code a}. */
    private int bfs(int a, int[] dist, int[] order) {
        Arrays.fill(dist, Integer.MAX_VALUE);
        dist[a] = 0;
        order[0] = a;
        int head = 0;
        int tail = 1;
        while (head < tail) {
            int n = order[head++];
            for (int next : neighbour[n]) {
                if (next >= hosts && dist[next] == Integer.MAX_VALUE) {
                    dist[next] = dist[n] + 1;
                    order[tail++] = next;
                }
            }
        }
        return tail;
    }

    /** The ports of switch {@code node} to neighbouring switches one hop closer (by {@code dist}), ascending. */
    private int[] closerPorts(int node, int[] dist) {
        int[] out = new int[neighbour[node].length];
        int n = 0;
        for (int p = 0; p < neighbour[node].length; p++) {
            int next = neighbour[node][p];
            if (next >= hosts && dist[next] == dist[node] - 1) {
                out[n++] = p;
            }
        }
        return Arrays.copyOf(out, n);
    }

    /** The port of switch {@code switchNode} to {@code host}, from the host's one link (not a scan of the ports). */
    private int portTo(int switchNode, int host) {
        TopologyGraph.Link l = g.link(linkOn[host][0]);
        int port = index(l.a()) == switchNode ? l.portA() : l.portB();
        if (neighbour[switchNode][port] != host) {
            throw new IllegalStateException("host " + host + " is not on switch " + g.switchName(switchNode - hosts));
        }
        return port;
    }

    private int firstHostUnder(int switchNode) {
        for (int h = 0; h < hosts; h++) {
            if (attach[h] == switchNode) {
                return h;
            }
        }
        throw new IllegalStateException("no host under " + g.switchName(switchNode - hosts));
    }

    private static int[] intern(Map<IntArrayKey, int[]> interned, int[] a) {
        return interned.computeIfAbsent(new IntArrayKey(a), k -> k.a);
    }

    /** Content equality for int arrays, to share identical route arrays. */
    private record IntArrayKey(int[] a) {
        @Override
        public boolean equals(Object o) {
            return o instanceof IntArrayKey k && Arrays.equals(a, k.a);
        }

        @Override
        public int hashCode() {
            return Arrays.hashCode(a);
        }
    }

    private int index(int ref) {
        return TopologyGraph.isSwitch(ref) ? hosts + TopologyGraph.switchId(ref) : ref;
    }

    /** The switch (its id) host {@code h} hangs off. */
    public int attachedSwitch(int h) {
        return attach[h] - hosts;
    }

    /** The link (its index in the topology) on port {@code port} of switch {@code s}. */
    public int linkAt(int s, int port) {
        return linkOn[hosts + s][port];
    }

    /** What port {@code port} of switch {@code s} leads to, as a TopologyGraph reference (a host, or switchRef). */
    public int peerAt(int s, int port) {
        int n = neighbour[hosts + s][port];
        if (n < 0) {
            throw new IllegalStateException("port " + port + " of " + g.switchName(s) + " has no link");
        }
        return n < hosts ? n : TopologyGraph.switchRef(n - hosts);
    }

    /** Egress ports of switch {@code s} toward host {@code dst}, ascending. */
    public int[] routes(int s, int dst) {
        return tables[s].ports(dst);
    }

    /** Each host's route group (the hosts hanging off one switch), by host id: what the tables index. */
    public int hostGroup(int h) {
        return hostGroups[h];
    }

    /** The port toward host {@code h} at the switch it hangs off. */
    public int hostPort(int h) {
        return hostPorts[h];
    }

    /** How many route groups: the switches hosts hang off. */
    public int groupCount() {
        return groups.length;
    }

    /** Switch {@code s}'s forwarding choices. */
    public RouteTable table(int s) {
        return tables[s];
    }

    /** The links (indices into graph.links()) on source route {@code k} (0 or 1: the first) from src to dst. */
    public int[] path(int src, int dst, int k) {
        List<Integer> hops = new ArrayList<>();
        int d = Math.max(0, k - 1);
        hops.add(linkOn[src][0]);
        int node = neighbour[src][0];
        while (node != dst) {
            int[] choices = tables[node - hosts].ports(dst);
            int port = choices[d % choices.length];
            d /= choices.length;
            hops.add(linkOn[node][port]);
            node = neighbour[node][port];
        }
        int[] out = new int[hops.size()];
        for (int i = 0; i < out.length; i++) {
            out[i] = hops.get(i);
        }
        return out;
    }

    public int[] path(int src, int dst) {
        return path(src, dst, 1);
    }

    /** Every shortest path from src to dst, as link lists: element k-1 is source route k. */
    public int[][] paths(int src, int dst) {
        int[][] all = new int[pathCount(src, dst)][];
        for (int k = 1; k <= all.length; k++) {
            all[k - 1] = path(src, dst, k);
        }
        return all;
    }

    /** How many source routes lead from src to dst: the product of the choices along the first one. */
    public int pathCount(int src, int dst) {
        long count = 1;
        int node = neighbour[src][0];
        while (node != dst) {
            int[] choices = tables[node - hosts].ports(dst);
            count *= choices.length;
            node = neighbour[node][choices[0]];
        }
        return (int) Math.min(count, Integer.MAX_VALUE);
    }

    /** Round trip src -> dst -> src with no queues: propagation, switch latency, one MTU and one ACK store-and-forward per hop. */
    public long unloadedRttPs(int src, int dst, long switchLatencyPs, int mtuBytes, int ackBytes) {
        int[] p = path(src, dst);
        long t = 0;
        for (int k : p) {
            t += 2 * linkDelay[k] + Units.serializationPs(mtuBytes, linkRate[k])
                    + Units.serializationPs(ackBytes, linkRate[k]);
        }
        return t + 2 * switchLatencyPs * (p.length - 1);
    }

    /**
     * The largest unloaded propagation RTT between any two hosts (first route, link
     * delays both ways, switch latency at every switch both ways): TIMELY's
     * "minRTT known in advance". Computed per pair of attach switches, not per pair
     * of hosts (8192 hosts: 512 x 512 instead of 67 M pairs).
     */
    public long maxPropagationRttPs(long switchLatencyPs) {
        long[] top1 = new long[groups.length];
        long[] top2 = new long[groups.length];
        int[] size = new int[groups.length];
        Arrays.fill(top1, -1);
        Arrays.fill(top2, -1);
        for (int h = 0; h < hosts; h++) {
            int gi = groupOf[attach[h]];
            long d = linkDelay[linkOn[h][0]];
            size[gi]++;
            if (d > top1[gi]) {
                top2[gi] = top1[gi];
                top1[gi] = d;
            } else if (d > top2[gi]) {
                top2[gi] = d;
            }
        }
        int nodes = neighbour.length;
        int[] dist = new int[nodes];
        int[] order = new int[nodes];
        long[] delayTo = new long[nodes];
        int[] hopsTo = new int[nodes];
        long max = 0;
        for (int gd = 0; gd < groups.length; gd++) {
            int a = groups[gd];
            int host = firstHostUnder(a);
            int reached = bfs(a, dist, order);
            delayTo[a] = 0;
            hopsTo[a] = 0;
            for (int i = 1; i < reached; i++) {
                int node = order[i];
                int port = tables[node - hosts].ports(host)[0];
                int next = neighbour[node][port];
                delayTo[node] = linkDelay[linkOn[node][port]] + delayTo[next];
                hopsTo[node] = 1 + hopsTo[next];
            }
            for (int gs = 0; gs < groups.length; gs++) {
                long access;
                if (gs == gd) {
                    if (size[gs] < 2) {
                        continue;
                    }
                    access = top1[gs] + top2[gs];
                } else {
                    access = top1[gs] + top1[gd];
                }
                int links = hopsTo[groups[gs]] + 2;
                long t = access + delayTo[groups[gs]];
                max = Math.max(max, 2 * t + 2 * switchLatencyPs * (links - 1));
            }
        }
        return max;
    }

    /**
     * The completion time of a flow alone in the network, for a flow its sender ends on
     * the last byte's acknowledgment: its bytes at the slowest link of the path, one MTU
     * of store-and-forward at every other hop, propagation and switch latency, and the
     * final hardware ACK's way back. A flow its receiver ends (NDP) has {@link #oneWayPs}. Past the longest time
     * a long holds (2^63 ps), these throw ArithmeticException rather than wrap.
     */
    public long idealFctPs(int src, int dst, long bytes, long switchLatencyPs, int mtuBytes, int ackBytes) {
        int[] p = path(src, dst);
        long back = 0;
        for (int k : p) {
            back += linkDelay[k] + Units.serializationPs(ackBytes, linkRate[k]);
        }
        return Math.addExact(oneWayPs(src, dst, bytes, switchLatencyPs, mtuBytes), back + switchLatencyPs * (p.length - 1));
    }

    /**
     * When the last byte of {@code bytes} sent alone from src reaches dst: the bytes
     * at the slowest link, one MTU of store-and-forward at every other hop,
     * propagation and switch latency one way.
     */
    public long oneWayPs(int src, int dst, long bytes, long switchLatencyPs, int mtuBytes) {
        int[] p = path(src, dst);
        long minRate = Long.MAX_VALUE;
        for (int k : p) {
            minRate = Math.min(minRate, linkRate[k]);
        }
        long t = Units.serializationPs(bytes, minRate);
        boolean bottleneckCounted = false;
        for (int k : p) {
            if (!bottleneckCounted && linkRate[k] == minRate) {
                bottleneckCounted = true;
            } else {
                t = Math.addExact(t, Units.serializationPs(Math.min(bytes, mtuBytes), linkRate[k]));
            }
            t = Math.addExact(t, linkDelay[k]);
        }
        return Math.addExact(t, switchLatencyPs * (p.length - 1));
    }

    /**
     * The earliest time after a simultaneous start at which {@code totalBytes} from
     * the given senders can all have reached dst, with dst's access link the
     * bottleneck: the first MTU from the nearest sender arrives as early as it can,
     * then the access link is busy with every byte exactly once (NDP's "theoretical
     * best" last-flow completion, Fig 4 and 20).
     */
    public long incastOptimumPs(int[] srcs, int dst, long totalBytes, long switchLatencyPs, int mtuBytes) {
        long first = Long.MAX_VALUE;
        long packet = Math.min(totalBytes, mtuBytes);
        for (int s : srcs) {
            first = Math.min(first, oneWayPs(s, dst, packet, switchLatencyPs, mtuBytes));
        }
        long access = linkRate[linkOn[dst][0]];
        return Math.addExact(first, Units.serializationPs(totalBytes - packet, access));
    }
}
