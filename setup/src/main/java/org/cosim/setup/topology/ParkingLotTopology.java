package org.cosim.setup.topology;

import java.util.ArrayList;
import java.util.List;
import org.cosim.proto.ParkingLot;
import org.cosim.scenario.ScenarioException;

/**
 * A parking lot: switches sw[0] - sw[1] - ... - sw[n-1] in a chain, with the same
 * number of hosts on each. A flow from the first switch to the last crosses every
 * chain link; flows between neighbours load one link each, which makes the
 * classic multi-hop bottleneck cases. With one switch it is a star.
 *
 * <p>Names and numbering (scenario.proto, ParkingLot): host i*H + j is
 * "sw[i].host[j]"; switch i is "sw[i]"; its ports 0..H-1 go to its hosts, then
 * come its chain links in order (toward sw[i-1] first, then sw[i+1]). Monitored:
 * both directions of every chain link, and the last switch's port to its host 0,
 * which is the incast server (every other host sends to it).
 */
public final class ParkingLotTopology {
    private static final String P = "topology.parking_lot.";

    private ParkingLotTopology() {}

    public static TopologyGraph build(ParkingLot p) {
        int n = TopologyBuilders.count(p.getSwitches(), P + "switches", "switch", "switches");
        int hosts = TopologyBuilders.count(p.getHostsPerSwitch(), P + "hosts_per_switch", "host per switch", "hosts per switch");
        if (n * (long) hosts < 2) {
            throw new ScenarioException(P + "hosts_per_switch", "one host in all: a network needs two");
        }
        TopologyBuilders.checkSize(P + "hosts_per_switch", n * (long) hosts, n);
        long hostRate = TopologyBuilders.rate(p.getHostRateGbps(), P + "host_rate_gbps");
        long chainRate = n > 1 ? TopologyBuilders.rate(p.getLinkRateGbps(), P + "link_rate_gbps") : 0;
        long delay = TopologyBuilders.delay(p.getLinkDelayUs(), P + "link_delay_us");

        TopologyGraph g = new TopologyGraph();
        List<Integer> all = new ArrayList<>();
        for (int i = 0; i < n; i++) {
            int sw = g.addSwitch("sw[" + i + "]");
            for (int j = 0; j < hosts; j++) {
                int h = g.addHost("sw[" + i + "].host[" + j + "]");
                g.connect(TopologyGraph.switchRef(sw), h, hostRate, delay);
                all.add(h);
            }
        }
        for (int i = 0; i + 1 < n; i++) {
            TopologyGraph.Link l = g.connect(TopologyGraph.switchRef(i), TopologyGraph.switchRef(i + 1), chainRate,
                    delay);
            g.monitor(i, l.portA());
            g.monitor(i + 1, l.portB());
        }
        int server = (n - 1) * hosts;
        g.monitor(n - 1, 0);
        List<Integer> clients = new ArrayList<>(all);
        clients.remove(Integer.valueOf(server));
        g.setIncastRoles(clients, server);
        return g;
    }
}
