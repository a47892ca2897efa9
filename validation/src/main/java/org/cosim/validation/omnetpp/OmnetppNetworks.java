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
 * <p>One {@link Family} per topology family with a NED network; a new family (fat
 * tree, leaf-spine, Clos, parking lot: phase 2) is a new entry here and a new NED
 * file in ned/networks.
 */
public final class OmnetppNetworks {
    private OmnetppNetworks() {}

    /** A NED network and its ini parameter assignments (ini key pattern, value in ini syntax), in order. */
    public record NetworkConfig(String network, Map<String, String> params) {}

    interface Family {
        String network();

        Map<String, String> params(TopologyGraph g);
    }

    private static final Map<Topology.ShapeCase, Family> FAMILIES = Map.of(
            Topology.ShapeCase.INCAST_STAR, new Family() {
                @Override
                public String network() {
                    return "cosim.networks.IncastStar";
                }

                @Override
                public Map<String, String> params(TopologyGraph g) {
                    // Host 0 is the server, hosts 1..N the clients, every link the same delay.
                    Map<String, String> p = new LinkedHashMap<>();
                    p.put("*.clients", Integer.toString(g.hostCount() - 1));
                    p.put("*.clientRate", bps(g.hostLink(1).rateBps()));
                    p.put("*.serverRate", bps(g.hostLink(0).rateBps()));
                    p.put("*.linkDelay", ps(g.hostLink(0).delayPs()));
                    return p;
                }
            },
            Topology.ShapeCase.DUMBBELL, new Family() {
                @Override
                public String network() {
                    return "cosim.networks.Dumbbell";
                }

                @Override
                public Map<String, String> params(TopologyGraph g) {
                    TopologyGraph.Link bottleneck = g.links().stream()
                            .filter(l -> TopologyGraph.isSwitch(l.a()) && TopologyGraph.isSwitch(l.b()))
                            .findFirst().orElseThrow();
                    Map<String, String> p = new LinkedHashMap<>();
                    p.put("*.hostsPerSide", Integer.toString(g.hostCount() / 2));
                    p.put("*.hostRate", bps(g.hostLink(0).rateBps()));
                    p.put("*.bottleneckRate", bps(bottleneck.rateBps()));
                    p.put("*.linkDelay", ps(g.hostLink(0).delayPs()));
                    p.put("*.bottleneckDelay", ps(bottleneck.delayPs()));
                    return p;
                }
            });

    /** The NED module implementing each switch-port discipline (RunSpec HardwareSpec.queue_discipline). */
    private static final Map<String, String> PORT_TYPES = Map.of("priority", "cosim.fabric.PriorityPort");

    public static NetworkConfig of(FabricSimulation sim) {
        Topology.ShapeCase shape = sim.scenario().getTopology().getShapeCase();
        Family family = FAMILIES.get(shape);
        if (family == null) {
            throw new ScenarioException("topology." + shape.name().toLowerCase(), "the OMNeT++ back end has no "
                    + "network for this topology family yet (available: incast_star, dumbbell)");
        }
        Map<String, String> params = new LinkedHashMap<>(family.params(sim.graph()));
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
