package org.cosim.fabric.net;

import org.cosim.setup.hardware.NicScheduling;

import org.cosim.setup.hardware.NicParams;

import org.cosim.agents.api.ActionSink;
import org.cosim.agents.api.ControlArrivalEvent;
import org.cosim.agents.api.EventBatch;
import org.cosim.agents.api.SegmentRtt;
import org.cosim.fabric.kernel.EventHandler;
import org.cosim.fabric.kernel.NodeRank;
import org.cosim.fabric.kernel.Simulator;
import org.cosim.fabric.packet.PacketFifo;
import org.cosim.fabric.packet.PacketPool;
import org.cosim.fabric.packet.PacketType;
import org.cosim.fabric.packet.TrafficClass;
import org.cosim.fabric.stats.FlowStats;
import org.cosim.fabric.stats.RttRecorder;
import org.cosim.setup.report.PacketTrace;
import org.cosim.fabric.trace.PacketTracer;
import org.cosim.setup.workload.FlowTable;

/**
 * A host NIC.
 *
 * <p>Sending: segments handed over by the agent queue in the NIC; the NIC cuts
 * them into MTU packets and sends them at line rate, taking the flows in turn one
 * packet each or, under {@link NicScheduling#FIFO}, segment after segment
 * ({@link SegmentQueue}); control frames (hardware ACKs, agents' ACK/NACK/PULL
 * packets) go first; a PFC pause on the data class stops data after the packet
 * on the wire.
 *
 * <p>Receiving a segment sent with hardware ACK: data bytes are counted; when the
 * segment's last packet arrives and all of it came, the NIC returns one ACK at
 * once, echoing the send timestamp, the TX timestamps of its first and last packets, ECN and
 * the INT max-hop delay the segment saw; when that ACK reaches the sender NIC, it
 * raises the completion event with the hardware timestamps (and the INT delay the
 * ACK itself saw on the way back); with INT hop records, the ACK also reflects the
 * hop stack of the packet it answers, reported after the completion. The NIC sends ACKs ahead of its data; in the
 * switches they travel at control priority, or in the data queue when
 * {@link NicParams#acksShareDataQueue()}.
 * Receiving a packet sent without hardware ACK, a trimmed or returned header, or
 * an agent's control packet: the NIC tells its agent (an agent ACK that echoes a
 * send time also gives an RTT sample).
 */
public final class Nic implements EventHandler {
    private static final int PORT = 0;

    private final int host;
    private final Simulator sim;
    private final PacketPool pool;
    private final NicParams params;
    private final FlowStats flowStats;
    private PacketTracer tracer;  // null unless output.packet_trace
    private final RttRecorder rtts;
    private final HostEventSink agents;
    private final FlowTable flows;
    private final int handler;
    private LinkTransmitter tx;
    private final PacketFifo control = new PacketFifo();
    private final SegmentQueue segments;
    private boolean dataPaused;
    private final int[] packetsMade;   // per flow, for packet identities
    private final long[] segmentInProgress;  // per flow: segmentSeq of the segment being received
    private final long[] segmentBytesSeen;   // per flow: its bytes received so far
    private final boolean[] ecnSinceAck;
    private final long[] intSinceAck;
    private long pauseFramesReceived;

    public Nic(int host, Simulator sim, PacketPool pool, NicParams params, FlowStats flowStats,
               RttRecorder rtts, HostEventSink agents, FlowTable flows) {
        this(host, sim, pool, params, flowStats, rtts, agents, flows, new NicFlowState(flows.size()));
    }

    /** With the per-flow table shared by all NICs of the run ({@link NicFlowState}). */
    public Nic(int host, Simulator sim, PacketPool pool, NicParams params, FlowStats flowStats,
               RttRecorder rtts, HostEventSink agents, FlowTable flows, NicFlowState perFlow) {
        this.host = host;
        this.sim = sim;
        this.pool = pool;
        this.params = params;
        this.flowStats = flowStats;
        this.rtts = rtts;
        this.agents = agents;
        this.flows = flows;
        this.handler = sim.register(this, NodeRank.host(host));
        this.packetsMade = perFlow.packetsMade;
        this.segmentInProgress = perFlow.segmentInProgress;
        this.segmentBytesSeen = perFlow.segmentBytesSeen;
        this.ecnSinceAck = perFlow.ecnSinceAck;
        this.intSinceAck = perFlow.intSinceAck;
        this.segments = new SegmentQueue(params.scheduling(), perFlow);
    }

    /**
     * Creates the NIC's egress onto its access link; the link's rate is the NIC's
     * line rate, and the run's seed keys the NIC's timing noise (NicParams.txGapJitterPs).
     */
    public LinkTransmitter connect(long rateBps, long delayPs, long seed) {
        tx = new LinkTransmitter(sim, pool, handler, PORT, rateBps, delayPs);
        tx.idleAfterData(params.txGapJitterPs(), seed, host);
        return tx;
    }

    public int host() {
        return host;
    }

    public int handler() {
        return handler;
    }

    public long lineRateBps() {
        return tx.rateBps();
    }

    public LinkTransmitter transmitter() {
        return tx;
    }

    public boolean dataPaused() {
        return dataPaused;
    }

    public long pauseFramesReceived() {
        return pauseFramesReceived;
    }

    /** Segments waiting in the NIC, including the one being sent. */
    public int queuedSegments() {
        return segments.size();
    }

    /** The agent hands a segment to the NIC now; its send timestamp is now. */
    public void postSegment(int flow, long seq, int bytes, int path) {
        postSegment(flow, seq, bytes, path, 0);
    }

    /** With {@code options}: {@link ActionSink#NO_ACK}, {@link ActionSink#LAST_OF_FLOW}. */
    public void postSegment(int flow, long seq, int bytes, int path, int options) {
        segments.add(flow, seq, bytes, path, sim.now(), options);
        trySend();
    }

    /**
     * The agent sends an ACK, NACK or PULL to the other end of the flow, ahead of
     * data, on source route {@code path} toward that end (0: ECMP).
     */
    public void sendControl(int flow, int kind, long seq, long pullNumber, int path, long echoTimePs,
                            long echoTxTimePs) {
        int c = pool.alloc();
        pool.type[c] = PacketType.CONTROL;
        pool.trafficClass[c] = TrafficClass.CONTROL;
        pool.flow[c] = flow;
        pool.src[c] = host;
        pool.dst[c] = host == flows.src(flow) ? flows.dst(flow) : flows.src(flow);
        pool.size[c] = params.ackBytes();
        pool.seq[c] = seq;
        pool.controlKind[c] = kind;
        pool.pullNumber[c] = pullNumber;
        pool.echoTime[c] = echoTimePs;
        pool.echoTxTime[c] = echoTxTimePs;
        pool.answeredPath[c] = path;
        pool.path[c] = path;
        pool.routeCursor[c] = Math.max(0, path - 1);
        control.add(c);
        trySend();
    }

    @Override
    public void handle(int kind, long arg) {
        int pkt = (int) arg;
        switch (EventKinds.type(kind)) {
            case EventKinds.ARRIVE -> receive(pkt);
            case EventKinds.TX_DONE -> {
                tx.finish();
                trySend();
            }
            default -> throw new IllegalStateException("nic " + host + ": unknown event kind " + kind);
        }
    }

    private void trySend() {
        if (tx.busy()) {
            return;
        }
        int pkt;
        if (!control.isEmpty()) {
            pkt = control.poll();
        } else if (!dataPaused && !segments.isEmpty()) {
            pkt = nextDataPacket();
        } else {
            return;
        }
        if (tracer != null) {
            tracer.nic(PacketTrace.NIC_SEND, host, pkt);
        }
        tx.start(pkt);
    }

    /** Records the traced flows' packets this NIC sends and receives (output.packet_trace). */
    public void trace(PacketTracer t) {
        this.tracer = t;
    }

    private int nextDataPacket() {
        int seg = segments.select();
        int offset = segments.currentOffset();
        int flow = segments.flow(seg);
        int segBytes = segments.bytes(seg);
        int options = segments.options(seg);
        long segSeq = segments.seq(seg);
        boolean syn = (options & ActionSink.SYN) != 0;
        int bytes = Math.min(params.mtuBytes(), segBytes - offset);
        int p = pool.alloc();
        pool.type[p] = PacketType.DATA;
        pool.trafficClass[p] = TrafficClass.DATA;
        pool.flow[p] = flow;
        pool.src[p] = host;
        pool.dst[p] = flows.dst(flow);
        pool.size[p] = syn ? params.ackBytes() : bytes;  // a SYN is a header: it travels with the data
        pool.payload[p] = bytes;
        pool.segmentSeq[p] = segSeq;
        pool.seq[p] = segSeq + offset;
        pool.segmentBytes[p] = segBytes;
        pool.segmentSendTime[p] = segments.postTime(seg);
        int path = segments.path(seg);
        pool.path[p] = path;
        pool.routeCursor[p] = Math.max(0, path - 1);
        pool.txTime[p] = sim.now();  // the caller puts it on the wire now
        pool.segmentTxStart[p] = segments.txStart(sim.now());
        pool.uid[p] = ((long) flow << 32) | (packetsMade[flow]++ & 0xffffffffL);
        if ((options & ActionSink.NO_ACK) != 0) {
            pool.flags[p] |= PacketPool.FLAG_NO_ACK;
        }
        if (syn) {
            pool.flags[p] |= PacketPool.FLAG_SYN;
        }
        if (segments.cut(bytes)) {
            pool.flags[p] |= PacketPool.FLAG_LAST_OF_SEGMENT;
            if ((options & ActionSink.LAST_OF_FLOW) != 0) {
                pool.flags[p] |= PacketPool.FLAG_LAST_OF_FLOW;
            }
            if ((options & ActionSink.REPORT_TX) != 0) {
                agents.transmitted(host, flow, segSeq, segBytes, pool.segmentSendTime[p]);
            }
        }
        if (!syn) {
            flowStats.sent(flow, pool.seq[p], bytes);
        }
        return p;
    }

    private void receive(int pkt) {
        if (tracer != null) {
            tracer.nic(PacketTrace.NIC_RECEIVE, host, pkt);
        }
        switch (pool.type[pkt]) {
            case PacketType.DATA -> {
                if (pool.has(pkt, PacketPool.FLAG_SYN)) {
                    receiveSyn(pkt);
                } else if ((pool.flags[pkt] & (PacketPool.FLAG_NO_ACK | PacketPool.FLAG_TRIMMED
                        | PacketPool.FLAG_RETURNED)) != 0) {
                    reportPacket(pkt);
                } else {
                    receiveData(pkt);
                }
            }
            case PacketType.SEGMENT_ACK -> receiveAck(pkt);
            case PacketType.CONTROL -> receiveControl(pkt);
            case PacketType.PFC -> receivePfc(pkt);
            default -> throw new IllegalStateException("nic " + host + ": packet of unknown type " + pool.type[pkt]);
        }
    }

    /**
     * Counts the data and, on the segment's last packet, ACKs the segment if all of
     * it arrived. A segment that lost a packet is not ACKed (there is no
     * retransmission under completion-based transports: they rely on PFC).
     */
    private void receiveData(int pkt) {
        int flow = pool.flow[pkt];
        flowStats.delivered(flow, pool.seq[pkt], pool.payload[pkt], sim.now());
        if (segmentInProgress[flow] != pool.segmentSeq[pkt]) {
            segmentInProgress[flow] = pool.segmentSeq[pkt];
            segmentBytesSeen[flow] = 0;
            ecnSinceAck[flow] = false;
            intSinceAck[flow] = 0;
        }
        segmentBytesSeen[flow] += pool.size[pkt];
        ecnSinceAck[flow] |= pool.has(pkt, PacketPool.FLAG_ECN_CE);
        intSinceAck[flow] = Math.max(intSinceAck[flow], pool.intMaxHopDelay[pkt]);
        if (pool.has(pkt, PacketPool.FLAG_LAST_OF_SEGMENT)) {
            if (segmentBytesSeen[flow] == pool.segmentBytes[pkt]) {
                control.add(makeAck(pkt, intSinceAck[flow], ecnSinceAck[flow]));
                trySend();
            }
            segmentInProgress[flow] = -1;
        }
        pool.release(pkt);
    }

    /**
     * A SYN is answered at once with an ACK carrying what this one packet saw (ECN,
     * INT), without touching the flow's data accounting. A SYN that a trimming port
     * cut or sent back counts as lost: there is nothing of it to report.
     */
    private void receiveSyn(int pkt) {
        if ((pool.flags[pkt] & (PacketPool.FLAG_TRIMMED | PacketPool.FLAG_RETURNED)) == 0) {
            int a = makeAck(pkt, pool.intMaxHopDelay[pkt], pool.has(pkt, PacketPool.FLAG_ECN_CE));
            pool.flags[a] |= PacketPool.FLAG_SYN;
            control.add(a);
            trySend();
        }
        pool.release(pkt);
    }

    /** A packet without hardware ACK (or a trimmed or returned header): its host's agent hears of it. */
    private void reportPacket(int pkt) {
        int flow = pool.flow[pkt];
        boolean trimmed = pool.has(pkt, PacketPool.FLAG_TRIMMED);
        if (!trimmed) {
            flowStats.delivered(flow, pool.seq[pkt], pool.payload[pkt], sim.now());
        }
        int flags = (trimmed ? EventBatch.TRIMMED : 0)
                | (pool.has(pkt, PacketPool.FLAG_RETURNED) ? EventBatch.RETURNED : 0)
                | (pool.has(pkt, PacketPool.FLAG_LAST_OF_FLOW) ? EventBatch.LAST_OF_FLOW : 0)
                | (pool.has(pkt, PacketPool.FLAG_ECN_CE) ? EventBatch.ECN : 0);
        agents.packetArrival(host, flow, pool.seq[pkt], pool.payload[pkt], pool.path[pkt], flags,
                pool.intMaxHopDelay[pkt], pool.segmentSendTime[pkt], pool.txTime[pkt]);
        pool.release(pkt);
    }

    /** The ACK of a segment whose last packet is {@code data}, echoing what the segment saw. */
    private int makeAck(int data, long intEcho, boolean ecnEcho) {
        int flow = pool.flow[data];
        int a = pool.alloc();
        pool.type[a] = PacketType.SEGMENT_ACK;
        pool.trafficClass[a] = params.acksShareDataQueue() ? TrafficClass.DATA : TrafficClass.CONTROL;
        pool.flow[a] = flow;
        pool.src[a] = host;
        pool.dst[a] = pool.src[data];
        pool.size[a] = params.ackBytes();
        pool.segmentSeq[a] = pool.segmentSeq[data];
        pool.segmentBytes[a] = pool.segmentBytes[data];
        pool.segmentSendTime[a] = pool.segmentSendTime[data];
        pool.txTime[a] = pool.txTime[data];
        pool.segmentTxStart[a] = pool.segmentTxStart[data];
        pool.intEcho[a] = intEcho;
        pool.flags[a] = ecnEcho ? PacketPool.FLAG_ECN_ECHO : 0;
        pool.uid[a] = pool.uid[data] | Long.MIN_VALUE;
        if (pool.intHops[data] > 0) {
            pool.copyHops(data, a);  // HPCC: the ACK reflects the hop stack of the packet it answers
        }
        return a;
    }

    /**
     * A segment's ACK: a completion for the agent and an RTT sample (a SYN-ACK is a completion only), its
     * network RTT from the segment's first packet onto the wire, its host RTT from the hand-over to the NIC.
     */
    private void receiveAck(int ack) {
        int flow = pool.flow[ack];
        int bytes = pool.segmentBytes[ack];
        long sendTime = pool.segmentSendTime[ack];
        boolean syn = pool.has(ack, PacketPool.FLAG_SYN);
        if (!syn) {
            rtts.record(sim.now(), flow, SegmentRtt.rttPs(pool.segmentTxStart[ack], sim.now(), bytes, tx.rateBps()),
                    SegmentRtt.rttPs(sendTime, sim.now(), bytes, tx.rateBps()));
        }
        agents.completion(host, flow, pool.segmentSeq[ack], bytes, sendTime, pool.txTime[ack], pool.intEcho[ack],
                pool.intMaxHopDelay[ack], pool.has(ack, PacketPool.FLAG_ECN_ECHO), syn);
        for (int k = 0, at = ack * PacketPool.HOP_SLOTS; k < pool.intHops[ack]; k++, at++) {
            agents.completionHop(host, pool.hopQueueBytes[at], pool.hopTxBytes[at], pool.hopTimePs[at],
                    pool.hopRateBps[at]);
        }
        pool.release(ack);
    }

    /**
     * An agent's control packet: its agent hears of it. An ACK echoing a send time
     * (NDP echoes the data's) is also an RTT sample: its host RTT from that send
     * time, its network RTT from the echoed TX time (the data packet's start onto
     * the wire), or the host RTT when the agent echoed none.
     */
    private void receiveControl(int c) {
        if (pool.controlKind[c] == ControlArrivalEvent.ACK && pool.echoTime[c] > 0) {
            long hostRtt = sim.now() - pool.echoTime[c];
            rtts.record(sim.now(), pool.flow[c], pool.echoTxTime[c] > 0 ? sim.now() - pool.echoTxTime[c] : hostRtt,
                    hostRtt);
        }
        agents.controlArrival(host, pool.flow[c], pool.controlKind[c], pool.seq[c], pool.pullNumber[c],
                pool.answeredPath[c], pool.echoTime[c], pool.echoTxTime[c]);
        pool.release(c);
    }

    private void receivePfc(int frame) {
        boolean pause = pool.has(frame, PacketPool.FLAG_PAUSE);
        pool.release(frame);
        if (pause) {
            pauseFramesReceived++;
        }
        dataPaused = pause;
        agents.pfcChange(host, TrafficClass.DATA, pause);
        if (!pause) {
            trySend();
        }
    }
}
