#include "LinkTransmitter.h"

#include "IdentityHash.h"
#include "LinkChannel.h"
#include "Units.h"

using namespace omnetpp;

namespace cosim {

void LinkTransmitter::attach(cSimpleModule* owner, cGate* out) {
    owner_ = owner;
    out_ = out;
    channel_ = dynamic_cast<const LinkChannel*>(out->findTransmissionChannel());
    if (channel_ == nullptr) {
        throw cRuntimeError(owner, "gate %s must connect through a cosim.fabric.LinkChannel (it %s)",
                            out->getFullName(),
                            out->findTransmissionChannel() ? "uses another channel type" : "has no transmission channel");
    }
    delayPs_ = channel_->delayPs();
    txDone_ = new cMessage("txDone");
}

LinkTransmitter::~LinkTransmitter() {
    if (owner_ != nullptr && txDone_ != nullptr) owner_->cancelAndDelete(txDone_);
    delete inFlightLost_;
}

void LinkTransmitter::start(Packet* pkt) {
    if (busy_) throw cRuntimeError(owner_, "transmitter busy: a packet was started on a busy link");
    busy_ = true;
    const int32_t bytes = pkt->size();
    inFlight_ = Sent{pkt->type, pkt->trafficClass, bytes, pkt->ingressPort, pkt->flags};
    const simtime_t end = simTime() + SimTime::fromRaw(Units::serializationPs(bytes, rateBps()));
    // Only TX_DONE moves: the gap delays the NIC's next packet, not this one's arrival.
    const int64_t gapPs = gapMaxPs_ > 0 && pkt->type == PACKET_TYPE_DATA
                              ? IdentityHash::txGapPs(gapSeed_, gapHost_, pkt->uid, gapMaxPs_)
                              : 0;
    owner_->scheduleAt(end + SimTime::fromRaw(gapPs), txDone_);
    if (channel_->down()) {
        inFlightLost_ = pkt;  // Java: no arrival is scheduled
    } else {
        owner_->send(pkt, out_);
    }
    bytesSent_ += bytes;
    packetsSent_++;
}

int64_t LinkTransmitter::rateBps() const { return channel_->currentRateBps(); }

LinkTransmitter::Sent LinkTransmitter::finish() {
    busy_ = false;
    return inFlight_;
}

Packet* LinkTransmitter::takeLost() {
    Packet* p = inFlightLost_;
    inFlightLost_ = nullptr;
    return p;
}

}  // namespace cosim
