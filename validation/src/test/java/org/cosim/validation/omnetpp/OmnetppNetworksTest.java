package org.cosim.validation.omnetpp;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.LinkedHashMap;
import java.util.Map;
import org.cosim.fabric.FabricSimulation;
import org.cosim.scenario.ScenarioException;
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
    void incastStarWithCutPayloadPorts() {
        var net = OmnetppNetworks.of(FabricSimulation.of(ShippedScenarios.read("ndp-fig2-cut-payload.textproto")));
        assertEquals("cosim.networks.IncastStar", net.network());
        assertEquals("20", net.params().get("*.clients"));
        assertEquals("\"cosim.fabric.CutPayloadPort\"", net.params().get("**.portType"));
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

    /** Fig 22: k, one rate and delay, and the slow core link as its two channels (agg[1][0] is NED agg[4]). */
    @Test
    void fatTreeWithALinkOverrideAndNdpPorts() {
        var net = OmnetppNetworks.of(FabricSimulation.of(ShippedScenarios.read("ndp-fig22-asymmetry.textproto")));
        assertEquals("cosim.networks.FatTree", net.network());
        Map<String, String> want = new LinkedHashMap<>();
        want.put("*.k", "8");
        want.put("*.linkRate", "10000000000bps");
        want.put("*.linkDelay", "1000000ps");
        want.put("*.agg[4].line$o[4].channel.datarate", "1000000000bps");
        want.put("*.agg[4].line$o[4].channel.delay", "1000000ps");
        want.put("*.core[0].line$o[1].channel.datarate", "1000000000bps");
        want.put("*.core[0].line$o[1].channel.delay", "1000000ps");
        want.put("**.portType", "\"cosim.fabric.NdpPort\"");
        assertEquals(want, net.params());
    }

    /** NDP Fig 23: k = 8 at 4:1, 16 hosts under each ToR; FatTree.ned's default of k/2 is left out otherwise. */
    @Test
    void oversubscribedFatTreeGivesTheHostsPerToR() {
        var net = OmnetppNetworks.of(FabricSimulation.of(ShippedScenarios.read("ndp-fig23-oversubscribed.textproto")));
        assertEquals("cosim.networks.FatTree", net.network());
        assertEquals("8", net.params().get("*.k"));
        assertEquals("16", net.params().get("*.hostsPerTor"));
    }

    @Test
    void closOfThePoseidonFabric() {
        var net = OmnetppNetworks.of(FabricSimulation.of(ShippedScenarios.read("poseidon/fig14-m2-n2.textproto",
                "topology.clos.spines=2", "topology.clos.uplink_rate_gbps=100")));
        assertEquals("cosim.networks.Clos", net.network());
        Map<String, String> want = new LinkedHashMap<>();
        want.put("*.racks", "11");
        want.put("*.hostsPerRack", "10");
        want.put("*.spines", "2");
        want.put("*.hostRate", "200000000000bps");
        want.put("*.uplinkRate", "100000000000bps");
        want.put("*.linkDelay", "245000ps");
        want.put("**.portType", "\"cosim.fabric.PriorityPort\"");
        assertEquals(want, net.params());
    }

    @Test
    void leafSpineAndParkingLot() {
        var ls = OmnetppNetworks.of(FabricSimulation.of(ShippedScenarios.read("ndp-fig10-priority.textproto")));
        assertEquals("cosim.networks.LeafSpine", ls.network());
        assertEquals("4", ls.params().get("*.leaves"));
        assertEquals("2", ls.params().get("*.spines"));
        assertEquals("2", ls.params().get("*.hostsPerLeaf"));
        assertEquals("10000000000bps", ls.params().get("*.spineRate"));
        var pl = OmnetppNetworks.of(FabricSimulation.of(ShippedScenarios.read("poseidon/parking-lot.textproto",
                "topology.parking_lot.link_rate_gbps=100")));
        assertEquals("cosim.networks.ParkingLot", pl.network());
        assertEquals("3", pl.params().get("*.switches"));
        assertEquals("3", pl.params().get("*.hostsPerSwitch"));
        assertEquals("200000000000bps", pl.params().get("*.hostRate"));
        assertEquals("100000000000bps", pl.params().get("*.linkRate"));
    }

    /** Every shipped scenario that the Java fabric runs has a NED network and a port module. */
    @Test
    void everyShippedScenarioHasANetwork() throws java.io.IOException {
        try (var files = java.nio.file.Files.walk(ShippedScenarios.path("."))) {
            for (var f : files.filter(p -> p.toString().endsWith(".textproto")).toList()) {
                org.cosim.proto.Scenario sc = ScenarioFiles.read(f);
                if (!sc.hasWorkload() || sc.getTopology().hasFile()) {
                    continue;  // a base for other scenarios (poseidon/fabric.textproto), or a topology file (below)
                }
                OmnetppNetworks.of(FabricSimulation.of(sc));
            }
        }
    }

    /** A topology read from a file runs on the Java fabric only: the OMNeT++ back end says so, naming the field. */
    @Test
    void aTopologyFileIsRefusedSayingTheJavaBackEndRunsIt() {
        ScenarioException e = org.junit.jupiter.api.Assertions.assertThrows(ScenarioException.class,
                () -> OmnetppNetworks.of(FabricSimulation.of(ShippedScenarios.read(
                        "custom/two-racks-dctcp.textproto"))));
        assertEquals("topology.file: not supported on the omnetpp back end yet: it has a NED network per topology "
                + "family and none for a topology read from a file; the java back end runs it (--backend java)",
                e.getMessage());
    }
}
