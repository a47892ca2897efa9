package org.cosim.setup.topology;

import java.util.ArrayList;
import java.util.List;
import org.cosim.proto.Dumbbell;

/**
 * Two switches joined by one bottleneck link, n hosts on each side. Hosts 0..n-1
 * are on the left, n..2n-1 on the right. The left switch's port onto the
 * bottleneck is monitored. An incast sends from every left host to the first
 * right host.
 */
public final class DumbbellTopology {
    private static final String P = "topology.dumbbell.";

    private DumbbellTopology() {}

    public static TopologyGraph build(Dumbbell p) {
        int n = TopologyBuilders.count(p.getHostsPerSide(), P + "hosts_per_side", "host per side", "hosts per side");
        long hostRate = TopologyBuilders.rate(p.getHostRateGbps(), P + "host_rate_gbps");
        long coreRate = TopologyBuilders.rate(p.getBottleneckRateGbps(), P + "bottleneck_rate_gbps");
        long delay = TopologyBuilders.delay(p.getLinkDelayUs(), P + "link_delay_us");
        long coreDelay = p.hasBottleneckDelayUs()
                ? TopologyBuilders.delay(p.getBottleneckDelayUs(), P + "bottleneck_delay_us") : delay;

        TopologyGraph g = new TopologyGraph();
        List<Integer> left = new ArrayList<>();
        List<Integer> right = new ArrayList<>();
        for (int i = 0; i < n; i++) {
            left.add(g.addHost("left[" + i + "]"));
        }
        for (int i = 0; i < n; i++) {
            right.add(g.addHost("right[" + i + "]"));
        }
        int l = TopologyGraph.switchRef(g.addSwitch("left_switch"));
        int r = TopologyGraph.switchRef(g.addSwitch("right_switch"));
        for (int h : left) {
            g.connect(h, l, hostRate, delay);
        }
        for (int h : right) {
            g.connect(h, r, hostRate, delay);
        }
        TopologyGraph.Link core = g.connect(l, r, coreRate, coreDelay);
        g.monitor(TopologyGraph.switchId(l), core.portA());
        g.setIncastRoles(left, right.get(0));
        return g;
    }
}
