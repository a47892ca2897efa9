package org.cosim.agents.api;

import java.util.ArrayList;
import java.util.List;

/**
 * The sending NIC of agent tests, for segments of one packet: it puts the
 * segments an agent hands over onto the wire one after another at line rate, in
 * order of hand-over (each at its hand-over time, or when the previous one is
 * through), and reports each one sent with {@link ActionSink#REPORT_TX} to the
 * agent the way the fabric's NIC does: a {@link TransmittedEvent} at the time the
 * packet starts onto the wire.
 */
public final class ScriptedNic {
    private final long rateBps;
    private long freePs;  // when the wire is through with the last packet

    public ScriptedNic(long rateBps) {
        this.rateBps = rateBps;
    }

    /** The time {@code bytes} take on the wire. */
    public long serializationPs(int bytes) {
        return bytes * 8L * 1_000_000_000_000L / rateBps;
    }

    /**
     * Sends the segments in {@code handedOver}, reports those that ask to {@code
     * agent}, and returns what the agent did about the reports.
     */
    public ActionBatch transmit(ActionBatch handedOver, Agent agent) {
        List<TransmittedEvent> reports = new ArrayList<>();
        for (int i = 0; i < handedOver.size(); i++) {
            if (handedOver.kind(i) != ActionBatch.SEND_SEGMENT) {
                continue;
            }
            long start = Math.max(handedOver.time(i), freePs);
            freePs = start + serializationPs(handedOver.bytes(i));
            if ((handedOver.segmentOptions(i) & ActionSink.REPORT_TX) != 0) {
                reports.add(TestEvents.transmitted(start, handedOver.host(i), handedOver.flow(i), handedOver.seq(i),
                        handedOver.bytes(i), handedOver.time(i)));
            }
        }
        ActionBatch out = new ActionBatch();
        out.reset(0);
        for (TransmittedEvent e : reports) {
            agent.onTransmitted(e, out);
        }
        return out;
    }
}
