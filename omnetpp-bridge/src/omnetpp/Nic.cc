#include "Nic.h"

#include <algorithm>
#include <string>

#include "AgentBridge.h"
#include "FlowStats.h"
#include "PacketTracer.h"
#include "HostEventSink.h"
#include "Units.h"

using namespace omnetpp;

namespace cosim {

Define_Module(Nic);

Nic::~Nic() {
    for (Packet* p : control_) delete p;
}

void Nic::initialize(int stage) {
    if (stage == 0) {
        host_ = static_cast<int>(par("host").intValue());
        tx_.attach(this, gate("port$o"));
        rttSignal_ = registerSignal("rtt");
        pfcPauseReceivedSignal_ = registerSignal("pfcPauseReceived");
        return;
    }
    // Stage 1: the bridge has resolved the scenario and checked the network in stage 0.
    AgentBridge* bridge = AgentBridge::of(this);
    const RunSpec& spec = bridge->spec();
    mtuBytes_ = static_cast<int32_t>(spec.hardware().mtu_bytes());
    ackBytes_ = static_cast<int32_t>(spec.hardware().ack_bytes());
    ackClass_ = spec.hardware().acks_share_data_queue() ? kDataClass : kControlClass;
    segments_.setFifo(spec.hardware().nic_fifo());
    // Keyed by the run's seed, as the switches' random choices are, so Java leaves the same gaps.
    tx_.idleAfterData(spec.hardware().nic_tx_gap_jitter_ps(), static_cast<int64_t>(spec.hello().seed()), host_);
    rttFromPs_ = spec.warmup_ps();
    flowStats_ = &bridge->flowStats();
    tracer_ = bridge->packetTracer();
    agents_ = bridge;
    const int n = spec.hello().flows_size();
    flowSrc_.resize(n);
    flowDst_.resize(n);
    for (int f = 0; f < n; ++f) {
        flowSrc_[f] = static_cast<int32_t>(spec.hello().flows(f).src());
        flowDst_[f] = static_cast<int32_t>(spec.hello().flows(f).dst());
    }
    packetsMade_.assign(n, 0);
    segmentInProgress_.assign(n, -1);
    segmentBytesSeen_.assign(n, 0);
    ecnSinceAck_.assign(n, false);
    intSinceAck_.assign(n, 0);
    rttSamples_ = &bridge->rttSamples();
}

void Nic::postSegment(int flow, int64_t seq, int32_t bytes, uint32_t path, int options) {
    Enter_Method_Silent();
    segments_.add(SegmentQueue::Segment{flow, seq, bytes, path, simTime().raw(), options});
    trySend();
}

void Nic::sendControl(int flow, int kind, int64_t seq, uint64_t pullNumber, uint32_t path, int64_t echoTimePs,
                      int64_t echoTxTimePs) {
    Enter_Method_Silent();
    auto* c = new Packet();
    c->type = PACKET_TYPE_CONTROL;
    c->trafficClass = kControlClass;
    c->flow = flow;
    c->src = host_;
    c->dst = host_ == flowSrc_[flow] ? flowDst_[flow] : flowSrc_[flow];
    c->setSize(ackBytes_);
    c->seq = seq;
    c->controlKind = kind;
    c->pullNumber = pullNumber;
    c->echoTime = echoTimePs;
    c->echoTxTime = echoTxTimePs;
    c->answeredPath = path;
    c->path = path;
    c->routeCursor = path == 0 ? 0 : static_cast<int32_t>(path - 1);
    control_.push_back(c);
    trySend();
}

void Nic::handleMessage(cMessage* msg) {
    if (tx_.isTxDone(msg)) {
        tx_.finish();
        trySend();
        return;
    }
    receive(check_and_cast<Packet*>(msg));
}

void Nic::trySend() {
    if (tx_.busy()) return;
    Packet* p = nullptr;
    if (!control_.empty()) {
        p = control_.front();
        control_.pop_front();
    } else if (!dataPaused_ && !segments_.empty()) {
        p = nextDataPacket();
    } else {
        return;
    }
    if (tracer_ != nullptr) tracer_->nic(PacketTraceFile::kNicSend, host_, p);
    tx_.start(p);
}

Packet* Nic::nextDataPacket() {
    const SegmentQueue::Segment s = segments_.select();
    const int32_t offset = segments_.currentOffset();
    const bool syn = (s.options & kSyn) != 0;
    const int32_t bytes = std::min(mtuBytes_, s.bytes - offset);
    auto* p = new Packet();
    p->type = PACKET_TYPE_DATA;
    p->trafficClass = kDataClass;
    p->flow = s.flow;
    p->src = host_;
    p->dst = flowDst_[s.flow];
    p->setSize(syn ? ackBytes_ : bytes);  // a SYN is a header: it travels with the data
    p->payload = bytes;
    p->segmentSeq = s.seq;
    p->seq = s.seq + offset;
    p->segmentBytes = s.bytes;
    p->segmentSendTime = s.postTime;
    p->path = s.path;
    p->routeCursor = s.path == 0 ? 0 : static_cast<int32_t>(s.path - 1);
    p->txTime = simTime().raw();  // the caller puts it on the wire now
    p->segmentTxStart = segments_.txStart(p->txTime);
    p->uid = static_cast<int64_t>((static_cast<uint64_t>(static_cast<uint32_t>(s.flow)) << 32) |
                                  packetsMade_[s.flow]++);
    if ((s.options & kNoAck) != 0) p->flags |= Packet::kNoAck;
    if (syn) p->flags |= Packet::kSyn;
    if (segments_.cut(bytes)) {
        p->flags |= Packet::kLastOfSegment;
        if ((s.options & kLastOfFlow) != 0) p->flags |= Packet::kLastOfFlow;
        if ((s.options & kReportTx) != 0) agents_->transmitted(host_, s.flow, s.seq, s.bytes, s.postTime);
    }
    if (!syn) flowStats_->sent(p->flow, p->seq, bytes);
    return p;
}

void Nic::receive(Packet* pkt) {
    if (tracer_ != nullptr) tracer_->nic(PacketTraceFile::kNicReceive, host_, pkt);
    switch (pkt->type) {
        case PACKET_TYPE_DATA:
            if (pkt->has(Packet::kSyn)) {
                receiveSyn(pkt);
            } else if ((pkt->flags & (Packet::kNoAck | Packet::kTrimmed | Packet::kReturned)) != 0) {
                reportPacket(pkt);
            } else {
                receiveData(pkt);
            }
            return;
        case PACKET_TYPE_SEGMENT_ACK: receiveAck(pkt); return;
        case PACKET_TYPE_CONTROL: receiveControl(pkt); return;
        case PACKET_TYPE_PFC: receivePfc(pkt); return;
    }
    throw cRuntimeError(this, "packet of unknown type %d", static_cast<int>(pkt->type));
}

// Counts the data and, on the segment's last packet, ACKs the segment if all of it
// arrived. A segment that lost a packet is not ACKed (completion-based transports
// have no retransmission under them: they rely on PFC).
void Nic::receiveData(Packet* pkt) {
    const int flow = pkt->flow;
    flowStats_->delivered(flow, pkt->seq, pkt->payload, simTime().raw());
    if (segmentInProgress_[flow] != pkt->segmentSeq) {
        segmentInProgress_[flow] = pkt->segmentSeq;
        segmentBytesSeen_[flow] = 0;
        ecnSinceAck_[flow] = false;
        intSinceAck_[flow] = 0;
    }
    segmentBytesSeen_[flow] += pkt->size();
    ecnSinceAck_[flow] = ecnSinceAck_[flow] || pkt->has(Packet::kEcnCe);
    intSinceAck_[flow] = std::max(intSinceAck_[flow], pkt->intMaxHopDelay);
    if (pkt->has(Packet::kLastOfSegment)) {
        if (segmentBytesSeen_[flow] == pkt->segmentBytes) {
            control_.push_back(makeAck(pkt, intSinceAck_[flow], ecnSinceAck_[flow]));
            trySend();
        }
        segmentInProgress_[flow] = -1;
    }
    delete pkt;
}

// A SYN is answered at once with an ACK carrying what this one packet saw (ECN,
// INT), without touching the flow's data accounting: the segment accumulators
// belong to the data segment that may be in progress. A SYN that a trimming port
// cut or sent back counts as lost: there is nothing of it to report.
void Nic::receiveSyn(Packet* pkt) {
    if ((pkt->flags & (Packet::kTrimmed | Packet::kReturned)) == 0) {
        Packet* a = makeAck(pkt, pkt->intMaxHopDelay, pkt->has(Packet::kEcnCe));
        a->flags |= Packet::kSyn;
        control_.push_back(a);
        trySend();
    }
    delete pkt;
}

// A packet without hardware ACK (or a trimmed or returned header): its host's agent hears of it.
void Nic::reportPacket(Packet* pkt) {
    const bool trimmed = pkt->has(Packet::kTrimmed);
    if (!trimmed) flowStats_->delivered(pkt->flow, pkt->seq, pkt->payload, simTime().raw());
    const int arrival = (trimmed ? HostEventSink::kTrimmed : 0) |
                      (pkt->has(Packet::kReturned) ? HostEventSink::kReturned : 0) |
                      (pkt->has(Packet::kLastOfFlow) ? HostEventSink::kLastOfFlow : 0) |
                      (pkt->has(Packet::kEcnCe) ? HostEventSink::kEcn : 0);
    agents_->packetArrival(host_, pkt->flow, pkt->seq, pkt->payload, pkt->path, arrival, pkt->intMaxHopDelay,
                           pkt->segmentSendTime, pkt->txTime);
    delete pkt;
}

// The ACK of a segment whose last packet is `data`, echoing what the segment saw.
Packet* Nic::makeAck(const Packet* data, int64_t intEcho, bool ecnEcho) {
    const int flow = data->flow;
    auto* a = new Packet();
    a->type = PACKET_TYPE_SEGMENT_ACK;
    a->trafficClass = ackClass_;
    a->flow = flow;
    a->src = host_;
    a->dst = data->src;
    a->setSize(ackBytes_);
    a->segmentSeq = data->segmentSeq;
    a->segmentBytes = data->segmentBytes;
    a->segmentSendTime = data->segmentSendTime;
    a->txTime = data->txTime;
    a->segmentTxStart = data->segmentTxStart;
    a->intEcho = intEcho;
    a->flags = ecnEcho ? Packet::kEcnEcho : 0;
    a->uid = static_cast<int64_t>(static_cast<uint64_t>(data->uid) | (uint64_t{1} << 63));
    a->copyHopsFrom(*data);  // HPCC: the ACK reflects the hop stack of the packet it answers
    return a;
}

// A segment's ACK: a completion for the agent and an RTT sample (a SYN-ACK is a
// completion only: its round trip carried no data), its network RTT from the
// segment's first packet onto the wire, its host RTT from the hand-over to the NIC.
void Nic::receiveAck(Packet* ack) {
    const int flow = ack->flow;
    const int32_t bytes = ack->segmentBytes;
    const int64_t sendTime = ack->segmentSendTime;
    const int64_t now = simTime().raw();
    const bool syn = ack->has(Packet::kSyn);
    if (!syn && now >= rttFromPs_) {
        recordRtt(flow, now, Units::segmentRttPs(ack->segmentTxStart, now, bytes, tx_.rateBps()),
                  Units::segmentRttPs(sendTime, now, bytes, tx_.rateBps()));
    }
    agents_->completion(host_, flow, ack->segmentSeq, bytes, sendTime, ack->txTime, ack->intEcho, ack->intMaxHopDelay,
                        ack->has(Packet::kEcnEcho), syn);
    for (int k = 0; k < ack->intHops; ++k) agents_->completionHop(host_, ack->hops[k]);
    delete ack;
}

// Java RttRecorder.record: samples count from the end of the warm-up. The `rtt`
// signal carries the host RTT.
void Nic::recordRtt(int flow, int64_t nowPs, int64_t networkRttPs, int64_t hostRttPs) {
    rttSamples_->record(nowPs, flow, networkRttPs, hostRttPs);
    emit(rttSignal_, static_cast<intval_t>(hostRttPs));
}

// An agent's control packet: its agent hears of it. An ACK echoing a send time
// (NDP echoes the data's) is also an RTT sample: its host RTT from that send time,
// its network RTT from the echoed TX time (the data packet's start onto the wire),
// or the host RTT when the agent echoed none.
void Nic::receiveControl(Packet* c) {
    const int64_t now = simTime().raw();
    if (c->controlKind == CONTROL_ACK && c->echoTime > 0 && now >= rttFromPs_) {
        const int64_t hostRtt = now - c->echoTime;
        recordRtt(c->flow, now, c->echoTxTime > 0 ? now - c->echoTxTime : hostRtt, hostRtt);
    }
    agents_->controlArrival(host_, c->flow, c->controlKind, c->seq, c->pullNumber, c->answeredPath, c->echoTime,
                            c->echoTxTime);
    delete c;
}

void Nic::receivePfc(Packet* frame) {
    const bool pause = frame->has(Packet::kPause);
    delete frame;
    if (pause) emit(pfcPauseReceivedSignal_, 1);
    dataPaused_ = pause;
    agents_->pfcChange(host_, kDataClass, pause);
    if (!pause) trySend();
}

}  // namespace cosim
