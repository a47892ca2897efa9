package org.cosim.fabric.net;

import org.cosim.setup.hardware.NdpQueueParams;

import org.cosim.setup.hardware.SwitchParams;

import org.cosim.fabric.kernel.IdentityHash;
import org.cosim.fabric.packet.PacketFifo;
import org.cosim.fabric.packet.PacketPool;
import org.cosim.fabric.packet.PacketType;

/**
 * NDP's switch port (SIGCOMM'17 §3.1): a data queue and a header queue with byte
 * budgets, trimming, return-to-sender, weighted round robin. Its rules are stated
 * once, in docs/fabric-model.md, "The NDP switch port, rule by rule"; the C++
 * port (omnetpp-bridge/src/omnetpp/NdpPort) follows the same text, and paired runs
 * of NDP scenarios on both back ends (OmnetppPairedRunTest) give identical results.
 */
public final class NdpPort extends SwitchPort {
    private final NdpQueueParams params;
    private final PacketFifo data = new PacketFifo();
    private final PacketFifo headers = new PacketFifo();
    private long dataHeld;       // waiting + being sent
    private long headerHeld;
    private long dataWaiting;
    private long headerWaiting;
    private int headersThisRound;
    private int dataThisRound;

    NdpPort(PortContext ctx, int index, LinkTransmitter tx, SwitchParams switchParams, NdpQueueParams params) {
        super(ctx, index, tx, switchParams.intTelemetry());
        this.params = params;
    }

    /** True when the packet is queued here; false when it was trimmed and returned elsewhere, or dropped. */
    @Override
    public boolean offer(int pkt) {
        return isUntrimmedData(pkt) ? offerData(pkt) : offerHeader(pkt);
    }

    private boolean offerData(int pkt) {
        int size = pool.size[pkt];
        if (dataHeld + size <= params.dataQueueBytes()) {
            enqueueData(pkt);
            return true;
        }
        if (params.trimTail() && !data.isEmpty()
                && dataHeld - pool.size[data.peekLast()] + size <= params.dataQueueBytes()
                && IdentityHash.trimTail(ctx.seed(), ctx.switchId(), index, pool.uid[pkt])) {
            int tail = data.removeLast();
            dataHeld -= pool.size[tail];
            dataWaiting -= pool.size[tail];
            enqueueData(pkt);
            trimAndOffer(tail);
            return true;
        }
        return trimAndOffer(pkt);
    }

    private boolean trimAndOffer(int pkt) {
        trim(pkt, params.trimmedBytes());
        return offerHeader(pkt);
    }

    private boolean offerHeader(int pkt) {
        int size = pool.size[pkt];
        if (headerHeld + size <= params.headerQueueBytes()) {
            headers.add(pkt);
            headerHeld += size;
            headerWaiting += size;
            enqueued(pkt);
            return true;
        }
        if (params.returnToSender() && pool.type[pkt] == PacketType.DATA
                && !pool.has(pkt, PacketPool.FLAG_RETURNED)) {
            returnToSender(pkt);
        } else {
            drop(pkt);
        }
        return false;
    }

    private void enqueueData(int pkt) {
        data.add(pkt);
        dataHeld += pool.size[pkt];
        dataWaiting += pool.size[pkt];
        enqueued(pkt);
    }

    @Override
    protected int dequeue() {
        boolean h = !headers.isEmpty();
        boolean d = !data.isEmpty();
        if (!h && !d) {
            return -1;
        }
        if (params.strictPriority()) {
            return h ? pollHeader() : pollData();
        }
        boolean wantH = h && headersThisRound < params.headerWeight();
        boolean wantD = d && dataThisRound < params.dataWeight();
        if (!wantH && !wantD) {
            headersThisRound = 0;
            dataThisRound = 0;
            wantH = h;
        }
        if (wantH) {
            headersThisRound++;
            return pollHeader();
        }
        dataThisRound++;
        return pollData();
    }

    private int pollHeader() {
        int pkt = headers.poll();
        headerWaiting -= pool.size[pkt];
        return pkt;
    }

    private int pollData() {
        int pkt = data.poll();
        dataWaiting -= pool.size[pkt];
        return pkt;
    }

    @Override
    public long queuedBytes() {
        return dataWaiting + headerWaiting;
    }

    @Override
    protected void departed(int pkt) {
        if (isUntrimmedData(pkt)) {
            dataHeld -= pool.size[pkt];
        } else {
            headerHeld -= pool.size[pkt];
        }
    }

    /** Bytes held by the data queue (waiting and being sent). */
    long dataHeldBytes() {
        return dataHeld;
    }

    /** Bytes held by the header queue (waiting and being sent). */
    long headerHeldBytes() {
        return headerHeld;
    }

    int dataWaitingPackets() {
        return data.size();
    }

    int headerWaitingPackets() {
        return headers.size();
    }
}
