package org.cosim.setup.hardware;

import org.cosim.proto.CutPayloadQueues;
import org.cosim.scenario.Defaults;
import org.cosim.scenario.ScenarioException;

/**
 * The settings of Cut Payload switch ports (scenario CutPayloadQueues), resolved
 * and checked. Defaults (scenario.proto's, docs/scenario-reference.md): a port of
 * as many MTU packets as NDP's data queue that trims data beyond half of it, as the
 * NDP authors' htsim CutPayloadQueue does (threshold = maxsize / 2), into headers
 * of NDP's size, so Fig 2 compares like with like.
 */
public record CutPayloadParams(long queueBytes, long trimThresholdBytes, int trimmedBytes) {
    private static final String P = "topology.switches.cut_payload.";

    public static CutPayloadParams from(CutPayloadQueues q, NicParams nic) {
        int packets = Defaults.intOf(q, "queue_packets");
        if (packets < 1 || packets > 100_000) {
            throw new ScenarioException(P + "queue_packets", Integer.toUnsignedString(packets)
                    + ": must be in 1..100000");
        }
        int threshold = q.hasTrimThresholdPackets() ? q.getTrimThresholdPackets() : Math.max(1, packets / 2);
        if (threshold < 1 || threshold > packets) {
            throw new ScenarioException(P + "trim_threshold_packets", Integer.toUnsignedString(threshold)
                    + ": must be in 1..queue_packets (" + packets + ")");
        }
        int trimmed = Defaults.intOf(q, "trimmed_bytes");
        if (trimmed < 1 || trimmed > nic.mtuBytes()) {
            throw new ScenarioException(P + "trimmed_bytes", Integer.toUnsignedString(trimmed)
                    + ": must be in 1..mtu_bytes (" + nic.mtuBytes() + ")");
        }
        return new CutPayloadParams((long) packets * nic.mtuBytes(), (long) threshold * nic.mtuBytes(), trimmed);
    }
}
