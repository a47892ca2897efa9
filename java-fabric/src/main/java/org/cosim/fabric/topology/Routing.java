package org.cosim.fabric.topology;

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.cosim.scenario.Units;

/**
 * Shortest-path routing over a {@link TopologyGraph}: for every switch and every
 * destination host, the egress ports that lie on a shortest path (by hop count).
 * Paths never transit a host. Also the unloaded path figures that agents and
 * reports need (propagation RTT, ideal flow completion time).
 */
public final class Routing {
    private final TopologyGraph g;
    private final int hosts;
    private final List<List<int[]>> adjacency;  // node index -> {neighbour index, my port, rate, delay idx}
    private final int[][][] routes;             // routes[switch][dstHost] = egress ports
    private final long[] linkRate;
    private final long[] linkDelay;

    public Routing(TopologyGraph g) {
        this.g = g;
        this.hosts = g.hostCount();
        int nodes = hosts + g.switchCount();
        adjacency = new ArrayList<>(nodes);
        for (int i = 0; i < nodes; i++) {
            adjacency.add(new ArrayList<>());
        }
        List<TopologyGraph.Link> links = g.links();
        linkRate = new long[links.size()];
        linkDelay = new long[links.size()];
        for (int k = 0; k < links.size(); k++) {
            TopologyGraph.Link l = links.get(k);
            linkRate[k] = l.rateBps();
            linkDelay[k] = l.delayPs();
            adjacency.get(index(l.a())).add(new int[] {index(l.b()), l.portA(), k});
            adjacency.get(index(l.b())).add(new int[] {index(l.a()), l.portB(), k});
        }
        routes = new int[g.switchCount()][hosts][];
        for (int h = 0; h < hosts; h++) {
            int[] dist = distancesTo(h);
            for (int s = 0; s < g.switchCount(); s++) {
                routes[s][h] = equalCostPorts(hosts + s, h, dist);
            }
        }
    }

    private int index(int ref) {
        return TopologyGraph.isSwitch(ref) ? hosts + TopologyGraph.switchId(ref) : ref;
    }

    private int[] distancesTo(int host) {
        int[] dist = new int[adjacency.size()];
        Arrays.fill(dist, Integer.MAX_VALUE);
        dist[host] = 0;
        ArrayDeque<Integer> queue = new ArrayDeque<>();
        queue.add(host);
        while (!queue.isEmpty()) {
            int n = queue.poll();
            if (n < hosts && n != host) {
                continue;  // hosts do not forward
            }
            for (int[] e : adjacency.get(n)) {
                if (dist[e[0]] == Integer.MAX_VALUE) {
                    dist[e[0]] = dist[n] + 1;
                    queue.add(e[0]);
                }
            }
        }
        return dist;
    }

    private int[] equalCostPorts(int node, int dstHost, int[] dist) {
        if (dist[node] == Integer.MAX_VALUE) {
            throw new IllegalStateException("switch " + g.switchName(node - hosts) + " cannot reach host "
                    + g.hostName(dstHost));
        }
        return adjacency.get(node).stream()
                .filter(e -> dist[e[0]] == dist[node] - 1 && (e[0] >= hosts || e[0] == dstHost))
                .mapToInt(e -> e[1]).sorted().toArray();
    }

    /** Egress ports of switch {@code s} toward host {@code dst}, ascending. */
    public int[] routes(int s, int dst) {
        return routes[s][dst];
    }

    public int[][] routesOf(int s) {
        return routes[s];
    }

    /** The links (indices into graph.links()) on the first shortest path from src to dst. */
    public int[] path(int src, int dst) {
        List<Integer> hops = new ArrayList<>();
        int node = src;
        int[] first = adjacency.get(src).get(0);
        hops.add(first[2]);
        node = first[0];
        while (node != dst) {
            int s = node - hosts;
            int port = routes[s][dst][0];
            int[] e = adjacency.get(node).stream().filter(x -> x[1] == port).findFirst().orElseThrow();
            hops.add(e[2]);
            node = e[0];
        }
        return hops.stream().mapToInt(Integer::intValue).toArray();
    }

    /** Round trip src -> dst -> src with no queues: propagation, switch latency, one MTU and one ACK store-and-forward per hop. */
    public long unloadedRttPs(int src, int dst, long switchLatencyPs, int mtuBytes, int ackBytes) {
        long t = 0;
        for (int k : path(src, dst)) {
            t += 2 * linkDelay[k] + Units.serializationPs(mtuBytes, linkRate[k])
                    + Units.serializationPs(ackBytes, linkRate[k]);
        }
        return t + 2 * switchLatencyPs * (path(src, dst).length - 1);
    }

    /** The largest unloaded propagation RTT between any two hosts: TIMELY's "minRTT known in advance". */
    public long maxPropagationRttPs(long switchLatencyPs) {
        long max = 0;
        for (int s = 0; s < hosts; s++) {
            for (int d = 0; d < hosts; d++) {
                if (s != d) {
                    long t = 0;
                    int[] p = path(s, d);
                    for (int k : p) {
                        t += 2 * linkDelay[k];
                    }
                    max = Math.max(max, t + 2 * switchLatencyPs * (p.length - 1));
                }
            }
        }
        return max;
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
