#include "CutPayloadPort.h"

using namespace omnetpp;

namespace cosim {

Define_Module(CutPayloadPort);

CutPayloadPort::~CutPayloadPort() {
    for (Packet* p : fifo_) delete p;
}

void CutPayloadPort::configureDiscipline(const HardwareSpec& hw) {
    if (!hw.has_cut_payload()) {
        throw cRuntimeError(this, "the RunSpec of a \"cut_payload\" discipline carries no CutPayloadSpec");
    }
    const CutPayloadSpec& q = hw.cut_payload();
    queueBytes_ = static_cast<int64_t>(q.queue_bytes());
    trimThresholdBytes_ = static_cast<int64_t>(q.trim_threshold_bytes());
    trimmedBytes_ = static_cast<int32_t>(q.trimmed_bytes());
}

// True when the packet is queued here; false when it was dropped (Java
// CutPayloadPort.offer). A packet trimmed here is still checked against the queue
// budget at its trimmed size: a header may fit where its data did not.
bool CutPayloadPort::admit(Packet* pkt) {
    if (isUntrimmedData(pkt->type, pkt->flags) && held_ + pkt->size() > trimThresholdBytes_) {
        trim(pkt, trimmedBytes_);
    }
    const int32_t size = pkt->size();
    if (held_ + size > queueBytes_) {
        drop(pkt);
        return false;
    }
    fifo_.push_back(pkt);
    held_ += size;
    waiting_ += size;
    enqueued(pkt);
    return true;
}

Packet* CutPayloadPort::dequeue() {
    if (fifo_.empty()) return nullptr;
    Packet* pkt = fifo_.front();
    fifo_.pop_front();
    waiting_ -= pkt->size();
    return pkt;
}

// The packet keeps the size it was queued at (trimming happens before queueing),
// so the bytes that leave are the bytes admission added.
void CutPayloadPort::departed(const LinkTransmitter::Sent& sent) { held_ -= sent.bytes; }

}  // namespace cosim
