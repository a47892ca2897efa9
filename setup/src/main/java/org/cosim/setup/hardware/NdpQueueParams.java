package org.cosim.setup.hardware;

import org.cosim.proto.NdpQueues;
import org.cosim.scenario.Defaults;
import org.cosim.scenario.ScenarioException;

/**
 * The settings of NDP's switch ports (scenario NdpQueues), resolved and checked.
 * Defaults (scenario.proto's, docs/scenario-reference.md; SIGCOMM'17 §3.1;
 * docs/ndp.md): a data queue of a few MTU packets; a header queue of the
 * same bytes; weighted round robin favouring the header queue; return-to-sender
 * on; the coin may trim the queue's tail.
 */
public record NdpQueueParams(long dataQueueBytes, long headerQueueBytes, int headerWeight, int dataWeight,
                             boolean strictPriority, boolean returnToSender, int trimmedBytes, boolean trimTail) {
    private static final String P = "topology.switches.ndp.";

    public static NdpQueueParams from(NdpQueues q, NicParams nic) {
        int packets = Defaults.intOf(q, "data_queue_packets");
        if (packets < 1 || packets > 100_000) {
            throw new ScenarioException(P + "data_queue_packets", Integer.toUnsignedString(packets)
                    + ": must be in 1..100000");
        }
        long data = (long) packets * nic.mtuBytes();
        int trimmed = Defaults.intOf(q, "trimmed_bytes");
        if (trimmed < 1 || trimmed > nic.mtuBytes()) {
            throw new ScenarioException(P + "trimmed_bytes", Integer.toUnsignedString(trimmed)
                    + ": must be in 1..mtu_bytes (" + nic.mtuBytes() + ")");
        }
        long headers = q.hasHeaderQueueBytes() ? q.getHeaderQueueBytes() : data;
        if (headers < Math.max(trimmed, nic.ackBytes()) || headers > (1L << 40)) {
            throw new ScenarioException(P + "header_queue_bytes", Long.toUnsignedString(headers)
                    + ": must hold at least one header (" + Math.max(trimmed, nic.ackBytes()) + " B)");
        }
        int hw = weight(q, "header_weight");
        int dw = weight(q, "data_weight");
        boolean rts = Defaults.boolOf(q, "return_to_sender");
        boolean trimTail = Defaults.boolOf(q, "trim_tail");
        return new NdpQueueParams(data, headers, hw, dw, q.getStrictPriority(), rts, trimmed, trimTail);
    }

    private static int weight(NdpQueues q, String field) {
        int w = Defaults.intOf(q, field);
        if (w < 1 || w > 1_000_000) {
            throw new ScenarioException(P + field, Integer.toUnsignedString(w) + ": must be in 1..1000000");
        }
        return w;
    }
}
