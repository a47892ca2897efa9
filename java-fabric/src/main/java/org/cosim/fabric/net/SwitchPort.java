package org.cosim.fabric.net;

import org.cosim.fabric.kernel.Simulator;
import org.cosim.fabric.packet.PacketFifo;
import org.cosim.fabric.packet.PacketPool;
import org.cosim.fabric.packet.TrafficClass;
import org.cosim.fabric.stats.QueueMonitor;

/**
 * One egress port of a switch: a FIFO per traffic class served in strict priority
 * (control before data, non-preemptive), ECN marking of data on enqueue above a
 * threshold, and PFC: a paused class is not started again until resumed; the
 * packet already on the wire finishes. Buffer admission is the switch's job (the
 * buffer is shared); the port keeps its own occupancy and drop counts.
 */
public final class SwitchPort {
    private final Simulator sim;
    private final PacketPool pool;
    private final LinkTransmitter tx;
    private final long ecnThresholdBytes;
    private final PacketFifo[] queues = new PacketFifo[TrafficClass.COUNT];
    private final long[] queuedBytes = new long[TrafficClass.COUNT];
    private final boolean[] paused = new boolean[TrafficClass.COUNT];
    private long bufferedBytes;  // queued + the packet on the wire
    private long drops;
    private long dropBytes;
    private long ecnMarks;
    private long pauseFramesReceived;
    private QueueMonitor monitor;

    SwitchPort(Simulator sim, PacketPool pool, LinkTransmitter tx, long ecnThresholdBytes) {
        this.sim = sim;
        this.pool = pool;
        this.tx = tx;
        this.ecnThresholdBytes = ecnThresholdBytes;
        for (int c = 0; c < queues.length; c++) {
            queues[c] = new PacketFifo();
        }
    }

    public LinkTransmitter transmitter() {
        return tx;
    }

    public void monitor(QueueMonitor m) {
        this.monitor = m;
    }

    long bufferedBytes() {
        return bufferedBytes;
    }

    public long queuedBytes() {
        return queuedBytes[TrafficClass.CONTROL] + queuedBytes[TrafficClass.DATA];
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

    public boolean paused(int trafficClass) {
        return paused[trafficClass];
    }

    /** Queues an admitted packet and starts the wire if it is idle. */
    void enqueue(int pkt) {
        int c = pool.trafficClass[pkt];
        if (c == TrafficClass.DATA && ecnThresholdBytes >= 0 && queuedBytes[c] >= ecnThresholdBytes) {
            pool.flags[pkt] |= PacketPool.FLAG_ECN_CE;
            ecnMarks++;
        }
        queues[c].add(pkt);
        queuedBytes[c] += pool.size[pkt];
        bufferedBytes += pool.size[pkt];
        queueChanged();
        trySend();
    }

    void countDrop(int pkt) {
        drops++;
        dropBytes += pool.size[pkt];
    }

    /** PFC frames are MAC control: they jump every queue (but not the packet on the wire). */
    void sendPfcFrame(int pkt) {
        queues[TrafficClass.CONTROL].add(pkt);
        queuedBytes[TrafficClass.CONTROL] += pool.size[pkt];
        bufferedBytes += pool.size[pkt];
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

    /** Serialization ended; returns the packet so the switch can release its buffer. */
    int txDone() {
        int pkt = tx.finish();
        bufferedBytes -= pool.size[pkt];
        trySend();
        return pkt;
    }

    private void trySend() {
        if (tx.busy()) {
            return;
        }
        for (int c = 0; c < queues.length; c++) {
            if (!paused[c] && !queues[c].isEmpty()) {
                int pkt = queues[c].poll();
                queuedBytes[c] -= pool.size[pkt];
                queueChanged();
                tx.start(pkt);
                return;
            }
        }
    }

    private void queueChanged() {
        if (monitor != null) {
            monitor.update(sim.now(), queuedBytes());
        }
    }
}
