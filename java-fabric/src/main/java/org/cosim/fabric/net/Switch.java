package org.cosim.fabric.net;

import java.util.Arrays;
import org.cosim.fabric.kernel.EventHandler;
import org.cosim.fabric.kernel.IdentityHash;
import org.cosim.fabric.kernel.NodeRank;
import org.cosim.fabric.kernel.Simulator;
import org.cosim.fabric.packet.PacketPool;
import org.cosim.fabric.packet.PacketType;
import org.cosim.fabric.packet.TrafficClass;
import org.cosim.fabric.stats.FlowStats;
import org.cosim.setup.hardware.CutPayloadParams;
import org.cosim.setup.hardware.NdpQueueParams;
import org.cosim.setup.hardware.QueueDiscipline;
import org.cosim.setup.hardware.SwitchParams;
import org.cosim.setup.topology.RouteTable;

/**
 * An output-queued switch: after an optional forwarding latency, each packet goes
 * to the egress {@link SwitchPort} its route names: among the equal-cost ports to
 * its destination, the source route's next mixed-radix digit (cosim.proto,
 * SendSegment.path) or, for path 0 and for headers returned to their sender (whose
 * source route leads the other way), the ECMP hash of the flow key. The ports'
 * queue discipline comes from the scenario. PFC is accounted per ingress port on
 * the data class: above XOFF the switch sends a pause frame upstream through that
 * port; at XON, a resume.
 */
public final class Switch implements EventHandler {
    private final int id;
    private final String name;
    private final Simulator sim;
    private final PacketPool pool;
    private final SwitchParams params;
    private final long seed;
    private final int pfcFrameBytes;
    private final int handler;
    private final PortContext ctx;
    private final boolean pfcOn;
    private SwitchPort[] ports = new SwitchPort[0];  // the first portCount are in use
    private int portCount;
    private RouteTable routes;
    private long[] ingressBytes = new long[0];
    private boolean[] upstreamPaused = new boolean[0];
    private long pauseFramesSent;
    private long pauseFramesSentMeasured;
    private long measureFromPs;

    public Switch(int id, String name, Simulator sim, PacketPool pool, FlowStats flowStats,
                  SwitchParams params, long seed, int pfcFrameBytes) {
        this.id = id;
        this.name = name;
        this.sim = sim;
        this.pool = pool;
        this.params = params;
        this.seed = seed;
        this.pfcFrameBytes = pfcFrameBytes;
        this.handler = sim.register(this, NodeRank.ofSwitch(id));
        this.ctx = new PortContext(sim, pool, flowStats, new SharedBuffer(params.bufferBytes()), id, name, seed,
                this::forward);
        this.pfcOn = params.pfc().enabled();
    }

    public int id() {
        return id;
    }

    public String name() {
        return name;
    }

    public int handler() {
        return handler;
    }

    public SwitchPort port(int i) {
        return ports[i];
    }

    public int portCount() {
        return portCount;
    }

    public long pauseFramesSent() {
        return pauseFramesSent;
    }

    /** Pause frames sent from {@code measureFromPs} on (after the warm-up). */
    public long pauseFramesSentMeasured() {
        return pauseFramesSentMeasured;
    }

    public void measureFrom(long ps) {
        this.measureFromPs = ps;
    }

    public long bufferUsed() {
        return ctx.buffer().used();
    }

    /**
     * Adds a port whose egress drives a link of the given rate and delay; returns its index. The arrays grow by
     * doubling: a switch of 100,000 ports is wired in linear time.
     */
    public int addPort(long rateBps, long delayPs) {
        int index = portCount;
        if (index == ports.length) {
            int capacity = Math.max(4, 2 * index);
            ports = Arrays.copyOf(ports, capacity);
            ingressBytes = Arrays.copyOf(ingressBytes, capacity);
            upstreamPaused = Arrays.copyOf(upstreamPaused, capacity);
        }
        LinkTransmitter tx = new LinkTransmitter(sim, pool, handler, index, rateBps, delayPs);
        ports[index] = port(params.queue(), ctx, index, tx, params);
        portCount++;
        return index;
    }

    /** Egress port {@code index} of the kind {@code discipline} names. */
    static SwitchPort port(QueueDiscipline discipline, PortContext ctx, int index, LinkTransmitter tx,
                           SwitchParams params) {
        return discipline.accept(new QueueDiscipline.Cases<>() {
            @Override
            public SwitchPort priority() {
                return new PriorityPort(ctx, index, tx, params);
            }

            @Override
            public SwitchPort ndp(NdpQueueParams p) {
                return new NdpPort(ctx, index, tx, params, p);
            }

            @Override
            public SwitchPort cutPayload(CutPayloadParams p) {
                return new CutPayloadPort(ctx, index, tx, params, p);
            }
        });
    }

    public void setRoutes(RouteTable routes) {
        this.routes = routes;
    }

    @Override
    public void handle(int kind, long arg) {
        int pkt = (int) arg;
        int port = EventKinds.port(kind);
        switch (EventKinds.type(kind)) {
            case EventKinds.ARRIVE -> arrive(port, pkt);
            case EventKinds.FORWARD -> forward(pkt);
            case EventKinds.TX_DONE -> {
                int sent = ports[port].txDone();
                departed(sent);
                ports[port].dropIfLost(sent);
            }
            default -> throw new IllegalStateException(name + ": unknown event kind " + kind);
        }
    }

    private void arrive(int port, int pkt) {
        if (pool.type[pkt] == PacketType.PFC) {
            ports[port].setPaused(TrafficClass.DATA, pool.has(pkt, PacketPool.FLAG_PAUSE));
            pool.release(pkt);
            return;
        }
        pool.ingressPort[pkt] = port;
        if (params.latencyPs() > 0) {
            sim.schedule(sim.now() + params.latencyPs(), handler, EventKinds.encode(EventKinds.FORWARD, 0), pkt);
        } else {
            forward(pkt);
        }
    }

    /** Sends a packet to its egress port (also used by ports that send a packet back). */
    void forward(int pkt) {
        if (!ports[route(pkt)].offer(pkt) || !pfcAccounted(pkt)) {
            return;
        }
        int in = pool.ingressPort[pkt];
        ingressBytes[in] += pool.size[pkt];
        if (!upstreamPaused[in] && ingressBytes[in] > params.pfc().xoffBytes()) {
            upstreamPaused[in] = true;
            sendPfc(in, true);
        }
    }

    private void departed(int pkt) {
        if (!pfcAccounted(pkt)) {
            return;
        }
        int in = pool.ingressPort[pkt];
        ingressBytes[in] -= pool.size[pkt];
        if (upstreamPaused[in] && ingressBytes[in] <= params.pfc().xonBytes()) {
            upstreamPaused[in] = false;
            sendPfc(in, false);
        }
    }

    private boolean pfcAccounted(int pkt) {
        return pfcOn && pool.trafficClass[pkt] == TrafficClass.DATA && pool.type[pkt] != PacketType.PFC;
    }

    private void sendPfc(int port, boolean pause) {
        int f = pool.alloc();
        pool.type[f] = PacketType.PFC;
        pool.trafficClass[f] = TrafficClass.CONTROL;
        pool.size[f] = pfcFrameBytes;
        pool.flags[f] = pause ? PacketPool.FLAG_PAUSE : 0;
        if (pause) {
            pauseFramesSent++;
            if (sim.now() >= measureFromPs) {
                pauseFramesSentMeasured++;
            }
        }
        ports[port].sendPfcFrame(f);
    }

    private int route(int pkt) {
        int dst = pool.dst[pkt];
        int[] choices = routes.ports(dst);
        int n = choices.length;
        if (n == 1) {
            return choices[0];
        }
        if (pool.path[pkt] != 0 && !pool.has(pkt, PacketPool.FLAG_RETURNED)) {
            int d = pool.routeCursor[pkt];
            pool.routeCursor[pkt] = d / n;
            return choices[d % n];
        }
        return choices[IdentityHash.ecmp(seed, id, pool.src[pkt], dst, pool.flow[pkt], n)];
    }
}
