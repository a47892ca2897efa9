package org.cosim.fabric.net;

import java.util.ArrayList;
import java.util.List;
import org.cosim.fabric.kernel.Simulator;
import org.cosim.fabric.packet.PacketPool;
import org.cosim.fabric.packet.PacketType;
import org.cosim.fabric.packet.TrafficClass;
import org.cosim.fabric.stats.FlowStats;
import org.cosim.setup.hardware.PfcParams;
import org.cosim.setup.hardware.QueueDiscipline;
import org.cosim.setup.hardware.SwitchParams;

/**
 * A switch port driven directly by a test: on a 10 Gb/s link with no delay into
 * a {@link Recorder}, packets made to order, and what the peer saw read back.
 * Packets a port hands to its switch for forwarding (returned headers) land in
 * {@link #forwarded}.
 */
final class PortBench {
    static final long TEN_G = 10_000_000_000L;

    final Simulator sim = new Simulator();
    final PacketPool pool = new PacketPool();
    final Recorder peer = new Recorder(sim, pool, true);
    final List<Integer> forwarded = new ArrayList<>();
    private final long seed;
    private final int switchId;

    PortBench(long seed, int switchId) {
        this.seed = seed;
        this.switchId = switchId;
    }

    /** Port 0 of switch {@code switchId} with this discipline, a shared buffer and port cap of 1 GiB, no PFC. */
    SwitchPort create(QueueDiscipline discipline) {
        SwitchPort[] holder = new SwitchPort[1];
        int owner = sim.register((k, a) -> holder[0].txDone());
        LinkTransmitter tx = new LinkTransmitter(sim, pool, owner, 0, TEN_G, 0);
        tx.attach(peer.handler, 0);
        PortContext ctx = new PortContext(sim, pool, new FlowStats(16, 0), new SharedBuffer(1L << 30), switchId, "sw",
                seed, forwarded::add);
        holder[0] = Switch.port(discipline, ctx, 0, tx, new SwitchParams(1L << 30, 1L << 30, -1, 0, PfcParams.OFF));
        return holder[0];
    }

    /** A packet of flow 1 from host 10 to host 20; data carries its size as payload. */
    int packet(int type, int bytes, long seq, long uid) {
        int p = pool.alloc();
        pool.type[p] = type;
        pool.trafficClass[p] = type == PacketType.DATA ? TrafficClass.DATA : TrafficClass.CONTROL;
        pool.size[p] = bytes;
        pool.payload[p] = type == PacketType.DATA ? bytes : 0;
        pool.seq[p] = seq;
        pool.uid[p] = uid;
        pool.src[p] = 10;
        pool.dst[p] = 20;
        pool.flow[p] = 1;
        return p;
    }

    /** The sequence numbers the peer received, in order. */
    List<Long> seqs() {
        return peer.arrivals().stream().map(Recorder.Seen::seq).toList();
    }

    /** Whether every copy of {@code seq} the peer received was a trimmed 64-byte header. */
    boolean trimmed(long seq) {
        return peer.arrivals().stream().filter(s -> s.seq() == seq)
                .allMatch(s -> (s.flags() & PacketPool.FLAG_TRIMMED) != 0 && s.size() == 64);
    }
}
