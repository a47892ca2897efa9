package org.cosim.fabric.net;

import java.util.ArrayList;
import java.util.List;
import org.cosim.fabric.kernel.EventHandler;
import org.cosim.fabric.kernel.Simulator;
import org.cosim.fabric.packet.PacketPool;

/**
 * A test endpoint: records every event it receives with the time and a snapshot of the
 * packet (type, size, flags, seq, flow), and optionally releases arriving packets.
 */
final class Recorder implements EventHandler {
    record Seen(long time, int type, int port, int pkt, int pktType, int size, int flags, long seq, int flow,
                int trafficClass) {}

    final Simulator sim;
    final PacketPool pool;
    final int handler;
    final boolean releaseArrivals;
    final List<Seen> seen = new ArrayList<>();

    Recorder(Simulator sim, PacketPool pool, boolean releaseArrivals) {
        this.sim = sim;
        this.pool = pool;
        this.releaseArrivals = releaseArrivals;
        this.handler = sim.register(this);
    }

    @Override
    public void handle(int kind, long arg) {
        int p = (int) arg;
        seen.add(new Seen(sim.now(), EventKinds.type(kind), EventKinds.port(kind), p, pool.type[p], pool.size[p],
                pool.flags[p], pool.seq[p], pool.flow[p], pool.trafficClass[p]));
        if (releaseArrivals && EventKinds.type(kind) == EventKinds.ARRIVE) {
            pool.release(p);
        }
    }

    List<Seen> arrivals() {
        return seen.stream().filter(s -> s.type() == EventKinds.ARRIVE).toList();
    }
}
