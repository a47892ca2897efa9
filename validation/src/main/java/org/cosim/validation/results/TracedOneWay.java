package org.cosim.validation.results;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.cosim.fabric.packet.PacketType;
import org.cosim.fabric.trace.PacketTrace;

/**
 * The traced flows' data packets from the moment their NIC put them on the link to
 * the moment a NIC received them (whole, trimmed to a header, or returned to the
 * sender): the fabric's one-way time, without the hosts. Percentiles nearest-rank.
 * A data packet's identity is its flow and its number (PacketTrace.uid).
 */
public record TracedOneWay(int packets, double p50Us, double p99Us, double maxUs) {
    public static TracedOneWay of(PacketTrace t) {
        Map<Long, Long> sentAt = new HashMap<>();  // uid -> time; a uid holds the flow
        List<Long> oneWay = new ArrayList<>();
        for (int i = 0; i < t.size(); i++) {
            if (t.type(i) != PacketType.DATA) {
                continue;
            }
            if (t.event(i) == PacketTrace.NIC_SEND) {
                sentAt.put(t.uid(i), t.timePs(i));
            } else if (t.event(i) == PacketTrace.NIC_RECEIVE) {
                Long sent = sentAt.remove(t.uid(i));
                if (sent != null) {
                    oneWay.add(t.timePs(i) - sent);
                }
            }
        }
        long[] w = oneWay.stream().mapToLong(Long::longValue).sorted().toArray();
        if (w.length == 0) {
            return new TracedOneWay(0, 0, 0, 0);
        }
        return new TracedOneWay(w.length, at(w, 0.5), at(w, 0.99), w[w.length - 1] / 1e6);
    }

    private static double at(long[] sorted, double q) {
        return sorted[Math.max(0, (int) Math.ceil(q * sorted.length) - 1)] / 1e6;
    }
}
