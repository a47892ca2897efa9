package org.cosim.setup;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.stream.IntStream;
import org.cosim.proto.Clos;
import org.cosim.proto.CutPayloadQueues;
import org.cosim.proto.FatTree;
import org.cosim.proto.Incast;
import org.cosim.proto.NdpQueues;
import org.cosim.proto.Output;
import org.cosim.proto.PacketTraceSettings;
import org.cosim.proto.Scenario;
import org.cosim.proto.Workload;
import org.cosim.scenario.Defaults;
import org.cosim.setup.hardware.CutPayloadParams;
import org.cosim.setup.hardware.NdpQueueParams;
import org.cosim.setup.hardware.NicParams;
import org.cosim.setup.topology.ClosTopology;
import org.cosim.setup.topology.FatTreeTopology;
import org.cosim.setup.topology.TopologyGraph;
import org.cosim.setup.workload.FlowTable;
import org.cosim.setup.workload.Workloads;
import org.junit.jupiter.api.Test;

/**
 * The fabric's settings apply the defaults scenario.proto declares: each resolved from a message that leaves
 * the fields out and from the same message with every declared default set (Defaults.withDefaults) comes out
 * equal. A class that kept a number of its own for a field would differ here.
 */
class ConfigDefaultsTest {
    private static final NicParams NIC = FabricConfig.from(Scenarios.parse("duration_us: 10\n"
            + "topology { incast_star { clients: 1 client_rate_gbps: 10 server_rate_gbps: 10 } }")).nic();

    /** Run-wide, NIC, switch, PFC and output settings: a scenario that sets only what it must. */
    @Test
    void fabricConfigResolvesAnEmptyScenarioAsOneWithEveryDeclaredDefaultSet() {
        Scenario s = Scenarios.parse("duration_us: 1000\n"
                + "topology { incast_star { clients: 2 client_rate_gbps: 10 server_rate_gbps: 10 link_delay_us: 1 }"
                + " switches { pfc { enabled: true } } }");
        Scenario filled = Defaults.withDefaults(s);
        assertTrue(filled.hasReactionDelayUs() && filled.getTopology().getSwitches().getPfc().hasXoffBytes()
                && filled.getTopology().getNic().hasMtuBytes() && filled.getOutput().hasSampleIntervalUs());
        assertEquals(FabricConfig.from(s), FabricConfig.from(filled));
    }

    @Test
    void ndpAndCutPayloadPortsToo() {
        NdpQueues ndp = NdpQueues.getDefaultInstance();
        assertNotEquals(ndp, Defaults.withDefaults(ndp));
        assertEquals(NdpQueueParams.from(ndp, NIC), NdpQueueParams.from(Defaults.withDefaults(ndp), NIC));
        CutPayloadQueues cp = CutPayloadQueues.getDefaultInstance();
        assertNotEquals(cp, Defaults.withDefaults(cp));
        assertEquals(CutPayloadParams.from(cp, NIC), CutPayloadParams.from(Defaults.withDefaults(cp), NIC));
    }

    @Test
    void thePacketTraceToo() {
        PacketTraceSettings t = PacketTraceSettings.newBuilder().addFlows(0).build();
        PacketTraceConfig a = PacketTraceConfig.from(Output.newBuilder().setPacketTrace(t).build(), 1, 5_000_000);
        PacketTraceConfig b = PacketTraceConfig.from(Output.newBuilder().setPacketTrace(Defaults.withDefaults(t))
                .build(), 1, 5_000_000);
        assertEquals(a.maxRecords(), b.maxRecords());
        assertEquals(a.fromPs(), b.fromPs());
        assertEquals(a.toPs(), b.toPs());
    }

    /** Clos spines, the fat tree's oversubscription: the same hosts, switches and links either way. */
    @Test
    void theTopologiesToo() {
        Clos clos = Clos.newBuilder().setRacks(2).setHostsPerRack(2).setHostRateGbps(10).setUplinkRateGbps(10)
                .setLinkDelayUs(1).build();
        assertSameGraph(ClosTopology.build(clos), ClosTopology.build(Defaults.withDefaults(clos)));
        FatTree tree = FatTree.newBuilder().setK(4).setLinkRateGbps(10).setLinkDelayUs(1).build();
        assertSameGraph(FatTreeTopology.build(tree), FatTreeTopology.build(Defaults.withDefaults(tree)));
    }

    /** An incast of 3 senders on a 16-host fat tree: the same senders with sender_choice left out or declared. */
    @Test
    void theIncastsSenderChoiceToo() {
        TopologyGraph g = FatTreeTopology.build(FatTree.newBuilder().setK(4).setLinkRateGbps(10).build());
        Incast i = Incast.newBuilder().setConnectionsPerClient(1).setSenders(3).build();
        Incast filled = Defaults.withDefaults(i);
        assertTrue(filled.hasSenderChoice());
        assertArrayEquals(sources(Workloads.build(Workload.newBuilder().setIncast(i).build(), g, 7)),
                sources(Workloads.build(Workload.newBuilder().setIncast(filled).build(), g, 7)));
    }

    private static int[] sources(FlowTable t) {
        return IntStream.range(0, t.size()).map(t::src).toArray();
    }

    private static void assertSameGraph(TopologyGraph a, TopologyGraph b) {
        assertEquals(a.hostNames(), b.hostNames());
        assertEquals(a.switchNames(), b.switchNames());
        assertEquals(a.links(), b.links());
    }
}
