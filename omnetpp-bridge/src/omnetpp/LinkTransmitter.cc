#include "LinkTransmitter.h"

#include "IdentityHash.h"
#include "LinkChannel.h"
#include "NodeRank.h"
#include "Units.h"

using namespace omnetpp;

namespace cosim {

int64_t LinkTransmitter::sentToOtherPartitions_ = 0;
int64_t LinkTransmitter::sentArrivingLate_ = 0;
int64_t LinkTransmitter::arrivingFromPs_ = INT64_MAX;

void LinkTransmitter::attach(cSimpleModule* owner, cGate* out) {
    owner_ = owner;
    ownerRank_ = NodeRank::of(owner);
    out_ = out;
    channel_ = dynamic_cast<const LinkChannel*>(out->findTransmissionChannel());
    if (channel_ == nullptr) {
        throw cRuntimeError(owner, "gate %s must connect through a cosim.fabric.LinkChannel (it %s)",
                            out->getFullName(),
                            out->findTransmissionChannel() ? "uses another channel type" : "has no transmission channel");
    }
    delayPs_ = channel_->delayPs();
    // The connection's end (a Nic's port$i, a SwitchCore's in[k]) names the peer and
    // the index of its direct gate.
    txDone_ = new cMessage("txDone");
    cGate* end = out->getPathEndGate();
    cModule* peer = end->getOwnerModule();
    if (peer->isPlaceholder()) return;  // another partition's: through the gate, which OMNeT++ carries there
    if (!peer->hasGate("direct")) {
        throw cRuntimeError(owner, "gate %s leads to %s, which has no `direct` gate for packets", out->getFullName(),
                            peer->getFullPath().c_str());
    }
    peer_ = end->isVector() ? peer->gate("direct", end->getIndex()) : peer->gate("direct");
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
    const simtime_t serialization = SimTime::fromRaw(Units::serializationPs(bytes, rateBps()));
    const simtime_t end = simTime() + serialization;
    // Only TX_DONE moves: the gap delays the NIC's next packet, not this one's arrival.
    const int64_t gapPs = gapMaxPs_ > 0 && pkt->type == PACKET_TYPE_DATA
                              ? IdentityHash::txGapPs(gapSeed_, gapHost_, pkt->uid, gapMaxPs_)
                              : 0;
    owner_->scheduleAt(end + SimTime::fromRaw(gapPs), txDone_);
    pkt->senderRank = ownerRank_;
    if (channel_->down()) {
        inFlightLost_ = pkt;  // Java: no arrival is scheduled
    } else {
        if (peer_ != nullptr) {
            owner_->sendDirect(pkt, SimTime::fromRaw(delayPs_), serialization, peer_);
        } else {
            owner_->send(pkt, out_);  // LinkChannel::processMessage gives the same delay and duration
            ++sentToOtherPartitions_;
            if ((end + SimTime::fromRaw(delayPs_)).raw() >= arrivingFromPs_) ++sentArrivingLate_;
        }
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
