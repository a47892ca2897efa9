package org.cosim.fabric.net;

import org.cosim.fabric.kernel.IdentityHash;
import org.cosim.fabric.packet.PacketFifo;
import org.cosim.fabric.packet.PacketPool;
import org.cosim.fabric.packet.PacketType;

/**
 * NDP's switch port (SIGCOMM'17 §3.1): a low-priority data queue, a
 * high-priority header queue, trimming and return-to-sender. The rules, exactly
 * (the OMNeT++ twin implements the same):
 *
 * <p><b>Classes.</b> A packet is <i>data</i> when its type is DATA and it is not
 * trimmed; everything else (trimmed headers, returned headers, ACK/NACK/PULL,
 * hardware ACKs) belongs to the header queue.
 *
 * <p><b>Budgets.</b> Each queue has a byte budget that counts the packets waiting
 * in it and the one of its packets being serialized (a store-and-forward switch
 * holds that packet until its last bit is out). A packet of s bytes fits when
 * held + s <= budget. The switch's shared buffer is not used.
 *
 * <p><b>Data admission.</b> A data packet that fits joins the data queue's tail.
 * Otherwise the coin {@link IdentityHash#trimTail}(seed, switch id, port index,
 * arriving packet's uid) decides: on true, and if the data queue has a waiting
 * packet (not the one being sent) whose removal makes room for the arrival, that
 * tail packet (the most recently queued) is taken out, the arrival joins the data
 * queue in its place, and then the tail packet is trimmed and offered to the header
 * queue; in every other case the arrival is trimmed and offered to the header
 * queue.
 *
 * <p><b>Trimming</b> sets the size to trimmed_bytes (the payload size is kept),
 * flags the packet trimmed and moves it to the control class.
 *
 * <p><b>Header admission.</b> A header-queue packet that fits joins the header
 * queue's tail. Otherwise, if return-to-sender is on and the packet is a trimmed
 * data header not yet returned, it is returned: source and destination swapped,
 * flagged returned, routed afresh from this switch by ECMP (it enters that port's
 * header queue, and is dropped there if that one is full too); every other
 * overflowing packet is dropped.
 *
 * <p><b>Scheduling</b> (non-preemptive, when the wire is free): weighted round
 * robin by packets. A round serves up to header_weight header packets and up to
 * data_weight data packets, headers first. With counters h and d of the current
 * round: wantH = header queue non-empty and h < header_weight; wantD = data queue
 * non-empty and d < data_weight; if neither, a new round starts (h = d = 0; wantH,
 * wantD = queue non-empty). Then serve a header if wantH (h++), else data (d++).
 * So with both backlogged: 10 headers, 1 data packet, 10 headers, ...; an empty
 * queue forfeits the rest of its turn. Strict priority: headers whenever any wait.
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

    /** The discipline that makes NDP ports with these settings (no PFC over them). */
    public static QueueDiscipline discipline(NdpQueueParams params) {
        return new Discipline(params);
    }

    /** NDP ports with these settings; RunSpecs reads the settings back for external fabrics. */
    public record Discipline(NdpQueueParams params) implements QueueDiscipline.Trimming {
        @Override
        public SwitchPort create(PortContext ctx, int portIndex, LinkTransmitter tx, SwitchParams p) {
            return new NdpPort(ctx, portIndex, tx, p, params);
        }
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
