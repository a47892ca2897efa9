package org.cosim.validation.omnetpp;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.cosim.fabric.FabricSimulation;
import org.cosim.fabric.RunSpecs;
import org.cosim.fabric.topology.TopologyGraph;
import org.cosim.proto.Topology;
import org.cosim.scenario.ScenarioException;

/**
 * Turns a scenario into the NED network that models its topology and that
 * network's parameters. The values come from the Java fabric's own resolved
 * topology (TopologyGraph: integer rates in b/s, delays in ps), never from the
 * scenario's doubles again; the bridge checks the network it ends up in against
 * the same topology (RunSpec), link by link.
 *
 * <p>One {@link Family} per topology family, each with its NED file in
 * ned/networks; a new family is a new entry here and a new NED file.
 */
public final class OmnetppNetworks {
    private OmnetppNetworks() {}

    /** A NED network and its ini parameter assignments (ini key pattern, value in ini syntax), in order. */
    public record NetworkConfig(String network, Map<String, String> params) {}

    interface Family {
        String network();

        Map<String, String> params(FabricSimulation sim);
    }

    private static final Map<Topology.ShapeCase, Family> FAMILIES = Map.of(
            Topology.ShapeCase.INCAST_STAR, family("cosim.networks.IncastStar", sim -> {
                // Host 0 is the server, hosts 1..N the clients, every link the same delay.
                TopologyGraph g = sim.graph();
                Map<String, String> p = new LinkedHashMap<>();
                p.put("*.clients", Integer.toString(g.hostCount() - 1));
                p.put("*.clientRate", bps(g.hostLink(1).rateBps()));
                p.put("*.serverRate", bps(g.hostLink(0).rateBps()));
                p.put("*.linkDelay", ps(g.hostLink(0).delayPs()));
                return p;
            }),
            Topology.ShapeCase.DUMBBELL, family("cosim.networks.Dumbbell", sim -> {
                TopologyGraph g = sim.graph();
                TopologyGraph.Link bottleneck = firstSwitchLink(g);
                Map<String, String> p = new LinkedHashMap<>();
                p.put("*.hostsPerSide", Integer.toString(g.hostCount() / 2));
                p.put("*.hostRate", bps(g.hostLink(0).rateBps()));
                p.put("*.bottleneckRate", bps(bottleneck.rateBps()));
                p.put("*.linkDelay", ps(g.hostLink(0).delayPs()));
                p.put("*.bottleneckDelay", ps(bottleneck.delayPs()));
                return p;
            }),
            Topology.ShapeCase.FAT_TREE, family("cosim.networks.FatTree", OmnetppNetworks::fatTree),
            Topology.ShapeCase.LEAF_SPINE, family("cosim.networks.LeafSpine", sim -> {
                TopologyGraph g = sim.graph();
                var t = sim.scenario().getTopology().getLeafSpine();
                Map<String, String> p = new LinkedHashMap<>();
                p.put("*.leaves", Integer.toString(t.getLeaves()));
                p.put("*.spines", Integer.toString(t.getSpines()));
                p.put("*.hostsPerLeaf", Integer.toString(t.getHostsPerLeaf()));
                p.put("*.hostRate", bps(g.hostLink(0).rateBps()));
                p.put("*.spineRate", bps(firstSwitchLink(g).rateBps()));
                p.put("*.linkDelay", ps(g.hostLink(0).delayPs()));
                return p;
            }),
            Topology.ShapeCase.CLOS, family("cosim.networks.Clos", sim -> {
                TopologyGraph g = sim.graph();
                var t = sim.scenario().getTopology().getClos();
                Map<String, String> p = new LinkedHashMap<>();
                p.put("*.racks", Integer.toString(t.getRacks()));
                p.put("*.hostsPerRack", Integer.toString(t.getHostsPerRack()));
                p.put("*.spines", Integer.toString(g.switchCount() - t.getRacks()));
                p.put("*.hostRate", bps(g.hostLink(0).rateBps()));
                p.put("*.uplinkRate", bps(firstSwitchLink(g).rateBps()));
                p.put("*.linkDelay", ps(g.hostLink(0).delayPs()));
                return p;
            }),
            Topology.ShapeCase.PARKING_LOT, family("cosim.networks.ParkingLot", sim -> {
                TopologyGraph g = sim.graph();
                var t = sim.scenario().getTopology().getParkingLot();
                Map<String, String> p = new LinkedHashMap<>();
                p.put("*.switches", Integer.toString(t.getSwitches()));
                p.put("*.hostsPerSwitch", Integer.toString(t.getHostsPerSwitch()));
                p.put("*.hostRate", bps(g.hostLink(0).rateBps()));
                // With one switch there is no chain link: the NED parameter is then unused.
                p.put("*.linkRate", bps(g.switchCount() > 1 ? firstSwitchLink(g).rateBps() : 0));
                p.put("*.linkDelay", ps(g.hostLink(0).delayPs()));
                return p;
            }));

    private static Family family(String network, java.util.function.Function<FabricSimulation, Map<String, String>> f) {
        return new Family() {
            @Override
            public String network() {
                return network;
            }

            @Override
            public Map<String, String> params(FabricSimulation sim) {
                return f.apply(sim);
            }
        };
    }

    private static TopologyGraph.Link firstSwitchLink(TopologyGraph g) {
        return g.links().stream().filter(l -> TopologyGraph.isSwitch(l.a()) && TopologyGraph.isSwitch(l.b()))
                .findFirst().orElseThrow();
    }

    /**
     * The fat tree: k, the hosts under each ToR, the links' rate and delay, and each link the scenario overrides
     * (link_overrides) as its two channels' own datarate and delay: the channel of a
     * switch's port q is {@code <switch module>.line$o[q].channel}, a host's
     * {@code host[h].port$o.channel} (NED module names of FatTree.ned).
     */
    private static Map<String, String> fatTree(FabricSimulation sim) {
        TopologyGraph g = sim.graph();
        int k = sim.scenario().getTopology().getFatTree().getK();
        long rate = g.hostLink(0).rateBps();
        long delay = g.hostLink(0).delayPs();
        Map<String, String> p = new LinkedHashMap<>();
        p.put("*.k", Integer.toString(k));
        int hostsPerTor = g.hostCount() / (k * (k / 2));
        if (hostsPerTor != k / 2) {  // oversubscribed; FatTree.ned's default is k/2
            p.put("*.hostsPerTor", Integer.toString(hostsPerTor));
        }
        p.put("*.linkRate", bps(rate));
        p.put("*.linkDelay", ps(delay));
        for (TopologyGraph.Link l : g.links()) {
            if (l.rateBps() == rate && l.delayPs() == delay) {
                continue;
            }
            for (String channel : List.of(fatTreeChannel(k, l.a(), l.portA()), fatTreeChannel(k, l.b(), l.portB()))) {
                p.put(channel + ".datarate", bps(l.rateBps()));
                p.put(channel + ".delay", ps(l.delayPs()));
            }
        }
        return p;
    }

    private static String fatTreeChannel(int k, int node, int port) {
        if (!TopologyGraph.isSwitch(node)) {
            return "*.host[" + node + "].port$o.channel";
        }
        int s = TopologyGraph.switchId(node);
        int tier = k * (k / 2);
        String module = s < tier ? "tor[" + s + "]" : s < 2 * tier ? "agg[" + (s - tier) + "]"
                : "core[" + (s - 2 * tier) + "]";
        return "*." + module + ".line$o[" + port + "].channel";
    }

    /** The NED module implementing each switch-port discipline (RunSpec HardwareSpec.queue_discipline). */
    private static final Map<String, String> PORT_TYPES = Map.of("priority", "cosim.fabric.PriorityPort",
            "ndp", "cosim.fabric.NdpPort", "cut_payload", "cosim.fabric.CutPayloadPort");

    public static NetworkConfig of(FabricSimulation sim) {
        Topology.ShapeCase shape = sim.scenario().getTopology().getShapeCase();
        Family family = FAMILIES.get(shape);
        if (family == null) {
            throw new ScenarioException("topology." + shape.name().toLowerCase(), "not supported on the omnetpp back "
                    + "end yet: it has a NED network per topology family and none for "
                    + (shape == Topology.ShapeCase.FILE ? "a topology read from a file" : "this one")
                    + "; the java back end runs it (--backend java)");
        }
        Map<String, String> params = new LinkedHashMap<>(family.params(sim));
        String discipline = RunSpecs.of(sim).getHardware().getQueueDiscipline();
        String portType = PORT_TYPES.get(discipline);
        if (portType == null) {
            throw new ScenarioException("topology.switches." + discipline, "the OMNeT++ back end has no port "
                    + "module for this queue discipline yet (available: " + List.copyOf(PORT_TYPES.keySet()) + ")");
        }
        params.put("**.portType", "\"" + portType + "\"");
        return new NetworkConfig(family.network(), params);
    }

    private static String bps(long v) {
        return v + "bps";
    }

    private static String ps(long v) {
        return v + "ps";
    }
}
