package org.cosim.setup.topology;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import org.cosim.proto.LinkChange;
import org.cosim.scenario.ScenarioException;
import org.cosim.scenario.Units;

/**
 * The scenario's link rate changes (topology.link_changes) resolved to links of
 * the topology: each names two switches joined by a link, a time inside the run
 * and a rate. In the order both back ends schedule them: by time, then scenario
 * order; each applies to both directions before anything else at its picosecond.
 */
public final class LinkChanges {
    /** One change: link {@code link} of the graph carries {@code rateBps} from {@code atPs} on (0: it is down). */
    public record Change(int link, long atPs, long rateBps) {}

    private LinkChanges() {}

    public static List<Change> resolve(List<LinkChange> given, TopologyGraph g, long durationPs) {
        List<Change> out = new ArrayList<>();
        for (int i = 0; i < given.size(); i++) {
            LinkChange c = given.get(i);
            String at = "topology.link_changes[" + i + "]";
            int a = switchNamed(g, c.getA(), at + ".a");
            int b = switchNamed(g, c.getB(), at + ".b");
            int link = g.linkBetween(TopologyGraph.switchRef(a), TopologyGraph.switchRef(b));
            if (link < 0) {
                throw new ScenarioException(at, "no link joins '" + c.getA() + "' and '" + c.getB() + "'");
            }
            long atPs = Units.usToPs(c.getAtUs());
            if (!(c.getAtUs() >= 0) || atPs >= durationPs) {
                throw new ScenarioException(at + ".at_us", c.getAtUs() + ": must be in [0, duration_us)");
            }
            double gbps = c.getRateGbps();
            long bps = gbps == 0 ? 0 : TopologyBuilders.rate(gbps, at + ".rate_gbps", ", or 0 to take the link down");
            out.add(new Change(link, atPs, bps));
        }
        out.sort(Comparator.comparingLong(Change::atPs));  // stable: scenario order among equal times
        return List.copyOf(out);
    }

    private static int switchNamed(TopologyGraph g, String name, String field) {
        for (int s = 0; s < g.switchCount(); s++) {
            if (g.switchName(s).equals(name)) {
                return s;
            }
        }
        throw new ScenarioException(field, "'" + name + "' is not a switch of this topology (host links keep "
                + "their NIC's rate)");
    }
}
