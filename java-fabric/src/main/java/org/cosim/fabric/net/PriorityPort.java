package org.cosim.fabric.net;

import org.cosim.setup.hardware.SwitchParams;

import org.cosim.fabric.packet.PacketFifo;
import org.cosim.fabric.packet.PacketPool;
import org.cosim.fabric.packet.TrafficClass;

/**
 * The default switch port: a FIFO per traffic class served in strict priority
 * (control before data, non-preemptive); drop-tail admission against the
 * switch's shared buffer and this port's cap; ECN: a data packet is marked CE
 * when it arrives to a data queue already holding at least the threshold.
 */
public final class PriorityPort extends SwitchPort {
    private final long portCapBytes;
    private final long ecnThresholdBytes;
    private final PacketFifo[] queues = new PacketFifo[TrafficClass.COUNT];
    private final long[] queuedBytes = new long[TrafficClass.COUNT];
    private long bufferedBytes;  // queued + the packet on the wire

    PriorityPort(PortContext ctx, int index, LinkTransmitter tx, SwitchParams params) {
        super(ctx, index, tx, params.intTelemetry());
        this.portCapBytes = params.portBufferBytes();
        this.ecnThresholdBytes = params.ecnThresholdBytes();
        for (int c = 0; c < queues.length; c++) {
            queues[c] = new PacketFifo();
        }
    }

    @Override
    public boolean offer(int pkt) {
        int bytes = pool.size[pkt];
        if (bufferedBytes + bytes > portCapBytes || !ctx.buffer().tryReserve(bytes)) {
            drop(pkt);
            return false;
        }
        int c = pool.trafficClass[pkt];
        if (c == TrafficClass.DATA && ecnThresholdBytes >= 0 && queuedBytes[c] >= ecnThresholdBytes) {
            pool.flags[pkt] |= PacketPool.FLAG_ECN_CE;
            ecnMarks++;
        }
        queues[c].add(pkt);
        queuedBytes[c] += bytes;
        bufferedBytes += bytes;
        enqueued(pkt);
        return true;
    }

    @Override
    protected int dequeue() {
        for (int c = 0; c < queues.length; c++) {
            if (!isPaused(c) && !queues[c].isEmpty()) {
                int pkt = queues[c].poll();
                queuedBytes[c] -= pool.size[pkt];
                return pkt;
            }
        }
        return -1;
    }

    /** Queued bytes plus the packet on the wire: what counts against the port's cap. */
    long bufferedBytes() {
        return bufferedBytes;
    }

    @Override
    public long queuedBytes() {
        return queuedBytes[TrafficClass.CONTROL] + queuedBytes[TrafficClass.DATA];
    }

    @Override
    protected void departed(int pkt) {
        bufferedBytes -= pool.size[pkt];
        ctx.buffer().release(pool.size[pkt]);
    }
}
