#include "PriorityPort.h"

using namespace omnetpp;

namespace cosim {

Define_Module(PriorityPort);

PriorityPort::~PriorityPort() {
    for (auto& q : queues_) {
        for (Packet* p : q) delete p;
    }
}

void PriorityPort::configureDiscipline(const HardwareSpec& hw) {
    portCapBytes_ = static_cast<int64_t>(hw.port_buffer_bytes());
    ecnThresholdBytes_ = hw.ecn_threshold_bytes();
}

bool PriorityPort::admit(Packet* pkt) {
    const int32_t bytes = pkt->size();
    if (bufferedBytes_ + bytes > portCapBytes_ || !ctx_.buffer->tryReserve(bytes)) {
        drop(pkt);
        return false;
    }
    const int c = pkt->trafficClass;
    if (c == kDataClass && ecnThresholdBytes_ >= 0 && queuedBytes_[c] >= ecnThresholdBytes_) {
        pkt->flags |= Packet::kEcnCe;
        ecnMarked();
    }
    queues_[c].push_back(pkt);
    queuedBytes_[c] += bytes;
    bufferedBytes_ += bytes;
    enqueued(pkt);
    return true;
}

Packet* PriorityPort::dequeue() {
    for (int c = 0; c < kClassCount; ++c) {
        if (!isPaused(c) && !queues_[c].empty()) {
            Packet* pkt = queues_[c].front();
            queues_[c].pop_front();
            queuedBytes_[c] -= pkt->size();
            return pkt;
        }
    }
    return nullptr;
}

void PriorityPort::departed(const LinkTransmitter::Sent& sent) {
    bufferedBytes_ -= sent.bytes;
    ctx_.buffer->release(sent.bytes);
}

}  // namespace cosim
