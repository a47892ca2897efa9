package org.cosim.setup;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.cosim.proto.Scenario;
import org.cosim.scenario.ScenarioException;
import org.junit.jupiter.api.Test;

class FabricConfigTest {
    private static final String STAR =
            "topology { incast_star { clients: 2 client_rate_gbps: 10 server_rate_gbps: 10 link_delay_us: 1 } }\n";

    private static FabricConfig config(String text) {
        return FabricConfig.from(Scenarios.parse(text));
    }

    private static void assertRejects(String field, String text) {
        Scenario s = Scenarios.parse(text);
        ScenarioException e = assertThrows(ScenarioException.class, () -> FabricConfig.from(s));
        assertEquals(field, e.field(), e.getMessage());
        assertTrue(e.getMessage().startsWith(field + ": "), e.getMessage());
    }

    @Test
    void pipelineDepthCutsLIntoBatchWindows() {
        assertEquals(1_000_000, config("duration_us: 1000\n" + STAR).windowPs(), "depth 1: H = L");
        assertEquals(250_000, config("duration_us: 1000 pipeline_depth: 4\n" + STAR).windowPs());
        assertRejects("pipeline_depth", "duration_us: 1000 pipeline_depth: 0\n" + STAR);
        assertRejects("pipeline_depth", "duration_us: 1000 pipeline_depth: 3\n" + STAR);  // 1e6 ps / 3
        assertRejects("pipeline_depth", "duration_us: 1000 pipeline_depth: 128\n" + STAR);
    }

    @Test
    void defaults() {
        FabricConfig c = config("duration_us: 1000 seed: 3\n" + STAR);
        assertEquals(1_000_000_000L, c.durationPs());           // 1000 us
        assertEquals(1_000_000, c.reactionDelayPs());             // L = 1 us
        assertEquals(3, c.seed());
        assertEquals(1500, c.nic().mtuBytes());
        assertEquals(64, c.nic().ackBytes());
        assertEquals(12L * 1024 * 1024, c.switches().bufferBytes());  // 12 MiB = 12,582,912 B
        assertEquals(c.switches().bufferBytes(), c.switches().portBufferBytes(), "no per-port cap by default");
        assertEquals(-1, c.switches().ecnThresholdBytes(), "no ECN by default");
        assertEquals(0, c.switches().latencyPs());
        assertFalse(c.switches().pfc().enabled(), "PFC off unless enabled");
        assertEquals(0, c.warmupPs());
        assertEquals(100_000_000, c.sampleIntervalPs());         // 100 us
        assertEquals(200_000, c.maxRttSamples());
    }

    @Test
    void pfcDefaultsAreXoff200KbAndXonTwoMtusLower() {
        FabricConfig c = config("duration_us: 1000\n" + STAR + "topology { switches { pfc { enabled: true } } }");
        assertTrue(c.switches().pfc().enabled());
        assertEquals(200_000, c.switches().pfc().xoffBytes());
        assertEquals(200_000 - 2 * 1500, c.switches().pfc().xonBytes());  // 197,000
        // XON follows the MTU
        FabricConfig j = config("duration_us: 1000\n" + STAR
                + "topology { nic { mtu_bytes: 9000 } switches { pfc { enabled: true xoff_bytes: 100000 } } }");
        assertEquals(100_000 - 18_000, j.switches().pfc().xonBytes());
    }

    @Test
    void explicitValuesAreConverted() {
        FabricConfig c = config("""
                duration_us: 2.5 reaction_delay_us: 0.5
                topology {
                  incast_star { clients: 1 client_rate_gbps: 10 server_rate_gbps: 10 link_delay_us: 1 }
                  switches { buffer_bytes: 1000000 port_buffer_bytes: 500000 ecn_threshold_bytes: 0 latency_us: 0.25
                             pfc { enabled: true xoff_bytes: 50000 xon_bytes: 40000 } }
                  nic { mtu_bytes: 4096 ack_bytes: 128 }
                }
                output { warmup_us: 1 sample_interval_us: 0.5 max_rtt_samples: 7 }
                """);
        assertEquals(2_500_000, c.durationPs());
        assertEquals(500_000, c.reactionDelayPs());
        assertEquals(1_000_000, c.switches().bufferBytes());
        assertEquals(500_000, c.switches().portBufferBytes());
        assertEquals(0, c.switches().ecnThresholdBytes(), "0 is a valid threshold (mark everything queued)");
        assertEquals(250_000, c.switches().latencyPs());
        assertEquals(50_000, c.switches().pfc().xoffBytes());
        assertEquals(40_000, c.switches().pfc().xonBytes());
        assertEquals(4096, c.nic().mtuBytes());
        assertEquals(128, c.nic().ackBytes());
        assertEquals(1_000_000, c.warmupPs());
        assertEquals(500_000, c.sampleIntervalPs());
        assertEquals(7, c.maxRttSamples());
    }

    @Test
    void durationMustBePositive() {
        assertRejects("duration_us", STAR);
        assertRejects("duration_us", "duration_us: 0\n" + STAR);
        assertRejects("duration_us", "duration_us: -5\n" + STAR);
        assertRejects("duration_us", "duration_us: inf\n" + STAR);
        assertRejects("duration_us", "duration_us: nan\n" + STAR);
    }

    @Test
    void reactionDelayMustBePositive() {
        assertRejects("reaction_delay_us", "duration_us: 10 reaction_delay_us: 0\n" + STAR);
        assertRejects("reaction_delay_us", "duration_us: 10 reaction_delay_us: -1\n" + STAR);
        // below half a picosecond it rounds to 0 ps: still rejected
        assertRejects("reaction_delay_us", "duration_us: 10 reaction_delay_us: 0.0000001\n" + STAR);
    }

    @Test
    void xonMustBeBelowXoff() {
        assertRejects("topology.switches.pfc.xon_bytes", "duration_us: 10\n" + STAR
                + "topology { switches { pfc { enabled: true xoff_bytes: 50000 xon_bytes: 50000 } } }");
        assertRejects("topology.switches.pfc.xon_bytes", "duration_us: 10\n" + STAR
                + "topology { switches { pfc { enabled: true xoff_bytes: 50000 xon_bytes: 60000 } } }");
    }

    @Test
    void xoffMustBePositiveAndBelowThePortBuffer() {
        assertRejects("topology.switches.pfc.xoff_bytes", "duration_us: 10\n" + STAR
                + "topology { switches { pfc { enabled: true xoff_bytes: 0 } } }");
        assertRejects("topology.switches.pfc.xoff_bytes", "duration_us: 10\n" + STAR
                + "topology { switches { buffer_bytes: 100000 pfc { enabled: true } } }");  // default 200 KB
    }

    @Test
    void portBufferMustNotExceedTheBuffer() {
        assertRejects("topology.switches.port_buffer_bytes", "duration_us: 10\n" + STAR
                + "topology { switches { buffer_bytes: 100000 port_buffer_bytes: 100001 } }");
        assertRejects("topology.switches.port_buffer_bytes", "duration_us: 10\n" + STAR
                + "topology { switches { port_buffer_bytes: 1000 } }");  // below one MTU
    }

    @Test
    void bufferMustHoldOneMtu() {
        assertRejects("topology.switches.buffer_bytes", "duration_us: 10\n" + STAR
                + "topology { switches { buffer_bytes: 1499 } }");
    }

    @Test
    void aBufferOf2To63BytesOrMoreIsTooLargeNotTooSmall() {
        Scenario s = Scenarios.parse("duration_us: 10\n" + STAR
                + "topology { switches { buffer_bytes: 18446744073709551615 } }");
        ScenarioException e = assertThrows(ScenarioException.class, () -> FabricConfig.from(s));
        assertEquals("topology.switches.buffer_bytes: 18446744073709551615: too large (at most "
                + Long.MAX_VALUE + " B)", e.getMessage());
    }

    @Test
    void switchLatencyIsCappedLikeALinkDelay() {
        assertRejects("topology.switches.latency_us", "duration_us: 10\n" + STAR
                + "topology { switches { latency_us: 1e13 } }");
        assertRejects("topology.switches.latency_us", "duration_us: 10\n" + STAR
                + "topology { switches { latency_us: 1e9 } }");
        assertEquals(1_000_000_000_000L, config("duration_us: 10\n" + STAR
                + "topology { switches { latency_us: 1e6 } }").switches().latencyPs());
    }

    @Test
    void negativeTimesAreRefusedEvenWhenTheyRoundToZero() {
        assertRejects("topology.switches.latency_us", "duration_us: 10\n" + STAR
                + "topology { switches { latency_us: -1e-9 } }");
        assertRejects("output.warmup_us", "duration_us: 10\n" + STAR + "output { warmup_us: -1e-7 }");
    }

    @Test
    void warmupMustBeShorterThanTheDuration() {
        assertRejects("output.warmup_us", "duration_us: 10\n" + STAR + "output { warmup_us: 10 }");
        assertRejects("output.warmup_us", "duration_us: 10\n" + STAR + "output { warmup_us: 11 }");
        assertRejects("output.warmup_us", "duration_us: 10\n" + STAR + "output { warmup_us: -1 }");
        assertEquals(9_999_999, config("duration_us: 10\n" + STAR + "output { warmup_us: 9.999999 }").warmupPs());
    }

    @Test
    void nicSizesAreChecked() {
        assertRejects("topology.nic.mtu_bytes", "duration_us: 10\n" + STAR + "topology { nic { mtu_bytes: 63 } }");
        assertRejects("topology.nic.ack_bytes",
                "duration_us: 10\n" + STAR + "topology { nic { mtu_bytes: 1000 ack_bytes: 1001 } }");
        assertRejects("topology.nic.ack_bytes", "duration_us: 10\n" + STAR + "topology { nic { ack_bytes: 0 } }");
    }

    @Test
    void sampleIntervalMustBePositive() {
        assertRejects("output.sample_interval_us", "duration_us: 10\n" + STAR + "output { sample_interval_us: 0 }");
    }

    /**
     * Non-finite values must be rejected like duration_us: inf is. BUG: FabricConfig checks
     * reaction_delay_us only for > 0 (inf becomes L = Long.MAX_VALUE: no window ever flushes),
     * and converts latency_us, warmup_us and sample_interval_us with Units.usToPs without a
     * finiteness check (NaN rounds to 0 and is accepted; inf becomes Long.MAX_VALUE, and a
     * latency of Long.MAX_VALUE overflows sim.now() + latency at the first packet).
     */
    @Test
    void nonFiniteTimesAreRejectedNamingTheField() {
        assertRejects("reaction_delay_us", "duration_us: 10 reaction_delay_us: inf\n" + STAR);
        assertRejects("topology.switches.latency_us", "duration_us: 10\n" + STAR
                + "topology { switches { latency_us: nan } }");
        assertRejects("topology.switches.latency_us", "duration_us: 10\n" + STAR
                + "topology { switches { latency_us: inf } }");
        assertRejects("output.warmup_us", "duration_us: 10\n" + STAR + "output { warmup_us: nan }");
        assertRejects("output.sample_interval_us", "duration_us: 10\n" + STAR + "output { sample_interval_us: inf }");
    }

    @Test
    void ndpQueuesDefaultToThePapersPortAndRefuseWhatTheyCannotDo() {
        FabricConfig c = config("duration_us: 1000\n" + STAR
                + "topology { nic { mtu_bytes: 9000 } switches { ndp {} } }");
        assertFalse(c.switches().queue().supportsPfc());
        assertEquals(new org.cosim.setup.hardware.NdpQueueParams(72_000, 72_000, 10, 1, false, true, 64, true),
                org.cosim.setup.hardware.NdpQueueParams.from(org.cosim.proto.NdpQueues.getDefaultInstance(),
                        c.nic()), "8 x 9000 B of data, as many bytes of headers (1125), 10:1, RTS, 64 B headers, "
                        + "the coin may trim the tail");
        assertFalse(org.cosim.setup.hardware.NdpQueueParams.from(org.cosim.proto.NdpQueues.newBuilder().setTrimTail(false)
                .build(), c.nic()).trimTail());
        assertRejects("topology.switches.ndp.data_queue_packets", "duration_us: 1000\n" + STAR
                + "topology { switches { ndp { data_queue_packets: 0 } } }");
        assertRejects("topology.switches.ndp.header_weight", "duration_us: 1000\n" + STAR
                + "topology { switches { ndp { header_weight: 0 } } }");
        assertRejects("topology.switches.ndp.trimmed_bytes", "duration_us: 1000\n" + STAR
                + "topology { switches { ndp { trimmed_bytes: 2000 } } }");
        assertRejects("topology.switches.pfc.enabled", "duration_us: 1000\n" + STAR
                + "topology { switches { ndp {} pfc { enabled: true } } }");
        assertRejects("topology.switches.ecn_threshold_bytes", "duration_us: 1000\n" + STAR
                + "topology { switches { ndp {} ecn_threshold_bytes: 3000 } }");
    }

    @Test
    void cutPayloadQueuesDefaultToHtsimsCpQueueAndRefuseWhatTheyCannotDo() {
        FabricConfig c = config("duration_us: 1000\n" + STAR
                + "topology { nic { mtu_bytes: 9000 } switches { cut_payload {} } }");
        assertFalse(c.switches().queue().supportsPfc());
        assertEquals(new org.cosim.setup.hardware.CutPayloadParams(72_000, 36_000, 64),
                org.cosim.setup.hardware.CutPayloadParams.from(org.cosim.proto.CutPayloadQueues.getDefaultInstance(),
                        c.nic()), "8 x 9000 B, trimming beyond half of it, 64 B headers");
        assertEquals(9000, org.cosim.setup.hardware.CutPayloadParams.from(org.cosim.proto.CutPayloadQueues.newBuilder()
                .setQueuePackets(1).build(), c.nic()).trimThresholdBytes(), "half of one packet rounds up to one");
        assertRejects("topology.switches.cut_payload.queue_packets", "duration_us: 1000\n" + STAR
                + "topology { switches { cut_payload { queue_packets: 0 } } }");
        assertRejects("topology.switches.cut_payload.trim_threshold_packets", "duration_us: 1000\n" + STAR
                + "topology { switches { cut_payload { queue_packets: 4 trim_threshold_packets: 5 } } }");
        assertRejects("topology.switches.cut_payload.trimmed_bytes", "duration_us: 1000\n" + STAR
                + "topology { switches { cut_payload { trimmed_bytes: 0 } } }");
        assertRejects("topology.switches.pfc.enabled", "duration_us: 1000\n" + STAR
                + "topology { switches { cut_payload {} pfc { enabled: true } } }");
        assertRejects("topology.switches.ecn_threshold_bytes", "duration_us: 1000\n" + STAR
                + "topology { switches { cut_payload {} ecn_threshold_bytes: 3000 } }");
    }

    @Test
    void nicTimingNoiseIsReadInNanosecondsAndRefusedOutsideItsRange() {
        assertEquals(0, config("duration_us: 1000\n" + STAR).nic().txGapJitterPs(), "off unless asked for");
        assertEquals(250_500, config("duration_us: 1000\n" + STAR + "topology { nic { tx_gap_jitter_ns: 250.5 } }")
                .nic().txGapJitterPs());
        assertRejects("topology.nic.tx_gap_jitter_ns", "duration_us: 1000\n" + STAR
                + "topology { nic { tx_gap_jitter_ns: -1 } }");
        assertRejects("topology.nic.tx_gap_jitter_ns", "duration_us: 1000\n" + STAR
                + "topology { nic { tx_gap_jitter_ns: nan } }");
        assertRejects("topology.nic.tx_gap_jitter_ns", "duration_us: 1000\n" + STAR
                + "topology { nic { tx_gap_jitter_ns: 2e6 } }");
    }
}
