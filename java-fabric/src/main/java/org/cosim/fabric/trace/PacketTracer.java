package org.cosim.fabric.trace;

import org.cosim.setup.report.PacketTrace;

import org.cosim.fabric.kernel.Simulator;
import org.cosim.fabric.packet.PacketPool;

/**
 * Records the steps of the traced flows' packets (output.packet_trace) into a
 * {@link PacketTrace}: the NICs and switch ports that hold one call {@link
 * #nic} or {@link #port} at each step, and it keeps those of the traced flows
 * inside the traced interval, up to max_records (then it only counts). A port and a NIC without a tracer
 * (null) pay nothing.
 */
public final class PacketTracer {
    private final Simulator sim;
    private final PacketPool pool;
    private final boolean[] traced;  // by flow id
    private final long fromPs;
    private final long toPs;
    private final long maxRecords;
    private final PacketTrace trace;
    private long steps;

    /** Keeps the steps of the {@code traced} flows at times in [fromPs, toPs), the first {@code maxRecords}. */
    public PacketTracer(Simulator sim, PacketPool pool, boolean[] traced, long fromPs, long toPs, long maxRecords,
                        PacketTrace trace) {
        this.sim = sim;
        this.pool = pool;
        this.traced = traced.clone();
        this.fromPs = fromPs;
        this.toPs = toPs;
        this.maxRecords = maxRecords;
        this.trace = trace;
    }

    /** A step at switch {@code sw}'s egress port {@code port}, whose queue holds {@code queueBytes} after it. */
    public void port(int event, int sw, int port, int pkt, long queueBytes) {
        record(event, sw, port, pkt, queueBytes);
    }

    /** A step at host {@code host}'s NIC. */
    public void nic(int event, int host, int pkt) {
        record(event, host, 0, pkt, -1);
    }

    /** The trace so far, with the count of every step of the traced flows. */
    public PacketTrace trace() {
        trace.setAttempted(steps);
        return trace;
    }

    private void record(int event, int node, int port, int pkt, long queueBytes) {
        int flow = pool.flow[pkt];
        long now = sim.now();
        if (flow < 0 || flow >= traced.length || !traced[flow] || now < fromPs || now >= toPs) {
            return;
        }
        if (steps++ >= maxRecords) {
            return;
        }
        trace.add(now, event, node, port, flow, pool.uid[pkt], pool.type[pkt], pool.controlKind[pkt],
                pool.flags[pkt], pool.seq[pkt], pool.size[pkt], queueBytes);
    }
}
