package org.cosim.setup.hardware;

import org.cosim.proto.NdpQueues;
import org.cosim.scenario.ScenarioException;

/**
 * The settings of NDP's switch ports (scenario NdpQueues), resolved and checked.
 * Defaults (SIGCOMM'17 §3.1, DIGEST.md 2.A/2.D.4): a data queue of 8 MTU packets;
 * a header queue of the same bytes (8 x 9000 B holds 1125 64-byte headers);
 * weighted round robin of 10 header-queue packets to 1 data packet; trimmed
 * headers of 64 bytes; return-to-sender on; the coin may trim the queue's tail.
 */
public record NdpQueueParams(long dataQueueBytes, long headerQueueBytes, int headerWeight, int dataWeight,
                             boolean strictPriority, boolean returnToSender, int trimmedBytes, boolean trimTail) {
    private static final String P = "topology.switches.ndp.";

    public static NdpQueueParams from(NdpQueues q, NicParams nic) {
        int packets = q.hasDataQueuePackets() ? q.getDataQueuePackets() : 8;
        if (packets < 1 || packets > 100_000) {
            throw new ScenarioException(P + "data_queue_packets", Integer.toUnsignedString(packets)
                    + ": must be in 1..100000");
        }
        long data = (long) packets * nic.mtuBytes();
        int trimmed = q.hasTrimmedBytes() ? q.getTrimmedBytes() : 64;
        if (trimmed < 1 || trimmed > nic.mtuBytes()) {
            throw new ScenarioException(P + "trimmed_bytes", Integer.toUnsignedString(trimmed)
                    + ": must be in 1..mtu_bytes (" + nic.mtuBytes() + ")");
        }
        long headers = q.hasHeaderQueueBytes() ? q.getHeaderQueueBytes() : data;
        if (headers < Math.max(trimmed, nic.ackBytes()) || headers > (1L << 40)) {
            throw new ScenarioException(P + "header_queue_bytes", Long.toUnsignedString(headers)
                    + ": must hold at least one header (" + Math.max(trimmed, nic.ackBytes()) + " B)");
        }
        int hw = weight(q.hasHeaderWeight(), q.getHeaderWeight(), 10, "header_weight");
        int dw = weight(q.hasDataWeight(), q.getDataWeight(), 1, "data_weight");
        boolean rts = !q.hasReturnToSender() || q.getReturnToSender();
        boolean trimTail = !q.hasTrimTail() || q.getTrimTail();
        return new NdpQueueParams(data, headers, hw, dw, q.getStrictPriority(), rts, trimmed, trimTail);
    }

    private static int weight(boolean set, int v, int dflt, String field) {
        int w = set ? v : dflt;
        if (w < 1 || w > 1_000_000) {
            throw new ScenarioException(P + field, Integer.toUnsignedString(w) + ": must be in 1..1000000");
        }
        return w;
    }
}
