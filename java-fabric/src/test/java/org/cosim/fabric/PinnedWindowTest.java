package org.cosim.fabric;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

import org.cosim.fabric.agent.DirectTransport;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * A window pinned at W packets (Swift with min_cwnd = max_cwnd = W, pace_fraction on)
 * delivers W packets per round trip, fractional W included: floor(W) packets ride the ACK
 * clock, each going out L after the ACK that releases it (a cycle of RTT + L), and the
 * fraction adds one packet every RTT / fraction on top.
 *
 * <p>One flow, host 1 -> switch -> host 0, 10 Gb/s links of 5 us, MTU 1500 B:
 * RTT = 2 x 1,200,000 ps (data) + 2 x 51,200 ps (ACK) + 4 x 5 us = 22,502,400 ps; L = 0.25 us.
 * Measured over 20 ms after a 2 ms warm-up.
 */
class PinnedWindowTest {
    private static final long RTT_PS = 2 * 1_200_000 + 2 * 51_200 + 4 * 5_000_000;
    private static final long L_PS = 250_000;
    private static final double MEASURED_PS = 20e9;

    private static long deliveredBytes(double w) {
        FabricSimulation sim = FabricSimulation.of(TestScenarios.parse("""
                seed: 1
                duration_us: 22000
                reaction_delay_us: 0.25
                output { warmup_us: 2000 }
                topology {
                  parking_lot { switches: 1 hosts_per_switch: 2 host_rate_gbps: 10 link_delay_us: 5 }
                  nic { mtu_bytes: 1500 }
                }
                protocol { swift { window { segment_bytes: 1500 initial_cwnd_packets: %s min_cwnd_packets: %s
                                            max_cwnd_packets: %s pace_fraction: true } } }
                workload { flow_list { flows { src: 1 dst: 0 size_bytes: 0 } } }
                """.formatted(w, w, w)));
        assertEquals(RTT_PS, sim.setup().session().flows().get(0).baseRttPs(), "the unloaded RTT as computed above");
        FabricResult r = sim.run(new DirectTransport(sim.setup().session()));
        assertNull(r.failure());
        return r.measured().flowStats().deliveredMeasuredBytes(0);
    }

    @ParameterizedTest(name = "W = {0}")
    @ValueSource(doubles = {1.5, 2.5, 7.87, 3})
    void aPinnedWindowDeliversWPacketsPerRoundTripFractionIncluded(double w) {
        int whole = (int) w;
        double fraction = w - whole;
        // The ACK clock: floor(W) packets per RTT + L; the fraction: one packet per RTT / fraction.
        double packetsPerPs = whole / (double) (RTT_PS + L_PS) + fraction / RTT_PS;
        double expected = packetsPerPs * 1500 * MEASURED_PS;
        double delivered = deliveredBytes(w);
        assertEquals(1.0, delivered / expected, 0.02, "delivered " + delivered + " B, expected " + expected);
        // Against W x MTU / RTT itself, the reaction delay costs floor(W) x L / (RTT + L) packets per RTT: < 1.2%.
        assertEquals(1.0, delivered / (w * 1500 * MEASURED_PS / RTT_PS), 0.02);
    }
}
