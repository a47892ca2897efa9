package org.cosim.fabric.net;

import org.cosim.setup.hardware.CutPayloadParams;

import org.cosim.setup.hardware.SwitchParams;

import org.cosim.fabric.packet.PacketFifo;

/**
 * A Cut Payload switch port (CP; Cheng et al., NSDI'14), the baseline of NDP's
 * Fig 2 (SIGCOMM'17 §3.1). One FIFO holds data and headers alike, so a trimmed
 * header waits behind every packet queued before it, and headers take link time
 * from data in arrival order: what NDP's separate header queue and 10:1 WRR
 * avoid. The rules, exactly (the OMNeT++ twin implements the same):
 *
 * <p>The budget counts the packets waiting and the one being serialized (a
 * store-and-forward switch holds that packet until its last bit is out), as
 * NdpPort's do. An arriving packet of s bytes: if it is data (type DATA, not
 * trimmed) and held + s > trim threshold, it is trimmed to trimmed_bytes. Then,
 * if held + its size > queue budget, it is dropped; otherwise it joins the FIFO's
 * tail. No coin, no return-to-sender, no priority.
 */
public final class CutPayloadPort extends SwitchPort {
    private final CutPayloadParams params;
    private final PacketFifo fifo = new PacketFifo();
    private long held;     // waiting + being sent
    private long waiting;

    CutPayloadPort(PortContext ctx, int index, LinkTransmitter tx, SwitchParams switchParams,
                   CutPayloadParams params) {
        super(ctx, index, tx, switchParams.intTelemetry());
        this.params = params;
    }

    @Override
    public boolean offer(int pkt) {
        if (isUntrimmedData(pkt) && held + pool.size[pkt] > params.trimThresholdBytes()) {
            trim(pkt, params.trimmedBytes());
        }
        int size = pool.size[pkt];
        if (held + size > params.queueBytes()) {
            drop(pkt);
            return false;
        }
        fifo.add(pkt);
        held += size;
        waiting += size;
        enqueued(pkt);
        return true;
    }

    @Override
    protected int dequeue() {
        if (fifo.isEmpty()) {
            return -1;
        }
        int pkt = fifo.poll();
        waiting -= pool.size[pkt];
        return pkt;
    }

    @Override
    public long queuedBytes() {
        return waiting;
    }

    @Override
    protected void departed(int pkt) {
        held -= pool.size[pkt];
    }

    /** Bytes held (waiting and being sent). */
    long heldBytes() {
        return held;
    }

    int waitingPackets() {
        return fifo.size();
    }
}
