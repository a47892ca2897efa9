package org.cosim.fabric.net;

import java.util.List;
import org.cosim.fabric.kernel.EventHandler;
import org.cosim.fabric.kernel.Simulator;
import org.cosim.setup.topology.LinkChanges;

/**
 * Applies the scenario's link rate changes (topology.link_changes) at their
 * times: one event per change, first among the events of its picosecond (as the
 * OMNeT++ bridge's), setting the rate of both directions of the link.
 */
public final class LinkRateSchedule implements EventHandler {
    private final Simulator sim;
    private final List<LinkChanges.Change> changes;
    private final LinkTransmitter[][] links;  // by link index: {a -> b, b -> a}
    private final int handler;

    public LinkRateSchedule(Simulator sim, List<LinkChanges.Change> changes, LinkTransmitter[][] links) {
        this.sim = sim;
        this.changes = changes;
        this.links = links;
        this.handler = sim.register(this);
    }

    public void start() {
        for (int i = 0; i < changes.size(); i++) {
            sim.schedule(changes.get(i).atPs(), Simulator.PRIORITY_FIRST, handler, i, 0);
        }
    }

    @Override
    public void handle(int kind, long arg) {
        LinkChanges.Change c = changes.get(kind);
        for (LinkTransmitter t : links[c.link()]) {
            t.changeRate(c.rateBps());
        }
    }
}
