package org.cosim.fabric.net;

import org.cosim.setup.hardware.IntParams;

import org.cosim.fabric.kernel.Simulator;
import org.cosim.fabric.packet.PacketFifo;
import org.cosim.fabric.packet.PacketPool;
import org.cosim.setup.report.PacketTrace;
import org.cosim.fabric.trace.PacketTracer;
import org.cosim.fabric.packet.PacketType;
import org.cosim.fabric.packet.TrafficClass;
import org.cosim.fabric.stats.QueueMonitor;

/**
 * One egress port of a switch, whatever its queueing: the wire (a
 * {@link LinkTransmitter}), PFC (a paused class is not started again until
 * resumed; the packet on the wire finishes; PFC frames jump every queue), INT
 * stamping at dequeue, drop and ECN counts. Subclasses decide admission and
 * order: {@link PriorityPort} (strict priority, drop-tail), {@link NdpPort} (NDP's
 * trimming port).
 */
public abstract class SwitchPort {
    protected final PortContext ctx;
    protected final Simulator sim;
    protected final PacketPool pool;
    protected final int index;
    private final LinkTransmitter tx;
    private final IntParams intParams;
    private final boolean intOn;
    private final boolean hopRecordsOn;
    private final PacketFifo macControl = new PacketFifo();
    private final boolean[] paused = new boolean[TrafficClass.COUNT];
    private long drops;
    private long dropBytes;
    private int lost = -1;  // the packet txDone() returned, lost on a down link
    protected long ecnMarks;
    private long pauseFramesReceived;
    private long trimmed;
    private long returnedToSender;
    private QueueMonitor monitor;
    private PacketTracer tracer;  // null unless output.packet_trace

    protected SwitchPort(PortContext ctx, int index, LinkTransmitter tx, IntParams intParams) {
        this.ctx = ctx;
        this.sim = ctx.sim();
        this.pool = ctx.pool();
        this.index = index;
        this.tx = tx;
        this.intParams = intParams;
        this.intOn = intParams.on(ctx.switchName());
        this.hopRecordsOn = intOn && intParams.hopRecords();
    }

    /**
     * A packet forwarded to this port. Returns true if it is queued (the caller may
     * then account it, e.g. for PFC); false if the port dropped it (counted and
     * released already).
     */
    public abstract boolean offer(int pkt);

    /** The next packet to put on the wire among the classes not paused, or -1. */
    protected abstract int dequeue();

    /** Bytes waiting for the wire (not the packet being sent). */
    public abstract long queuedBytes();

    /** The packet left the wire: give back what admitting it took. */
    protected abstract void departed(int pkt);

    public LinkTransmitter transmitter() {
        return tx;
    }

    /** Records the traced flows' steps at this port (output.packet_trace). */
    public void trace(PacketTracer t) {
        this.tracer = t;
    }

    public void monitor(QueueMonitor m) {
        this.monitor = m;
    }

    public long drops() {
        return drops;
    }

    public long dropBytes() {
        return dropBytes;
    }

    public long ecnMarks() {
        return ecnMarks;
    }

    public long pauseFramesReceived() {
        return pauseFramesReceived;
    }

    /** Data packets this port cut down to their header (NDP). */
    public long trimmed() {
        return trimmed;
    }

    /** Headers this port sent back to their sender (NDP return-to-sender). */
    public long returnedToSender() {
        return returnedToSender;
    }

    public boolean paused(int trafficClass) {
        return paused[trafficClass];
    }

    /** PFC frames are MAC control: they jump every queue (but not the packet on the wire). */
    void sendPfcFrame(int pkt) {
        macControl.add(pkt);
        trySend();
    }

    void setPaused(int trafficClass, boolean p) {
        if (p) {
            pauseFramesReceived++;
        }
        paused[trafficClass] = p;
        if (!p) {
            trySend();
        }
    }

    /** Serialization ended; returns the packet (it now travels to the peer, or was lost: {@link #dropIfLost}). */
    int txDone() {
        int pkt = tx.finish();
        lost = tx.lastLost() ? pkt : -1;
        if (pool.type[pkt] != PacketType.PFC) {
            departed(pkt);
        }
        trySend();
        return pkt;
    }

    /** After the switch's own accounting of {@code pkt}: a packet sent on a down link is dropped here. */
    void dropIfLost(int pkt) {
        if (lost == pkt) {
            lost = -1;
            drop(pkt);
        }
    }

    /** Drops a packet: counted here and against its flow, then freed. */
    protected final void drop(int pkt) {
        traceStep(PacketTrace.DROP, pkt);
        drops++;
        dropBytes += pool.size[pkt];
        if (pool.type[pkt] == PacketType.DATA) {
            ctx.flowStats().dropped(pool.flow[pkt], pool.payload[pkt]);
        }
        pool.release(pkt);
    }

    /** Whether a packet is whole data (DATA, not trimmed): what a trimming port may cut down. */
    protected final boolean isUntrimmedData(int pkt) {
        return pool.type[pkt] == PacketType.DATA && !pool.has(pkt, PacketPool.FLAG_TRIMMED);
    }

    /** Cuts a data packet down to a header of {@code headerBytes}: the payload size stays in PacketPool.payload. */
    protected final void trim(int pkt, int headerBytes) {
        pool.size[pkt] = headerBytes;
        pool.flags[pkt] |= PacketPool.FLAG_TRIMMED;
        pool.trafficClass[pkt] = TrafficClass.CONTROL;
        trimmed++;
        traceStep(PacketTrace.TRIM, pkt);
    }

    /**
     * Sends a header back to its sender: swaps source and destination, marks it
     * returned and routes it afresh from this switch (by ECMP; Switch.route).
     */
    protected final void returnToSender(int pkt) {
        int src = pool.src[pkt];
        pool.src[pkt] = pool.dst[pkt];
        pool.dst[pkt] = src;
        pool.flags[pkt] |= PacketPool.FLAG_RETURNED;
        returnedToSender++;
        traceStep(PacketTrace.RETURN, pkt);
        ctx.forwarder().forward(pkt);
    }

    /** Subclasses call this when a packet joins a queue. */
    protected final void enqueued(int pkt) {
        pool.enqueueTime[pkt] = sim.now();
        traceStep(PacketTrace.ENQUEUE, pkt);
        queueChanged();
        trySend();
    }

    protected final boolean isPaused(int trafficClass) {
        return paused[trafficClass];
    }

    protected final void trySend() {
        if (tx.busy()) {
            return;
        }
        if (!macControl.isEmpty()) {
            tx.start(macControl.poll());
            return;
        }
        int pkt = dequeue();
        if (pkt < 0) {
            return;
        }
        queueChanged();
        if (intOn) {
            long delay = intParams.field(sim.now() - pool.enqueueTime[pkt]);
            pool.intMaxHopDelay[pkt] = Math.max(pool.intMaxHopDelay[pkt], delay);
            if (hopRecordsOn && pool.type[pkt] == PacketType.DATA) {
                // HPCC's record: the queue left behind, the bytes sent before this packet, now, the rate.
                // (tx bytes: every byte the port started onto the wire, PFC frames and ACKs too)
                pool.pushHop(pkt, queuedBytes(), tx.bytesSent(), sim.now(), tx.rateBps());
            }
        }
        traceStep(PacketTrace.TRANSMIT, pkt);
        tx.start(pkt);
    }

    private void traceStep(int event, int pkt) {
        if (tracer != null) {
            tracer.port(event, ctx.switchId(), index, pkt, queuedBytes());
        }
    }

    protected final void queueChanged() {
        if (monitor != null) {
            monitor.update(sim.now(), queuedBytes());
        }
    }
}
