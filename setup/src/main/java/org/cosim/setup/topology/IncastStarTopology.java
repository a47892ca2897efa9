package org.cosim.setup.topology;

import java.util.ArrayList;
import java.util.List;
import org.cosim.proto.IncastStar;

/**
 * N clients and one server on a single switch (TIMELY's incast testbed: 10 Gb/s
 * clients, a 2x10G server modelled as one 20 Gb/s link; docs/timely.md).
 * Host 0 is the server, hosts 1..N the clients. The switch's port toward the
 * server is the monitored bottleneck.
 */
public final class IncastStarTopology {
    private static final String P = "topology.incast_star.";

    private IncastStarTopology() {}

    public static TopologyGraph build(IncastStar p) {
        int clientCount = TopologyBuilders.count(p.getClients(), P + "clients", "client", "clients");
        long clientRate = TopologyBuilders.rate(p.getClientRateGbps(), P + "client_rate_gbps");
        long serverRate = TopologyBuilders.rate(p.getServerRateGbps(), P + "server_rate_gbps");
        long delay = TopologyBuilders.delay(p.getLinkDelayUs(), P + "link_delay_us");

        TopologyGraph g = new TopologyGraph();
        int server = g.addHost("server");
        int sw = g.addSwitch("switch");
        TopologyGraph.Link down = g.connect(TopologyGraph.switchRef(sw), server, serverRate, delay);
        g.monitor(sw, down.portA());
        List<Integer> clients = new ArrayList<>();
        for (int i = 1; i <= clientCount; i++) {
            int c = g.addHost("client[" + i + "]");
            g.connect(c, TopologyGraph.switchRef(sw), clientRate, delay);
            clients.add(c);
        }
        g.setIncastRoles(clients, server);
        return g;
    }
}
