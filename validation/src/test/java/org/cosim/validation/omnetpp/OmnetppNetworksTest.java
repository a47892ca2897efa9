package org.cosim.validation.omnetpp;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.LinkedHashMap;
import java.util.Map;
import org.cosim.fabric.FabricSimulation;
import org.cosim.scenario.ScenarioFiles;
import org.cosim.validation.ShippedScenarios;
import org.junit.jupiter.api.Test;

/** Scenario -> NED network and parameters, from the Java fabric's resolved integers. */
class OmnetppNetworksTest {
    @Test
    void incastStar() {
        var net = OmnetppNetworks.of(FabricSimulation.of(ShippedScenarios.read("timely-incast.textproto")));
        assertEquals("cosim.networks.IncastStar", net.network());
        Map<String, String> want = new LinkedHashMap<>();
        want.put("*.clients", "10");
        want.put("*.clientRate", "10000000000bps");
        want.put("*.serverRate", "20000000000bps");
        want.put("*.linkDelay", "5000000ps");
        want.put("**.portType", "\"cosim.fabric.PriorityPort\"");
        assertEquals(want, net.params());
    }

    @Test
    void dumbbellWithItsOwnBottleneckDelay() {
        var sim = FabricSimulation.of(ScenarioFiles.parse("""
                duration_us: 100
                topology { dumbbell { hosts_per_side: 3 host_rate_gbps: 25 bottleneck_rate_gbps: 2.5
                                      link_delay_us: 0.7 bottleneck_delay_us: 3.25 } }
                protocol { pfc_only {} }
                workload { incast { connections_per_client: 1 } }
                """, "test"));
        var net = OmnetppNetworks.of(sim);
        assertEquals("cosim.networks.Dumbbell", net.network());
        assertEquals("3", net.params().get("*.hostsPerSide"));
        assertEquals("25000000000bps", net.params().get("*.hostRate"));
        assertEquals("2500000000bps", net.params().get("*.bottleneckRate"));
        assertEquals("700000ps", net.params().get("*.linkDelay"));
        assertEquals("3250000ps", net.params().get("*.bottleneckDelay"));
    }
}
