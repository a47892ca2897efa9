#include "NdpPort.h"

#include "IdentityHash.h"

using namespace omnetpp;

namespace cosim {

Define_Module(NdpPort);

NdpPort::~NdpPort() {
    for (Packet* p : data_) delete p;
    for (Packet* p : headers_) delete p;
}

void NdpPort::configureDiscipline(const HardwareSpec& hw) {
    if (!hw.has_ndp()) {
        throw cRuntimeError(this, "the RunSpec of an \"ndp\" discipline carries no NdpQueueSpec");
    }
    const NdpQueueSpec& q = hw.ndp();
    dataQueueBytes_ = static_cast<int64_t>(q.data_queue_bytes());
    headerQueueBytes_ = static_cast<int64_t>(q.header_queue_bytes());
    headerWeight_ = static_cast<int>(q.header_weight());
    dataWeight_ = static_cast<int>(q.data_weight());
    strictPriority_ = q.strict_priority();
    returnToSender_ = q.return_to_sender();
    trimmedBytes_ = static_cast<int32_t>(q.trimmed_bytes());
    trimTail_ = q.trim_tail();
}

// True when the packet is queued here; false when it was trimmed and returned
// elsewhere, or dropped (Java NdpPort.offer).
bool NdpPort::admit(Packet* pkt) { return isUntrimmedData(pkt->type, pkt->flags) ? offerData(pkt) : offerHeader(pkt); }

bool NdpPort::offerData(Packet* pkt) {
    const int32_t size = pkt->size();
    if (dataHeld_ + size <= dataQueueBytes_) {
        enqueueData(pkt);
        return true;
    }
    // The coin is flipped only when taking the tail would make room (Java evaluates
    // the same conditions in the same order; the coin has no side effect anyway).
    if (trimTail_ && !data_.empty() && dataHeld_ - data_.back()->size() + size <= dataQueueBytes_ &&
        IdentityHash::trimTail(ctx_.seed, ctx_.switchId, getIndex(), pkt->uid)) {
        Packet* tail = data_.back();
        data_.pop_back();
        dataHeld_ -= tail->size();
        dataWaiting_ -= tail->size();
        enqueueData(pkt);
        trimAndOffer(tail);
        return true;
    }
    return trimAndOffer(pkt);
}

bool NdpPort::trimAndOffer(Packet* pkt) {
    trim(pkt, trimmedBytes_);
    return offerHeader(pkt);
}

bool NdpPort::offerHeader(Packet* pkt) {
    const int32_t size = pkt->size();
    if (headerHeld_ + size <= headerQueueBytes_) {
        headers_.push_back(pkt);
        headerHeld_ += size;
        headerWaiting_ += size;
        enqueued(pkt);
        return true;
    }
    if (returnToSender_ && pkt->type == PACKET_TYPE_DATA && !pkt->has(Packet::kReturned)) {
        returnToSender(pkt);
    } else {
        drop(pkt);
    }
    return false;
}

void NdpPort::enqueueData(Packet* pkt) {
    data_.push_back(pkt);
    dataHeld_ += pkt->size();
    dataWaiting_ += pkt->size();
    enqueued(pkt);
}

Packet* NdpPort::dequeue() {
    const bool h = !headers_.empty();
    const bool d = !data_.empty();
    if (!h && !d) return nullptr;
    if (strictPriority_) return h ? pollHeader() : pollData();
    bool wantH = h && headersThisRound_ < headerWeight_;
    const bool wantD = d && dataThisRound_ < dataWeight_;
    if (!wantH && !wantD) {
        headersThisRound_ = 0;
        dataThisRound_ = 0;
        wantH = h;
    }
    if (wantH) {
        headersThisRound_++;
        return pollHeader();
    }
    dataThisRound_++;
    return pollData();
}

Packet* NdpPort::pollHeader() {
    Packet* pkt = headers_.front();
    headers_.pop_front();
    headerWaiting_ -= pkt->size();
    return pkt;
}

Packet* NdpPort::pollData() {
    Packet* pkt = data_.front();
    data_.pop_front();
    dataWaiting_ -= pkt->size();
    return pkt;
}

void NdpPort::departed(const LinkTransmitter::Sent& sent) {
    if (isUntrimmedData(sent.type, sent.flags)) {
        dataHeld_ -= sent.bytes;
    } else {
        headerHeld_ -= sent.bytes;
    }
}

}  // namespace cosim
