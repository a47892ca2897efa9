package org.cosim.runner.results;

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.cosim.setup.report.PacketTrace;

/**
 * Where the traced flows' packets waited (output.packet_trace): per switch egress
 * port they crossed, how many left it (queued), their wait from enqueue to
 * transmit (mean, p99, max; nearest-rank), and how many were trimmed, returned
 * or dropped there. A packet trimmed at the tail of a queue waits from its
 * enqueue as data to its transmit as a header. A packet's enqueue is paired with its transmit at the same
 * port by its identity (flow, packet, type, sequence), first in first out.
 */
public record TracedPortWaits(List<Port> ports) {
    public record Port(String name, int switchId, int port, int queued, double meanUs, double p99Us, double maxUs,
                       int trimmed, int returned, int dropped) {
        /** The traced packets' total wait here, in us. */
        public double totalUs() {
            return meanUs * queued;
        }
    }

    public static TracedPortWaits of(PacketTrace t) {
        Map<Long, Counts> byPort = new TreeMap<>();  // switch id << 32 | port: ports in topology order
        Map<Key, ArrayDeque<Long>> waiting = new HashMap<>();
        for (int i = 0; i < t.size(); i++) {
            if (!t.atSwitch(i)) {
                continue;
            }
            long where = (long) t.node(i) << 32 | t.port(i);
            int at = i;
            Counts c = byPort.computeIfAbsent(where, w -> new Counts(t.nodeName(at) + ".port[" + t.port(at) + "]"));
            Key k = new Key(where, t.flow(i), t.uid(i), t.type(i), t.controlKind(i), t.seq(i));
            switch (t.event(i)) {
                case PacketTrace.ENQUEUE -> waiting.computeIfAbsent(k, x -> new ArrayDeque<>()).add(t.timePs(i));
                case PacketTrace.TRANSMIT -> {
                    ArrayDeque<Long> q = waiting.get(k);
                    if (q != null && !q.isEmpty()) {
                        c.waits.add(t.timePs(i) - q.poll());
                    }
                }
                case PacketTrace.TRIM -> c.trimmed++;
                case PacketTrace.RETURN -> c.returned++;
                case PacketTrace.DROP -> c.dropped++;
                default -> { }
            }
        }
        List<Port> ports = new ArrayList<>();
        byPort.forEach((where, c) -> {
            long[] w = c.waits.stream().mapToLong(Long::longValue).toArray();
            Arrays.sort(w);
            double mean = w.length == 0 ? 0 : Arrays.stream(w).sum() / (double) w.length / 1e6;
            double p99 = w.length == 0 ? 0 : w[Math.max(0, (int) Math.ceil(0.99 * w.length) - 1)] / 1e6;
            double max = w.length == 0 ? 0 : w[w.length - 1] / 1e6;
            ports.add(new Port(c.name, (int) (where >> 32), (int) (long) where, w.length, mean, p99, max, c.trimmed,
                    c.returned, c.dropped));
        });
        return new TracedPortWaits(List.copyOf(ports));
    }

    /** The ports where the traced packets waited longest in all, most first (none that held no one up). */
    public List<Port> longest(int n) {
        return ports.stream().filter(p -> p.totalUs() > 0)
                .sorted((a, b) -> Double.compare(b.totalUs(), a.totalUs())).limit(n).toList();
    }

    private record Key(long where, int flow, long uid, int type, int controlKind, long seq) {}

    private static final class Counts {
        final String name;
        final List<Long> waits = new ArrayList<>();
        int trimmed;
        int returned;
        int dropped;

        Counts(String name) {
            this.name = name;
        }
    }
}
