package org.cosim.validation.runner;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.cosim.validation.ShippedScenarios;
import org.cosim.validation.results.FlowRecord;
import org.cosim.validation.results.RunResults;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * No retransmission timer expires for data still in its own NIC: WebSearch at
 * 50% load on the 32-host leaf-spine (scenarios/websearch-leafspine*), every
 * protocol, 20 ms, with FIFO NICs (one queue per host, htsim's: a segment waits
 * behind every segment handed over before it, for longer than an RTO on a
 * loaded host). No packet is dropped, so every byte a sender puts on the wire
 * twice is a spurious retransmission. The window protocols run with
 * pace_fraction off: the paced fraction of a window can hand a segment over
 * ahead of a lower one, which the receiver's per-segment ACKs then report out of
 * order (a fast retransmission, not a timer's). DCQCN has no retransmission
 * (PFC keeps it lossless) and is here for the delivered bytes.
 */
class NoSpuriousRetransmissionTest {
    @ParameterizedTest(name = "{0}")
    @CsvSource({
        "websearch-leafspine.textproto, protocol.dctcp.window.pace_fraction=false",
        "websearch-leafspine-swift.textproto, protocol.swift.window.pace_fraction=false",
        "websearch-leafspine-poseidon.textproto, protocol.poseidon.window.pace_fraction=false",
        "websearch-leafspine-hpcc.textproto, protocol.hpcc.window.pace_fraction=false",
        "websearch-leafspine-dcqcn.textproto, ''",
    })
    void withoutDropsEveryByteGoesOnceAndEveryFinishedFlowDeliversItsSize(String file, String protocolSetting) {
        String[] overrides = protocolSetting.isEmpty()
                ? new String[] {"duration_us=20000", "topology.nic.scheduling=FIFO"}
                : new String[] {"duration_us=20000", "topology.nic.scheduling=FIFO", protocolSetting};
        RunResults r = JavaBackend.run(ShippedScenarios.read(file, overrides), t -> { });
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
