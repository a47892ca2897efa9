package org.cosim.setup.topology;

import java.util.ArrayList;
import java.util.List;
import org.cosim.proto.Clos;
import org.cosim.scenario.Defaults;
import org.cosim.scenario.ScenarioException;

/**
 * A two-tier Clos (Poseidon NSDI'23 §5): racks of hosts under one ToR each, and
 * every ToR linked to every spine. The ToR uplinks set the oversubscription
 * (hosts x host rate over spines x uplink rate), given directly as the uplink
 * rate or as the ratio. Routing is shortest-path with per-flow ECMP over the
 * spines.
 *
 * <p>Names and numbering (scenario.proto, Clos): host r*H + i is "rack[r].host[i]";
 * switch ids 0..R-1 are "tor[r]", then "spine[s]"; a ToR's port i < H goes to its
 * host i, port H + s to spine[s]; a spine's port r goes to tor[r]. Monitored: every
 * ToR uplink (the oversubscribed hop) and every ToR's port to the first host of
 * its rack (where an incast into the rack queues). Incast: every host sends to
 * host 0.
 */
public final class ClosTopology {
    private static final String P = "topology.clos.";

    private ClosTopology() {}

    public static TopologyGraph build(Clos p) {
        int racks = TopologyBuilders.count(p.getRacks(), P + "racks", "rack", "racks");
        int hosts = TopologyBuilders.count(p.getHostsPerRack(), P + "hosts_per_rack", "host per rack", "hosts per rack");
        int spines = TopologyBuilders.count(Defaults.intOf(p, "spines"), P + "spines", "spine", "spines");
        if (racks * (long) hosts < 2) {
            throw new ScenarioException(P + "hosts_per_rack", "one host in all: a network needs two");
        }
        TopologyBuilders.checkSize(P + "hosts_per_rack", racks * (long) hosts, racks + (long) spines);
        TopologyBuilders.checkLinks(P + "spines", racks * (long) hosts + racks * (long) spines,
                racks * (long) hosts + " hosts and " + racks + " racks x " + spines + " spines");
        long hostRate = TopologyBuilders.rate(p.getHostRateGbps(), P + "host_rate_gbps");
        long uplinkRate = uplinkRate(p, hosts, spines);
        long delay = TopologyBuilders.delay(p.getLinkDelayUs(), P + "link_delay_us");

        TopologyGraph g = new TopologyGraph();
        for (int r = 0; r < racks; r++) {
            g.addSwitch("tor[" + r + "]");
        }
        for (int s = 0; s < spines; s++) {
            g.addSwitch("spine[" + s + "]");
        }
        List<Integer> all = new ArrayList<>();
        for (int r = 0; r < racks; r++) {
            for (int i = 0; i < hosts; i++) {
                int h = g.addHost("rack[" + r + "].host[" + i + "]");
                g.connect(TopologyGraph.switchRef(r), h, hostRate, delay);
                all.add(h);
            }
        }
        for (int s = 0; s < spines; s++) {
            for (int r = 0; r < racks; r++) {
                g.connect(TopologyGraph.switchRef(r), TopologyGraph.switchRef(racks + s), uplinkRate, delay);
            }
        }
        for (int r = 0; r < racks; r++) {
            for (int s = 0; s < spines; s++) {
                g.monitor(r, hosts + s);
            }
            g.monitor(r, 0);
        }
        g.setIncastRoles(all.subList(1, all.size()), 0);
        return g;
    }

    /** The uplink rate, from uplink_rate_gbps or from the oversubscription ratio (exactly one of them). */
    private static long uplinkRate(Clos p, int hosts, int spines) {
        boolean byRate = p.getUplinkRateGbps() != 0;
        if (byRate && p.hasOversubscription()) {
            throw new ScenarioException(P + "oversubscription", "set uplink_rate_gbps or oversubscription, not both");
        }
        if (byRate) {
            return TopologyBuilders.rate(p.getUplinkRateGbps(), P + "uplink_rate_gbps");
        }
        if (!p.hasOversubscription()) {
            throw new ScenarioException(P + "uplink_rate_gbps",
                    "missing: give the uplink rate or the oversubscription ratio");
        }
        double ratio = p.getOversubscription();
        if (!(ratio > 0) || Double.isInfinite(ratio)) {
            throw new ScenarioException(P + "oversubscription", ratio + ": must be > 0 (3 means 3:1)");
        }
        return TopologyBuilders.rate(hosts * p.getHostRateGbps() / (spines * ratio), P + "oversubscription");
    }
}
