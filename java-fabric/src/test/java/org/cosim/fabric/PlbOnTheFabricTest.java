package org.cosim.fabric;

import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.cosim.fabric.agent.DirectTransport;
import org.cosim.scenario.ScenarioException;
import org.junit.jupiter.api.Test;

/**
 * Protective Load Balancing on the Java fabric: two long Swift flows between two
 * leaves of a 200 Gb/s leaf-spine (two spines). With this seed ECMP puts both on
 * one spine, so each gets half an uplink; with PLB, Swift's persistent delay at
 * its target moves them until they take different spines, where each runs at
 * line rate. Measured over the last 1.5 ms of 5.
 */
class PlbOnTheFabricTest {
    private static final double MEASURED_S = 1.5e-3;

    private static String scenario(String window) {
        return """
                seed: 4
                duration_us: 5000
                reaction_delay_us: 0.25
                topology {
                  leaf_spine { leaves: 2 spines: 2 hosts_per_leaf: 2 host_rate_gbps: 200 spine_rate_gbps: 200
                               link_delay_us: 0.245 }
                  switches { latency_us: 0.6 int_telemetry { enabled: true } }
                  nic { mtu_bytes: 4096 acks_share_data_queue: true }
                }
                protocol { %s }
                workload { flow_list { flows { src: 0 dst: 2 size_bytes: 0 } flows { src: 1 dst: 3 size_bytes: 0 } } }
                output { warmup_us: 3500 }
                """.formatted(window);
    }

    private static double[] gbps(String protocol) {
        FabricSimulation sim = FabricSimulation.of(TestScenarios.parse(scenario(protocol)));
        FabricResult r = sim.run(new DirectTransport(sim.session()));
        assertNull(r.failure());
        return new double[] {r.flowStats().deliveredMeasuredBytes(0) * 8 / MEASURED_S / 1e9,
                             r.flowStats().deliveredMeasuredBytes(1) * 8 / MEASURED_S / 1e9};
    }

    @Test
    void collidedFlowsShareOneSpineWithoutPlb() {
        for (double g : gbps("swift {}")) {
            assertTrue(g > 90 && g < 110, "half an uplink each: " + g + " Gb/s");
        }
    }

    @Test
    void plbMovesThemApart() {
        for (double g : gbps("swift { window { plb {} } }")) {
            assertTrue(g > 190, "a spine each: " + g + " Gb/s");
        }
    }

    @Test
    void hpccRefusesPlb() {
        ScenarioException e = assertThrows(ScenarioException.class,
                () -> FabricSimulation.of(TestScenarios.parse(scenario("hpcc { window { plb {} } }"))));
        assertTrue(e.getMessage().contains("protocol.hpcc.window.plb"), e.getMessage());
    }
}
