package org.cosim.runner.results;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.cosim.proto.PacketFlag;
import org.cosim.proto.PacketType;
import org.cosim.setup.report.PacketTrace;

/**
 * The traced flows' data packets from the moment their NIC put them on the link to
 * the moment a NIC received them (whole, trimmed to a header, or returned to the
 * sender): the fabric's one-way time, without the hosts. Percentiles nearest-rank.
 * A data packet's identity is its flow and its number (PacketTrace.uid).
 */
public record TracedOneWay(int packets, double p50Us, double p99Us, double maxUs) {
    /** One data packet's trip: its flow, when its NIC sent it, how long it took, whether it arrived trimmed. */
    public record Trip(int flow, long sentPs, long oneWayPs, boolean trimmed) {}

    public static TracedOneWay of(PacketTrace t) {
        long[] w = trips(t).stream().mapToLong(Trip::oneWayPs).sorted().toArray();
        if (w.length == 0) {
            return new TracedOneWay(0, 0, 0, 0);
        }
        return new TracedOneWay(w.length, at(w, 0.5), at(w, 0.99), w[w.length - 1] / 1e6);
    }

    /** Every traced data packet that reached a NIC, in the order they arrived. */
    public static List<Trip> trips(PacketTrace t) {
        Map<Long, Long> sentAt = new HashMap<>();  // uid -> time; a uid holds the flow
        List<Trip> trips = new ArrayList<>();
        for (int i = 0; i < t.size(); i++) {
            if (t.type(i) != PacketType.PACKET_TYPE_DATA_VALUE) {
                continue;
            }
            if (t.event(i) == PacketTrace.NIC_SEND) {
                sentAt.put(t.uid(i), t.timePs(i));
            } else if (t.event(i) == PacketTrace.NIC_RECEIVE) {
                Long sent = sentAt.remove(t.uid(i));
                if (sent != null) {
                    trips.add(new Trip(t.flow(i), sent, t.timePs(i) - sent,
                            (t.flags(i) & PacketFlag.PACKET_FLAG_TRIMMED_VALUE) != 0));
                }
            }
        }
        return trips;
    }

    private static double at(long[] sorted, double q) {
        return sorted[Math.max(0, (int) Math.ceil(q * sorted.length) - 1)] / 1e6;
    }
}
