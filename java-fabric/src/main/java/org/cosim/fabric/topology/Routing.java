package org.cosim.fabric.topology;

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
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
    private final int[][][] routes;   // [switch][dstHost] -> egress ports
    private final long[] linkRate;
    private final long[] linkDelay;

    public Routing(TopologyGraph g) {
        this.g = g;
        this.hosts = g.hostCount();
        int nodes = hosts + g.switchCount();
        neighbour = new int[nodes][];
        linkOn = new int[nodes][];
        for (int n = 0; n < nodes; n++) {
            int ports = n < hosts ? 1 : g.switchPorts(n - hosts);
            neighbour[n] = new int[ports];
            linkOn[n] = new int[ports];
            Arrays.fill(neighbour[n], -1);
        }
        List<TopologyGraph.Link> links = g.links();
        linkRate = new long[links.size()];
        linkDelay = new long[links.size()];
        for (int k = 0; k < links.size(); k++) {
            TopologyGraph.Link l = links.get(k);
            linkRate[k] = l.rateBps();
            linkDelay[k] = l.delayPs();
            int a = index(l.a());
            int b = index(l.b());
            neighbour[a][l.portA()] = b;
            linkOn[a][l.portA()] = k;
            neighbour[b][l.portB()] = a;
            linkOn[b][l.portB()] = k;
        }
        for (int h = 0; h < hosts; h++) {
            if (neighbour[h][0] < 0) {
                throw new IllegalStateException("host " + g.hostName(h) + " has no link");
            }
        }
        routes = new int[g.switchCount()][hosts][];
        int[] dist = new int[nodes];
        ArrayDeque<Integer> queue = new ArrayDeque<>();
        for (int h = 0; h < hosts; h++) {
            distancesTo(h, dist, queue);
            for (int s = 0; s < g.switchCount(); s++) {
                routes[s][h] = equalCostPorts(hosts + s, h, dist);
            }
        }
    }

    private int index(int ref) {
        return TopologyGraph.isSwitch(ref) ? hosts + TopologyGraph.switchId(ref) : ref;
    }

    private void distancesTo(int host, int[] dist, ArrayDeque<Integer> queue) {
        Arrays.fill(dist, Integer.MAX_VALUE);
        dist[host] = 0;
        queue.add(host);
        while (!queue.isEmpty()) {
            int n = queue.poll();
            if (n < hosts && n != host) {
                continue;  // hosts do not forward
            }
            for (int next : neighbour[n]) {
                if (next >= 0 && dist[next] == Integer.MAX_VALUE) {
                    dist[next] = dist[n] + 1;
                    queue.add(next);
                }
            }
        }
    }

    private int[] equalCostPorts(int node, int dstHost, int[] dist) {
        if (dist[node] == Integer.MAX_VALUE) {
            throw new IllegalStateException("switch " + g.switchName(node - hosts) + " cannot reach host "
                    + g.hostName(dstHost));
        }
        int[] out = new int[neighbour[node].length];
        int n = 0;
        for (int p = 0; p < neighbour[node].length; p++) {
            int next = neighbour[node][p];
            if (next >= 0 && dist[next] == dist[node] - 1 && (next >= hosts || next == dstHost)) {
                out[n++] = p;
            }
        }
        return Arrays.copyOf(out, n);
    }

    /** Egress ports of switch {@code s} toward host {@code dst}, ascending. */
    public int[] routes(int s, int dst) {
        return routes[s][dst];
    }

    public int[][] routesOf(int s) {
        return routes[s];
    }

    /** The links (indices into graph.links()) on source route {@code k} (0 or 1: the first) from src to dst. */
    public int[] path(int src, int dst, int k) {
        List<Integer> hops = new ArrayList<>();
        int d = Math.max(0, k - 1);
        hops.add(linkOn[src][0]);
        int node = neighbour[src][0];
        while (node != dst) {
            int[] choices = routes[node - hosts][dst];
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

    /** How many source routes lead from src to dst: the product of the choices along the first one. */
    public int pathCount(int src, int dst) {
        long count = 1;
        int node = neighbour[src][0];
        while (node != dst) {
            int[] choices = routes[node - hosts][dst];
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

    /** The largest unloaded propagation RTT between any two hosts: TIMELY's "minRTT known in advance". */
    public long maxPropagationRttPs(long switchLatencyPs) {
        long max = 0;
        for (int s = 0; s < hosts; s++) {
            for (int d = 0; d < hosts; d++) {
                if (s != d) {
                    max = Math.max(max, propagationRttPs(s, d, switchLatencyPs));
                }
            }
        }
        return max;
    }

    private long propagationRttPs(int src, int dst, long switchLatencyPs) {
        long t = 0;
        int hops = 1;
        t += linkDelay[linkOn[src][0]];
        int node = neighbour[src][0];
        while (node != dst) {
            int port = routes[node - hosts][dst][0];
            t += linkDelay[linkOn[node][port]];
            node = neighbour[node][port];
            hops++;
        }
        return 2 * t + 2 * switchLatencyPs * (hops - 1);
    }

    /**
     * The completion time of a flow alone in the network: its bytes at the slowest
     * link of the path, one MTU of store-and-forward at every other hop, propagation
     * and switch latency, and the final hardware ACK's way back.
     */
    public long idealFctPs(int src, int dst, long bytes, long switchLatencyPs, int mtuBytes, int ackBytes) {
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
                t += Units.serializationPs(Math.min(bytes, mtuBytes), linkRate[k]);
            }
            t += 2 * linkDelay[k] + Units.serializationPs(ackBytes, linkRate[k]);
        }
        return t + 2 * switchLatencyPs * (p.length - 1);
    }
}
