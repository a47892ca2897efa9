package org.cosim.runner;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.cosim.runner.results.FlowRecord;
import org.cosim.runner.results.RunResults;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * No retransmission timer expires for data still in its own NIC, and no segment
 * overtakes another of its flow there: WebSearch at 50% load on the 32-host
 * leaf-spine (scenarios/websearch-leafspine*), every protocol as shipped, 20 ms,
 * with per-flow NIC queues (the shipped setting) and with one FIFO per host
 * (htsim's: a segment waits behind every segment handed over before it, for
 * longer than an RTO on a loaded host). No packet is dropped, so every byte a
 * sender puts on the wire twice is a spurious retransmission. DCQCN has no
 * retransmission (PFC keeps it lossless) and is here for the delivered bytes.
 */
class NoSpuriousRetransmissionTest {
    @ParameterizedTest(name = "{0}, {1} NIC")
    @CsvSource({
        "websearch-leafspine.textproto, PER_FLOW",
        "websearch-leafspine-swift.textproto, PER_FLOW",
        "websearch-leafspine-poseidon.textproto, PER_FLOW",
        "websearch-leafspine-hpcc.textproto, PER_FLOW",
        "websearch-leafspine-dcqcn.textproto, PER_FLOW",
        "websearch-leafspine.textproto, FIFO",
        "websearch-leafspine-swift.textproto, FIFO",
        "websearch-leafspine-poseidon.textproto, FIFO",
        "websearch-leafspine-hpcc.textproto, FIFO",
        "websearch-leafspine-dcqcn.textproto, FIFO",
    })
    void withoutDropsEveryByteGoesOnceAndEveryFinishedFlowDeliversItsSize(String file, String scheduling) {
        RunResults r = JavaBackend.run(ShippedScenarios.read(file, "duration_us=20000",
                "topology.nic.scheduling=" + scheduling), t -> { });
        assertTrue(r.complete(), () -> "run failed: " + r.failure());
        assertEquals(0, r.counters().dropPackets(), "the premise: a lossless run");
        long finished = 0;
        for (FlowRecord f : r.flows()) {
            assertEquals(0, f.bytes().retransmitted(), () -> "flow " + f.id() + " resent bytes");
            assertEquals(0, f.bytes().duplicateDelivered(), () -> "flow " + f.id() + " got copies");
            if (f.finished()) {
                assertEquals(f.sizeBytes(), f.bytes().uniqueDelivered(), () -> "flow " + f.id() + " delivered");
                assertEquals(f.sizeBytes(), f.bytes().delivered(), () -> "flow " + f.id() + " on the wire");
                finished++;
            }
        }
        assertTrue(finished > 100, "finished flows: " + finished);
    }
}
