#include "SwitchPort.h"

#include <algorithm>
#include <utility>

#include "FlowStats.h"
#include "PacketTracer.h"
#include "QueueMonitor.h"
#include "SwitchCore.h"
#include "Units.h"

using namespace omnetpp;

namespace cosim {

SwitchPort::~SwitchPort() {
    for (Packet* p : macControl_) delete p;
}

void SwitchPort::initialize(int stage) {
    if (stage != 0) return;
    tx_.attach(this, gate("out"));
    droppedSignal_ = registerSignal("dropped");
    ecnMarkedSignal_ = registerSignal("ecnMarked");
    queueLengthSignal_ = registerSignal("queueLength");
    pauseReceivedSignal_ = registerSignal("pauseReceived");
    trimmedSignal_ = registerSignal("trimmed");
    returnedToSenderSignal_ = registerSignal("returnedToSender");
}

void SwitchPort::configure(const PortContext& ctx, const HardwareSpec& hw) {
    Enter_Method_Silent();
    ctx_ = ctx;
    intQuantize_ = hw.int_quantize();
    hopRecords_ = ctx.intOn && hw.int_hop_records();
    configureDiscipline(hw);
}

void SwitchPort::monitor(QueueMonitor* m) {
    Enter_Method_Silent();
    monitor_ = m;
}

bool SwitchPort::offer(Packet* pkt) {
    Enter_Method_Silent();
    take(pkt);
    return admit(pkt);
}

void SwitchPort::sendPfcFrame(Packet* frame) {
    Enter_Method_Silent();
    take(frame);
    macControl_.push_back(frame);
    trySend();
}

void SwitchPort::setPaused(int trafficClass, bool paused) {
    Enter_Method_Silent();
    if (paused) emit(pauseReceivedSignal_, 1);
    paused_[trafficClass] = paused;
    if (!paused) trySend();
}

void SwitchPort::handleMessage(cMessage* msg) {
    if (!tx_.isTxDone(msg)) {
        throw cRuntimeError(this, "unexpected message (%s)%s: a switch port only hears its own transmissions end",
                            msg->getClassName(), msg->getName());
    }
    // Java Switch.handle(TX_DONE): the port's own bookkeeping, then the switch's PFC accounting.
    const LinkTransmitter::Sent sent = tx_.finish();
    Packet* lost = tx_.takeLost();  // sent on a down link: dropped after the accounting, as in Java
    if (sent.type != PACKET_TYPE_PFC) departed(sent);
    trySend();
    ctx_.core->departed(sent);
    if (lost != nullptr) drop(lost);
}

void SwitchPort::drop(Packet* pkt) {
    traceStep(PacketTraceFile::kDrop, pkt);
    emit(droppedSignal_, static_cast<intval_t>(pkt->size()));
    if (pkt->type == PACKET_TYPE_DATA) ctx_.flowStats->dropped(pkt->flow, pkt->payload);
    delete pkt;
}

void SwitchPort::trim(Packet* pkt, int32_t headerBytes) {
    pkt->setSize(headerBytes);
    pkt->flags |= Packet::kTrimmed;
    pkt->trafficClass = kControlClass;
    emit(trimmedSignal_, 1);
    traceStep(PacketTraceFile::kTrim, pkt);
}

void SwitchPort::returnToSender(Packet* pkt) {
    std::swap(pkt->src, pkt->dst);
    pkt->flags |= Packet::kReturned;
    emit(returnedToSenderSignal_, 1);
    traceStep(PacketTraceFile::kReturn, pkt);
    ctx_.core->forward(pkt);
}

void SwitchPort::ecnMarked() { emit(ecnMarkedSignal_, 1); }

void SwitchPort::enqueued(Packet* pkt) {
    pkt->enqueueTime = simTime().raw();
    traceStep(PacketTraceFile::kEnqueue, pkt);
    queueChanged();
    trySend();
}

void SwitchPort::trySend() {
    if (tx_.busy()) return;
    if (!macControl_.empty()) {
        Packet* f = macControl_.front();
        macControl_.pop_front();
        tx_.start(f);
        return;
    }
    Packet* pkt = dequeue();
    if (pkt == nullptr) return;
    queueChanged();
    if (ctx_.intOn) {
        const int64_t delay = Units::intField(simTime().raw() - pkt->enqueueTime, intQuantize_);
        pkt->intMaxHopDelay = std::max(pkt->intMaxHopDelay, delay);
        if (hopRecords_ && pkt->type == PACKET_TYPE_DATA) {
            // HPCC's record (Java SwitchPort.trySend): the queue left behind, the bytes this
            // port sent before the packet (every packet, PFC frames too), now, the rate.
            pkt->pushHop(queuedBytes(), tx_.bytesSent(), simTime().raw(), tx_.rateBps());
        }
    }
    traceStep(PacketTraceFile::kTransmit, pkt);
    tx_.start(pkt);
}

void SwitchPort::traceStep(uint8_t event, const Packet* pkt) {
    if (ctx_.tracer != nullptr) ctx_.tracer->port(event, ctx_.switchId, getIndex(), pkt, queuedBytes());
}

void SwitchPort::queueChanged() {
    const int64_t q = queuedBytes();
    if (monitor_ != nullptr) monitor_->update(simTime().raw(), q);
    emit(queueLengthSignal_, static_cast<intval_t>(q));
}

}  // namespace cosim
